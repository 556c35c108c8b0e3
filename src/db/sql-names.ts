/** A table or column name as an SQL identifier, quoted (SQLite and PostgreSQL both take double quotes). */
export const quotedName = (name: string): string => `"${name.replaceAll('"', '""')}"`;

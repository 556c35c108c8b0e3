/**
 * Inserting many rows of one entity at once, for the one table written on every provider call: the
 * execution records (src/tools/execution-recorder.ts batches them). MikroORM's insertMany inlines
 * every value into one long statement, which the database then parses afresh each time. Measured
 * on this machine, 200-row batches into a table of a few hundred thousand rows, CPU per row:
 * - SQLite: 24-30 us through MikroORM, 15 us as one statement with bound parameters, 7 us as a
 *   prepared statement kept on the connection. So statements for chunks of 200, 50, 10 and 1 rows
 *   are prepared once per connection and a batch runs them in one transaction.
 * - PostgreSQL: 27-30 us in Node through MikroORM (and about as much again in the server), 10-13 us
 *   as `insert ... select * from unnest($1::type[], ...)`: one array parameter per column, a short
 *   statement whatever the number of rows, and the server's time per row halves too.
 * Columns, their names and database types come from the entity's metadata, so the entity stays
 * their single source; values go in as the ORM writes them (on SQLite, a Date as epoch
 * milliseconds and a boolean as 0/1).
 */
import { type EntityName, type MikroORM, type EntityProperty, Utils } from '@mikro-orm/core';
import { AbstractSqlConnection, type Knex } from '@mikro-orm/postgresql';
import type { Database, Statement } from 'better-sqlite3';

export type BulkInsert<T> = (rows: readonly T[]) => Promise<void>;

/** Row counts a SQLite batch is cut into, largest first; each has one prepared statement. */
const SQLITE_CHUNKS = [200, 50, 10, 1] as const;

type SqlValue = string | number | boolean | Date | null;

interface Columns<T> {
  table: string;
  names: string[];
  /** The database's type of each column (PostgreSQL: the cast of its unnest array). */
  types: string[];
  props: (keyof T & string)[];
}

function columnsOf<T>(orm: MikroORM, entity: EntityName<T>): Columns<T> {
  const meta = orm.getMetadata().get<T>(Utils.className(entity));
  const props = meta.props.filter((p: EntityProperty<T>) => p.kind === 'scalar' && p.persist !== false && p.fieldNames.length === 1);
  return {
    table: meta.tableName,
    names: props.map((p) => p.fieldNames[0]!),
    types: props.map((p) => p.columnTypes[0]!),
    props: props.map((p) => p.name),
  };
}

function knexOf(orm: MikroORM): Knex {
  const connection = orm.em.getConnection();
  if (!(connection instanceof AbstractSqlConnection)) throw new Error('bulk inserts need an SQL database');
  return connection.getKnex();
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** As the ORM stores it in SQLite: better-sqlite3 binds neither Dates nor booleans. */
function sqliteValue(v: unknown): SqlValue {
  if (v instanceof Date) return v.getTime();
  if (typeof v === 'boolean') return v ? 1 : 0;
  return (v ?? null) as SqlValue;
}

function sqliteInsert<T>(orm: MikroORM, entity: EntityName<T>): BulkInsert<T> {
  let columns: Columns<T> | undefined;
  // Per connection: a statement is prepared on the connection it runs on.
  const prepared = new WeakMap<Database, (rows: readonly T[]) => void>();

  function prepare(db: Database, c: Columns<T>): (rows: readonly T[]) => void {
    const tuple = `(${c.names.map(() => '?').join(', ')})`;
    const head = `insert into ${quoted(c.table)} (${c.names.map(quoted).join(', ')}) values `;
    const statements = new Map<number, Statement>(SQLITE_CHUNKS.map((n) => [n, db.prepare(head + Array(n).fill(tuple).join(', '))]));
    return db.transaction((rows: readonly T[]) => {
      let at = 0;
      for (const size of SQLITE_CHUNKS) {
        const statement = statements.get(size)!;
        for (; rows.length - at >= size; at += size) {
          const values: SqlValue[] = [];
          for (let i = at; i < at + size; i++) for (const p of c.props) values.push(sqliteValue(rows[i]![p]));
          statement.run(values);
        }
      }
    });
  }

  return async (rows) => {
    if (rows.length === 0) return;
    columns ??= columnsOf(orm, entity);
    const client = knexOf(orm).client;
    // The pool's connection, held for the synchronous batch: no other query interleaves with it.
    const db: Database = await client.acquireConnection();
    try {
      let insert = prepared.get(db);
      if (!insert) prepared.set(db, (insert = prepare(db, columns)));
      insert(rows);
    } finally {
      await client.releaseConnection(db);
    }
  };
}

function postgresInsert<T>(orm: MikroORM, entity: EntityName<T>): BulkInsert<T> {
  let statement: { sql: string; columns: Columns<T> } | undefined;
  return async (rows) => {
    if (rows.length === 0) return;
    if (!statement) {
      const c = columnsOf(orm, entity);
      const arrays = c.types.map((t) => `?::${t}[]`).join(', ');
      statement = { sql: `insert into ${quoted(c.table)} (${c.names.map(quoted).join(', ')}) select * from unnest(${arrays})`, columns: c };
    }
    const { sql, columns } = statement;
    // One array per column; pg writes each as an array literal (quoting and escaping included).
    const arrays = columns.props.map((p) => rows.map((row) => (row[p] ?? null) as SqlValue));
    await knexOf(orm).raw(sql, arrays);
  };
}

export function createBulkInsert<T>(orm: MikroORM, isPostgres: boolean, entity: EntityName<T>): BulkInsert<T> {
  return isPostgres ? postgresInsert(orm, entity) : sqliteInsert(orm, entity);
}

/**
 * Inserting many rows of one entity at once, for the one table written on every provider call: the
 * execution records (src/tools/execution-recorder.ts batches them). MikroORM's insertMany inlines
 * every value into one long statement, which the database then parses afresh each time. CPU per
 * row, each step measured (docs/internals/performance.md#execution-records):
 * - SQLite: a prepared statement kept on the connection is the cheapest, then one statement with
 *   bound parameters, then MikroORM. So statements for chunks of 200, 50, 10 and 1 rows are
 *   prepared once per connection and a batch runs them in one transaction, on a thread with a
 *   connection of its own (sqlite-insert-thread.ts says why).
 * - PostgreSQL: `insert ... select * from unnest($1::type[], ...)`: one array parameter per
 *   column, a short statement whatever the number of rows; less CPU per row in Node and in the
 *   server than through MikroORM.
 * Columns, their names and database types come from the entity's metadata, so the entity stays
 * their single source; values go in as the ORM writes them (on SQLite, a Date as epoch
 * milliseconds and a boolean as 0/1).
 */
import { type EntityName, type MikroORM, type EntityProperty, Utils } from '@mikro-orm/core';
import { AbstractSqlConnection, type Knex } from '@mikro-orm/postgresql';
import type { DatabaseConfig } from '../config.js';
import { quotedName } from './sql-names.js';
import { startInsertThread, type InsertThread } from './sqlite-insert-thread.js';
import type { SqliteValue } from './sqlite-thread.js';

export type BulkInsert<T> = (rows: readonly T[]) => Promise<void>;

/** A bulk insert and what it holds open (the SQLite insert thread). */
export interface BulkInserter<T> {
  insert: BulkInsert<T>;
  close(): Promise<void>;
}

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

/** As the ORM stores it in SQLite: better-sqlite3 binds neither Dates nor booleans. */
function sqliteValue(v: unknown): SqliteValue {
  if (v instanceof Date) return v.getTime();
  if (typeof v === 'boolean') return v ? 1 : 0;
  return (v ?? null) as SqliteValue;
}

/** The rows' values one after another, each row in the order of the columns. */
function flatten<T>(rows: readonly T[], c: Columns<T>): SqliteValue[] {
  const values: SqliteValue[] = [];
  for (const row of rows) for (const p of c.props) values.push(sqliteValue(row[p]));
  return values;
}

function sqliteInsert<T>(orm: MikroORM, database: DatabaseConfig, entity: EntityName<T>): BulkInserter<T> {
  let columns: Columns<T> | undefined;
  let thread: InsertThread | undefined;
  return {
    insert: async (rows) => {
      if (rows.length === 0) return;
      const c = (columns ??= columnsOf(orm, entity));
      thread ??= startInsertThread({ file: database.url, busyTimeoutMs: database.statementTimeoutMs, table: c.table, columns: c.names });
      await thread.insert(flatten(rows, c), rows.length);
    },
    close: async () => thread?.close(),
  };
}

function postgresInsert<T>(orm: MikroORM, entity: EntityName<T>): BulkInserter<T> {
  let statement: { sql: string; columns: Columns<T> } | undefined;
  return {
    insert: async (rows) => {
      if (rows.length === 0) return;
      if (!statement) {
        const c = columnsOf(orm, entity);
        const arrays = c.types.map((t) => `?::${t}[]`).join(', ');
        statement = {
          sql: `insert into ${quotedName(c.table)} (${c.names.map(quotedName).join(', ')}) select * from unnest(${arrays})`,
          columns: c,
        };
      }
      const { sql, columns } = statement;
      // One array per column; pg writes each as an array literal (quoting and escaping included).
      const arrays = columns.props.map((p) => rows.map((row) => (row[p] ?? null) as SqlValue));
      await knexOf(orm).raw(sql, arrays);
    },
    close: async () => undefined,
  };
}

export function createBulkInsert<T>(orm: MikroORM, database: DatabaseConfig, entity: EntityName<T>): BulkInserter<T> {
  return database.kind === 'postgresql' ? postgresInsert(orm, entity) : sqliteInsert(orm, database, entity);
}

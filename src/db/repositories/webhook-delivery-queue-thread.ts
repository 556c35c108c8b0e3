/**
 * The SQLite delivery queue's thread (webhook-delivery-queue.ts starts it through sqlite-thread.ts):
 * its own connection to the database file, with the pool's foreign-key checks, serving the queue's
 * statements (webhook-delivery-queue-sqlite.ts).
 */
import { serveSqliteThread } from '../sqlite-thread-serve.js';
import { sqliteQueueStatements, type SqliteQueueRequest, type SqliteQueueResult } from './webhook-delivery-queue-sqlite.js';

serveSqliteThread<SqliteQueueRequest, SqliteQueueResult>('the webhook delivery queue', (connection) => {
  connection.pragma('foreign_keys = ON');
  return sqliteQueueStatements(connection);
});

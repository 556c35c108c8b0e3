import { Migration } from '@mikro-orm/migrations';

/** No query reads execution records by connection; the index only cost every recorded call a write. */
export class Migration20261126110000_drop_execution_connection_index extends Migration {
  override async up(): Promise<void> {
    this.addSql(`drop index "tool_executions_connection_id_index";`);
  }
}

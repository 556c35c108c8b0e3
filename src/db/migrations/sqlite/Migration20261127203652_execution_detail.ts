import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 32: every call recorded (refusals too) with its end user, outcome, error message and request id;
 * the redacted arguments and response body in execution_details; an index per console filter.
 * Rows recorded before this get the outcome their status gave.
 */
export class Migration20261127203652_execution_detail extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table \`execution_details\` (\`id\` text not null, \`project_id\` text not null, \`input\` text null, \`response\` text null, \`created_at\` datetime not null, primary key (\`id\`));`,
    );

    this.addSql(`alter table \`tool_executions\` add column \`entity_id\` text null;`);
    this.addSql(
      `alter table \`tool_executions\` add column \`outcome\` text check (\`outcome\` in ('succeeded', 'failed', 'error', 'refused')) not null default 'succeeded';`,
    );
    this.addSql(`alter table \`tool_executions\` add column \`error_message\` text null;`);
    this.addSql(`alter table \`tool_executions\` add column \`request_id\` text null;`);
    this.addSql(
      `update \`tool_executions\` set \`outcome\` = case when \`successful\` = 1 then 'succeeded' when \`status\` > 0 then 'failed' else 'error' end;`,
    );
    this.addSql(
      `create index \`tool_executions_project_id_entity_id_created_at_index\` on \`tool_executions\` (\`project_id\`, \`entity_id\`, \`created_at\`);`,
    );
    this.addSql(
      `create index \`tool_executions_project_id_tool_slug_created_at_index\` on \`tool_executions\` (\`project_id\`, \`tool_slug\`, \`created_at\`);`,
    );
    this.addSql(
      `create index \`tool_executions_project_id_toolkit_slug_created_at_index\` on \`tool_executions\` (\`project_id\`, \`toolkit_slug\`, \`created_at\`);`,
    );
    this.addSql(
      `create index \`tool_executions_project_id_outcome_created_at_index\` on \`tool_executions\` (\`project_id\`, \`outcome\`, \`created_at\`);`,
    );
  }
}

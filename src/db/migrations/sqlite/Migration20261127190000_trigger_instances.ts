import { Migration } from '@mikro-orm/migrations';

/** Trigger instances (issue 29): a trigger set up for one connection with one config; see src/triggers/. */
export class Migration20261127190000_trigger_instances extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table \`trigger_instances\` (\`id\` text not null, \`project_id\` text not null, \`trigger_slug\` text not null, \`toolkit_slug\` text not null, \`connection_id\` text not null, \`auth_config_id\` text not null, \`entity_id\` text not null, \`config\` json not null, \`config_hash\` text not null, \`enabled\` integer not null default true, \`disabled_at\` datetime null, \`disabled_reason\` text null, \`disabled_by\` text check (\`disabled_by\` in ('user', 'system')) null, \`created_at\` datetime not null, \`updated_at\` datetime not null, primary key (\`id\`));`,
    );
    this.addSql(
      `create index \`trigger_instances_project_id_created_at_id_index\` on \`trigger_instances\` (\`project_id\`, \`created_at\`, \`id\`);`,
    );
    this.addSql(
      `create index \`trigger_instances_connection_id_enabled_index\` on \`trigger_instances\` (\`connection_id\`, \`enabled\`);`,
    );
    this.addSql(
      `create unique index \`trigger_instances_project_id_trigger_slug_connection_id_config_hash_unique\` on \`trigger_instances\` (\`project_id\`, \`trigger_slug\`, \`connection_id\`, \`config_hash\`);`,
    );
  }
}

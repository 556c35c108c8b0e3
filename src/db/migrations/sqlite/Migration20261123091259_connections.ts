import { Migration } from '@mikro-orm/migrations';

export class Migration20261123091259_connections extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table \`auth_configs\` (\`id\` text not null, \`project_id\` text not null, \`toolkit_slug\` text not null, \`auth_method_id\` text not null, \`auth_method_kind\` text not null, \`name\` text not null, \`is_managed\` integer not null, \`client_id\` text null, \`has_client_secret\` integer not null default false, \`restrict_to_tools\` json null, \`scopes\` json null, \`disabled\` integer not null default false, \`created_at\` datetime not null, \`updated_at\` datetime not null, primary key (\`id\`));`,
    );
    this.addSql(`create index \`auth_configs_project_id_toolkit_slug_index\` on \`auth_configs\` (\`project_id\`, \`toolkit_slug\`);`);

    this.addSql(
      `create table \`connections\` (\`id\` text not null, \`project_id\` text not null, \`auth_config_id\` text not null, \`toolkit_slug\` text not null, \`auth_method_id\` text not null, \`auth_method_kind\` text not null, \`entity_id\` text not null, \`status\` text check (\`status\` in ('INITIATED', 'PENDING', 'ACTIVE', 'FAILED', 'EXPIRED', 'REVOKED')) not null, \`status_reason\` text null, \`disabled\` integer not null default false, \`alias\` text null, \`requested_scopes\` json null, \`granted_scopes\` json null, \`connection_config\` json null, \`callback_redirect_url\` text null, \`state_nonce\` text null, \`state_expires_at\` datetime null, \`token_expires_at\` datetime null, \`last_refreshed_at\` datetime null, \`created_at\` datetime not null, \`updated_at\` datetime not null, primary key (\`id\`));`,
    );
    this.addSql(
      `create index \`connections_project_id_entity_id_toolkit_slug_index\` on \`connections\` (\`project_id\`, \`entity_id\`, \`toolkit_slug\`);`,
    );
    this.addSql(`create index \`connections_project_id_auth_config_id_index\` on \`connections\` (\`project_id\`, \`auth_config_id\`);`);
    this.addSql(`create index \`connections_project_id_created_at_index\` on \`connections\` (\`project_id\`, \`created_at\`);`);

    this.addSql(
      `create table \`tool_executions\` (\`id\` text not null, \`project_id\` text not null, \`connection_id\` text not null, \`kind\` text check (\`kind\` in ('tool', 'proxy')) not null, \`tool_slug\` text null, \`toolkit_slug\` text not null, \`status\` integer not null, \`successful\` integer not null, \`duration_ms\` integer not null, \`error_code\` text null, \`created_at\` datetime not null, primary key (\`id\`));`,
    );
    this.addSql(`create index \`tool_executions_project_id_created_at_index\` on \`tool_executions\` (\`project_id\`, \`created_at\`);`);
    this.addSql(`create index \`tool_executions_connection_id_index\` on \`tool_executions\` (\`connection_id\`);`);

    this.addSql(
      `create table \`vault_secrets\` (\`id\` text not null, \`owner_type\` text not null, \`owner_id\` text not null, \`name\` text not null, \`key_id\` text not null, \`sealed\` text not null, \`version\` integer not null default 1, \`created_at\` datetime not null, \`updated_at\` datetime not null, primary key (\`id\`));`,
    );
    this.addSql(`create index \`vault_secrets_key_id_index\` on \`vault_secrets\` (\`key_id\`);`);
    this.addSql(`create index \`vault_secrets_owner_id_index\` on \`vault_secrets\` (\`owner_id\`);`);
    this.addSql(
      `create unique index \`vault_secrets_owner_type_owner_id_name_unique\` on \`vault_secrets\` (\`owner_type\`, \`owner_id\`, \`name\`);`,
    );
  }
}

import { Migration } from '@mikro-orm/migrations';

export class Migration20261124220049_connection_list_indexes extends Migration {
  override async up(): Promise<void> {
    this.addSql(`drop index \`connections_project_id_created_at_index\`;`);

    this.addSql(`create index \`connections_project_id_created_at_id_index\` on \`connections\` (\`project_id\`, \`created_at\`, \`id\`);`);
    this.addSql(`create index \`connections_project_id_updated_at_id_index\` on \`connections\` (\`project_id\`, \`updated_at\`, \`id\`);`);
    this.addSql(
      `create index \`connections_project_id_toolkit_slug_created_at_index\` on \`connections\` (\`project_id\`, \`toolkit_slug\`, \`created_at\`);`,
    );
    this.addSql(
      `create index \`connections_project_id_status_disabled_created_at_index\` on \`connections\` (\`project_id\`, \`status\`, \`disabled\`, \`created_at\`);`,
    );
    this.addSql(`create index \`connections_auth_config_id_index\` on \`connections\` (\`auth_config_id\`);`);
    this.addSql(`create index \`connections_status_state_expires_at_index\` on \`connections\` (\`status\`, \`state_expires_at\`);`);
  }
}

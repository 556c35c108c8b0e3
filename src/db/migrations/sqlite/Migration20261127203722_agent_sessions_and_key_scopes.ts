import { Migration } from '@mikro-orm/migrations';

/** Agent sessions (hashed tokens for one end user) and API key scopes and expiry; existing keys keep every scope (null). */
export class Migration20261127203722_agent_sessions_and_key_scopes extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table \`agent_sessions\` (\`id\` text not null, \`project_id\` text not null, \`organization_id\` text not null, \`entity_id\` text not null, \`toolkits\` text null, \`tools\` text null, \`hash\` text not null, \`start\` text not null, \`created_by_api_key_id\` text null, \`created_at\` datetime not null, \`expires_at\` datetime not null, \`revoked_at\` datetime null, primary key (\`id\`));`,
    );
    this.addSql(`create unique index \`agent_sessions_hash_unique\` on \`agent_sessions\` (\`hash\`);`);
    this.addSql(`create index \`agent_sessions_project_id_index\` on \`agent_sessions\` (\`project_id\`);`);

    this.addSql(`alter table \`api_keys\` add column \`scopes\` text null;`);
    this.addSql(`alter table \`api_keys\` add column \`expires_at\` datetime null;`);
  }
}

import { Migration } from '@mikro-orm/migrations';

export class Migration20261125012745_console extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table \`audit_log\` (\`id\` text not null, \`organization_id\` text not null, \`project_id\` text null, \`actor_user_id\` text null, \`actor_email\` text null, \`action\` text not null, \`target_type\` text not null, \`target_id\` text not null, \`detail\` json null, \`ip\` text null, \`created_at\` datetime not null, primary key (\`id\`));`,
    );
    this.addSql(
      `create index \`audit_log_organization_id_created_at_id_index\` on \`audit_log\` (\`organization_id\`, \`created_at\`, \`id\`);`,
    );

    this.addSql(
      `create table \`invitations\` (\`id\` text not null, \`organization_id\` text not null, \`email\` text not null, \`role\` text check (\`role\` in ('owner', 'admin', 'member')) not null, \`token_hash\` text not null, \`invited_by_user_id\` text not null, \`created_at\` datetime not null, \`expires_at\` datetime not null, \`accepted_at\` datetime null, \`accepted_by_user_id\` text null, \`revoked_at\` datetime null, primary key (\`id\`));`,
    );
    this.addSql(`create unique index \`invitations_token_hash_unique\` on \`invitations\` (\`token_hash\`);`);
    this.addSql(`create index \`invitations_organization_id_created_at_index\` on \`invitations\` (\`organization_id\`, \`created_at\`);`);

    this.addSql(
      `create table \`sessions\` (\`id\` text not null, \`user_id\` text not null, \`token_hash\` text not null, \`csrf_token\` text not null, \`ip\` text null, \`user_agent\` text null, \`created_at\` datetime not null, \`last_seen_at\` datetime not null, \`expires_at\` datetime not null, \`absolute_expires_at\` datetime not null, \`revoked_at\` datetime null, primary key (\`id\`));`,
    );
    this.addSql(`create unique index \`sessions_token_hash_unique\` on \`sessions\` (\`token_hash\`);`);
    this.addSql(`create index \`sessions_user_id_index\` on \`sessions\` (\`user_id\`);`);

    this.addSql(`alter table \`organizations\` add column \`monthly_execution_quota\` integer null;`);

    this.addSql(`alter table \`projects\` add column \`allowed_redirect_urls\` json not null default '[]';`);
  }
}

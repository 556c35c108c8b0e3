import { Migration } from '@mikro-orm/migrations';

export class Migration20261123090610_initial extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table \`api_keys\` (\`id\` text not null, \`project_id\` text not null, \`organization_id\` text not null, \`name\` text not null, \`hash\` text not null, \`start\` text not null, \`created_at\` datetime not null, \`last_used_at\` datetime null, \`revoked_at\` datetime null, primary key (\`id\`));`,
    );
    this.addSql(`create unique index \`api_keys_hash_unique\` on \`api_keys\` (\`hash\`);`);
    this.addSql(`create index \`api_keys_project_id_index\` on \`api_keys\` (\`project_id\`);`);

    this.addSql(
      `create table \`memberships\` (\`id\` text not null, \`organization_id\` text not null, \`user_id\` text not null, \`role\` text check (\`role\` in ('owner', 'admin', 'member')) not null, \`created_at\` datetime not null, primary key (\`id\`));`,
    );
    this.addSql(`create index \`memberships_user_id_index\` on \`memberships\` (\`user_id\`);`);
    this.addSql(
      `create unique index \`memberships_organization_id_user_id_unique\` on \`memberships\` (\`organization_id\`, \`user_id\`);`,
    );

    this.addSql(
      `create table \`organizations\` (\`id\` text not null, \`name\` text not null, \`created_at\` datetime not null, primary key (\`id\`));`,
    );

    this.addSql(
      `create table \`projects\` (\`id\` text not null, \`organization_id\` text not null, \`name\` text not null, \`created_at\` datetime not null, primary key (\`id\`));`,
    );
    this.addSql(`create index \`projects_organization_id_index\` on \`projects\` (\`organization_id\`);`);

    this.addSql(
      `create table \`users\` (\`id\` text not null, \`email\` text not null, \`name\` text null, \`password_hash\` text null, \`created_at\` datetime not null, primary key (\`id\`));`,
    );
    this.addSql(`create unique index \`users_email_unique\` on \`users\` (\`email\`);`);
  }
}

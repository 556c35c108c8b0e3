import { Migration } from '@mikro-orm/migrations';

/** Agent sessions (hashed tokens for one end user) and API key scopes and expiry; existing keys keep every scope (null). */
export class Migration20261127203723_agent_sessions_and_key_scopes extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "agent_sessions" ("id" varchar(40) not null, "project_id" varchar(40) not null, "organization_id" varchar(40) not null, "entity_id" varchar(255) not null, "toolkits" text null, "tools" text null, "hash" varchar(64) not null, "start" varchar(16) not null, "created_by_api_key_id" varchar(40) null, "created_at" timestamptz not null, "expires_at" timestamptz not null, "revoked_at" timestamptz null, constraint "agent_sessions_pkey" primary key ("id"));`,
    );
    this.addSql(`alter table "agent_sessions" add constraint "agent_sessions_hash_unique" unique ("hash");`);
    this.addSql(`create index "agent_sessions_project_id_index" on "agent_sessions" ("project_id");`);

    this.addSql(`alter table "api_keys" add column "scopes" text null, add column "expires_at" timestamptz null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "agent_sessions" cascade;`);

    this.addSql(`alter table "api_keys" drop column "scopes", drop column "expires_at";`);
  }
}

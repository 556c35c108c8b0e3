import { Migration } from '@mikro-orm/migrations';

export class Migration20261125012746_console extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "audit_log" ("id" varchar(40) not null, "organization_id" varchar(40) not null, "project_id" varchar(40) null, "actor_user_id" varchar(40) null, "actor_email" varchar(320) null, "action" varchar(100) not null, "target_type" varchar(50) not null, "target_id" varchar(255) not null, "detail" jsonb null, "ip" varchar(100) null, "created_at" timestamptz not null, constraint "audit_log_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "audit_log_organization_id_created_at_id_index" on "audit_log" ("organization_id", "created_at", "id");`);

    this.addSql(
      `create table "invitations" ("id" varchar(40) not null, "organization_id" varchar(40) not null, "email" varchar(320) not null, "role" text check ("role" in ('owner', 'admin', 'member')) not null, "token_hash" varchar(64) not null, "invited_by_user_id" varchar(40) not null, "created_at" timestamptz not null, "expires_at" timestamptz not null, "accepted_at" timestamptz null, "accepted_by_user_id" varchar(40) null, "revoked_at" timestamptz null, constraint "invitations_pkey" primary key ("id"));`,
    );
    this.addSql(`alter table "invitations" add constraint "invitations_token_hash_unique" unique ("token_hash");`);
    this.addSql(`create index "invitations_organization_id_created_at_index" on "invitations" ("organization_id", "created_at");`);

    this.addSql(
      `create table "sessions" ("id" varchar(40) not null, "user_id" varchar(40) not null, "token_hash" varchar(64) not null, "csrf_token" varchar(64) not null, "ip" varchar(100) null, "user_agent" varchar(300) null, "created_at" timestamptz not null, "last_seen_at" timestamptz not null, "expires_at" timestamptz not null, "absolute_expires_at" timestamptz not null, "revoked_at" timestamptz null, constraint "sessions_pkey" primary key ("id"));`,
    );
    this.addSql(`alter table "sessions" add constraint "sessions_token_hash_unique" unique ("token_hash");`);
    this.addSql(`create index "sessions_user_id_index" on "sessions" ("user_id");`);

    this.addSql(`alter table "organizations" add column "monthly_execution_quota" int null;`);

    this.addSql(`alter table "projects" add column "allowed_redirect_urls" jsonb not null default '[]';`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "audit_log" cascade;`);

    this.addSql(`drop table if exists "invitations" cascade;`);

    this.addSql(`drop table if exists "sessions" cascade;`);

    this.addSql(`alter table "organizations" drop column "monthly_execution_quota";`);

    this.addSql(`alter table "projects" drop column "allowed_redirect_urls";`);
  }
}

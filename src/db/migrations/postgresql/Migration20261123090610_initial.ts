import { Migration } from '@mikro-orm/migrations';

export class Migration20261123090610_initial extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "api_keys" ("id" varchar(40) not null, "project_id" varchar(40) not null, "organization_id" varchar(40) not null, "name" varchar(200) not null, "hash" varchar(64) not null, "start" varchar(16) not null, "created_at" timestamptz not null, "last_used_at" timestamptz null, "revoked_at" timestamptz null, constraint "api_keys_pkey" primary key ("id"));`,
    );
    this.addSql(`alter table "api_keys" add constraint "api_keys_hash_unique" unique ("hash");`);
    this.addSql(`create index "api_keys_project_id_index" on "api_keys" ("project_id");`);

    this.addSql(
      `create table "memberships" ("id" varchar(40) not null, "organization_id" varchar(40) not null, "user_id" varchar(40) not null, "role" text check ("role" in ('owner', 'admin', 'member')) not null, "created_at" timestamptz not null, constraint "memberships_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "memberships_user_id_index" on "memberships" ("user_id");`);
    this.addSql(
      `alter table "memberships" add constraint "memberships_organization_id_user_id_unique" unique ("organization_id", "user_id");`,
    );

    this.addSql(
      `create table "organizations" ("id" varchar(40) not null, "name" varchar(200) not null, "created_at" timestamptz not null, constraint "organizations_pkey" primary key ("id"));`,
    );

    this.addSql(
      `create table "projects" ("id" varchar(40) not null, "organization_id" varchar(40) not null, "name" varchar(200) not null, "created_at" timestamptz not null, constraint "projects_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "projects_organization_id_index" on "projects" ("organization_id");`);

    this.addSql(
      `create table "users" ("id" varchar(40) not null, "email" varchar(320) not null, "name" varchar(200) null, "password_hash" varchar(200) null, "created_at" timestamptz not null, constraint "users_pkey" primary key ("id"));`,
    );
    this.addSql(`alter table "users" add constraint "users_email_unique" unique ("email");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "api_keys" cascade;`);

    this.addSql(`drop table if exists "memberships" cascade;`);

    this.addSql(`drop table if exists "organizations" cascade;`);

    this.addSql(`drop table if exists "projects" cascade;`);

    this.addSql(`drop table if exists "users" cascade;`);
  }
}

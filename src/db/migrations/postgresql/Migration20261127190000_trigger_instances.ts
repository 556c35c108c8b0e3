import { Migration } from '@mikro-orm/migrations';

/** Trigger instances (issue 29): a trigger set up for one connection with one config; see src/triggers/. */
export class Migration20261127190000_trigger_instances extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "trigger_instances" ("id" varchar(40) not null, "project_id" varchar(40) not null, "trigger_slug" varchar(200) not null, "toolkit_slug" varchar(100) not null, "connection_id" varchar(40) not null, "auth_config_id" varchar(40) not null, "entity_id" varchar(255) not null, "config" jsonb not null, "config_hash" varchar(64) not null, "enabled" boolean not null default true, "disabled_at" timestamptz null, "disabled_reason" varchar(1000) null, "disabled_by" text check ("disabled_by" in ('user', 'system')) null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "trigger_instances_pkey" primary key ("id"));`,
    );
    this.addSql(
      `create index "trigger_instances_project_id_created_at_id_index" on "trigger_instances" ("project_id", "created_at", "id");`,
    );
    this.addSql(`create index "trigger_instances_connection_id_enabled_index" on "trigger_instances" ("connection_id", "enabled");`);
    this.addSql(
      `alter table "trigger_instances" add constraint "trigger_instances_project_id_trigger_slug_connect_b9dc8_unique" unique ("project_id", "trigger_slug", "connection_id", "config_hash");`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "trigger_instances" cascade;`);
  }
}

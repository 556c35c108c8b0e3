import { Migration } from '@mikro-orm/migrations';

export class Migration20261123091259_connections extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "auth_configs" ("id" varchar(40) not null, "project_id" varchar(40) not null, "toolkit_slug" varchar(100) not null, "auth_method_id" varchar(100) not null, "auth_method_kind" varchar(20) not null, "name" varchar(200) not null, "is_managed" boolean not null, "client_id" varchar(500) null, "has_client_secret" boolean not null default false, "restrict_to_tools" jsonb null, "scopes" jsonb null, "disabled" boolean not null default false, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "auth_configs_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "auth_configs_project_id_toolkit_slug_index" on "auth_configs" ("project_id", "toolkit_slug");`);

    this.addSql(
      `create table "connections" ("id" varchar(40) not null, "project_id" varchar(40) not null, "auth_config_id" varchar(40) not null, "toolkit_slug" varchar(100) not null, "auth_method_id" varchar(100) not null, "auth_method_kind" varchar(20) not null, "entity_id" varchar(255) not null, "status" text check ("status" in ('INITIATED', 'PENDING', 'ACTIVE', 'FAILED', 'EXPIRED', 'REVOKED')) not null, "status_reason" varchar(1000) null, "disabled" boolean not null default false, "alias" varchar(200) null, "requested_scopes" jsonb null, "granted_scopes" jsonb null, "connection_config" jsonb null, "callback_redirect_url" varchar(2000) null, "state_nonce" varchar(64) null, "state_expires_at" timestamptz null, "token_expires_at" timestamptz null, "last_refreshed_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "connections_pkey" primary key ("id"));`,
    );
    this.addSql(
      `create index "connections_project_id_entity_id_toolkit_slug_index" on "connections" ("project_id", "entity_id", "toolkit_slug");`,
    );
    this.addSql(`create index "connections_project_id_auth_config_id_index" on "connections" ("project_id", "auth_config_id");`);
    this.addSql(`create index "connections_project_id_created_at_index" on "connections" ("project_id", "created_at");`);

    this.addSql(
      `create table "tool_executions" ("id" varchar(40) not null, "project_id" varchar(40) not null, "connection_id" varchar(40) not null, "kind" text check ("kind" in ('tool', 'proxy')) not null, "tool_slug" varchar(200) null, "toolkit_slug" varchar(100) not null, "status" int not null, "successful" boolean not null, "duration_ms" int not null, "error_code" varchar(100) null, "created_at" timestamptz not null, constraint "tool_executions_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "tool_executions_project_id_created_at_index" on "tool_executions" ("project_id", "created_at");`);
    this.addSql(`create index "tool_executions_connection_id_index" on "tool_executions" ("connection_id");`);

    this.addSql(
      `create table "vault_secrets" ("id" varchar(40) not null, "owner_type" varchar(40) not null, "owner_id" varchar(40) not null, "name" varchar(40) not null, "key_id" varchar(64) not null, "sealed" text not null, "version" int not null default 1, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "vault_secrets_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "vault_secrets_key_id_index" on "vault_secrets" ("key_id");`);
    this.addSql(`create index "vault_secrets_owner_id_index" on "vault_secrets" ("owner_id");`);
    this.addSql(
      `alter table "vault_secrets" add constraint "vault_secrets_owner_type_owner_id_name_unique" unique ("owner_type", "owner_id", "name");`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "auth_configs" cascade;`);

    this.addSql(`drop table if exists "connections" cascade;`);

    this.addSql(`drop table if exists "tool_executions" cascade;`);

    this.addSql(`drop table if exists "vault_secrets" cascade;`);
  }
}

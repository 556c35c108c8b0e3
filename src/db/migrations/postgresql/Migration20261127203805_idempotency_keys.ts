import { Migration } from '@mikro-orm/migrations';

/** Idempotency-Key (issue 33): the first answer per (project, key), claimed before the request acts. */
export class Migration20261127203805_idempotency_keys extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "idempotency_keys" ("id" varchar(40) not null, "project_id" varchar(40) not null, "key" varchar(255) not null, "fingerprint" varchar(64) not null, "claim_token" varchar(40) not null, "locked_until" timestamptz not null, "completed_at" timestamptz null, "response_status" int null, "response_content_type" varchar(200) null, "response_body" text null, "created_at" timestamptz not null, "expires_at" timestamptz not null, constraint "idempotency_keys_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "idempotency_keys_expires_at_index" on "idempotency_keys" ("expires_at");`);
    this.addSql(`alter table "idempotency_keys" add constraint "idempotency_keys_project_id_key_unique" unique ("project_id", "key");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "idempotency_keys" cascade;`);
  }
}

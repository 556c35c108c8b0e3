import { Migration } from '@mikro-orm/migrations';

/** The events plane (issue 28): the event log, webhook subscriptions, the delivery queue and its attempts. */
export class Migration20261127145426_events extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "events" ("id" varchar(40) not null, "project_id" varchar(40) not null, "type" varchar(100) not null, "data" jsonb not null, "created_at" timestamptz not null, constraint "events_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "events_project_id_created_at_id_index" on "events" ("project_id", "created_at", "id");`);
    this.addSql(`create index "events_created_at_index" on "events" ("created_at");`);

    this.addSql(
      `create table "webhook_attempts" ("id" varchar(40) not null, "delivery_id" varchar(40) not null, "subscription_id" varchar(40) not null, "event_id" varchar(40) not null, "attempt" int not null, "started_at" timestamptz not null, "duration_ms" int not null, "status_code" int null, "response_excerpt" varchar(1000) null, "error" varchar(1000) null, "outcome" text check ("outcome" in ('succeeded', 'retrying', 'failed')) not null, constraint "webhook_attempts_pkey" primary key ("id"));`,
    );
    this.addSql(
      `create index "webhook_attempts_subscription_id_started_at_id_index" on "webhook_attempts" ("subscription_id", "started_at", "id");`,
    );
    this.addSql(`create index "webhook_attempts_started_at_index" on "webhook_attempts" ("started_at");`);
    this.addSql(`create index "webhook_attempts_delivery_id_index" on "webhook_attempts" ("delivery_id");`);

    this.addSql(
      `create table "webhook_deliveries" ("id" varchar(40) not null, "project_id" varchar(40) not null, "subscription_id" varchar(40) not null, "event_id" varchar(40) not null, "status" text check ("status" in ('pending', 'succeeded', 'failed')) not null, "attempts" int not null default 0, "next_attempt_at" timestamptz null, "lease_expires_at" timestamptz null, "last_status_code" int null, "last_error" varchar(1000) null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "delivered_at" timestamptz null, constraint "webhook_deliveries_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "webhook_deliveries_status_next_attempt_at_index" on "webhook_deliveries" ("status", "next_attempt_at");`);
    this.addSql(
      `create index "webhook_deliveries_subscription_id_created_at_index" on "webhook_deliveries" ("subscription_id", "created_at");`,
    );
    this.addSql(
      `alter table "webhook_deliveries" add constraint "webhook_deliveries_event_id_subscription_id_unique" unique ("event_id", "subscription_id");`,
    );

    this.addSql(
      `create table "webhook_subscriptions" ("id" varchar(40) not null, "project_id" varchar(40) not null, "url" varchar(2000) not null, "event_types" jsonb null, "enabled" boolean not null default true, "scheme" text check ("scheme" in ('standard', 'composio')) not null, "version" text check ("version" in ('V1', 'V2', 'V3')) null, "secret_id" varchar(40) not null, "previous_secret_id" varchar(40) null, "previous_secret_expires_at" timestamptz null, "disabled_at" timestamptz null, "disabled_reason" varchar(1000) null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "webhook_subscriptions_pkey" primary key ("id"));`,
    );
    this.addSql(
      `create index "webhook_subscriptions_project_id_created_at_id_index" on "webhook_subscriptions" ("project_id", "created_at", "id");`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "events" cascade;`);

    this.addSql(`drop table if exists "webhook_attempts" cascade;`);

    this.addSql(`drop table if exists "webhook_deliveries" cascade;`);

    this.addSql(`drop table if exists "webhook_subscriptions" cascade;`);
  }
}

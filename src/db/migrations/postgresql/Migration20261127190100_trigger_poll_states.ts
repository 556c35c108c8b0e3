import { Migration } from '@mikro-orm/migrations';

/** The trigger poller's state (src/triggers/poller/): one row per poll trigger instance, its schedule, lease and high-water mark. */
export class Migration20261127190100_trigger_poll_states extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "trigger_poll_states" ("instance_id" varchar(40) not null, "project_id" varchar(40) not null, "trigger_slug" varchar(100) not null, "connection_id" varchar(40) not null, "config" jsonb not null, "enabled" boolean not null, "status" text check ("status" in ('scheduled', 'failed')) not null default 'scheduled', "next_poll_at" timestamptz not null, "lease_token" varchar(40) null, "lease_expires_at" timestamptz null, "first_poll_done" boolean not null default false, "mark_at" timestamptz null, "mark_ids" jsonb not null, "failures" int not null default 0, "last_error" varchar(1000) null, "last_polled_at" timestamptz null, "last_event_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "trigger_poll_states_pkey" primary key ("instance_id"));`,
    );
    this.addSql(
      `create index "trigger_poll_states_enabled_status_next_poll_at_index" on "trigger_poll_states" ("enabled", "status", "next_poll_at");`,
    );
    // Compat subscriptions made before triggers stored Composio's name; the event type is trigger.event now.
    this.addSql(
      `update "webhook_subscriptions" set "event_types" = replace("event_types"::text, '"composio.trigger.message"', '"trigger.event"')::jsonb where "event_types"::text like '%"composio.trigger.message"%';`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "trigger_poll_states" cascade;`);
  }
}

import { Migration } from '@mikro-orm/migrations';

/** Provider webhooks in (issue 29): the inbox, deduplicated by the provider's event id, and the account id of a connection. */
export class Migration20261127190200_provider_webhooks extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "provider_webhook_events" ("id" varchar(40) not null, "toolkit_slug" varchar(100) not null, "source" varchar(40) not null, "provider_event_id" varchar(100) not null, "account_id" varchar(100) not null, "subscription_type" varchar(100) not null, "object_id" varchar(100) not null, "property_name" varchar(200) null, "property_value" text null, "occurred_at" timestamptz not null, "connection_ids" jsonb not null, "payload" jsonb not null, "received_at" timestamptz not null, "processed_at" timestamptz null, constraint "provider_webhook_events_pkey" primary key ("id"));`,
    );
    this.addSql(
      `create index "provider_webhook_events_processed_at_received_at_index" on "provider_webhook_events" ("processed_at", "received_at");`,
    );
    this.addSql(`create index "provider_webhook_events_received_at_index" on "provider_webhook_events" ("received_at");`);
    this.addSql(
      `alter table "provider_webhook_events" add constraint "provider_webhook_events_toolkit_slug_source_provi_6e5b4_unique" unique ("toolkit_slug", "source", "provider_event_id");`,
    );

    this.addSql(`alter table "connections" add column "provider_account_id" varchar(100) null;`);
    this.addSql(
      `create index "connections_toolkit_slug_provider_account_id_index" on "connections" ("toolkit_slug", "provider_account_id");`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "provider_webhook_events" cascade;`);

    this.addSql(`drop index "connections_toolkit_slug_provider_account_id_index";`);
    this.addSql(`alter table "connections" drop column "provider_account_id";`);
  }
}

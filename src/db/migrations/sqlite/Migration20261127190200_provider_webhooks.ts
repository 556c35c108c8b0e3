import { Migration } from '@mikro-orm/migrations';

/** Provider webhooks in (issue 29): the inbox, deduplicated by the provider's event id, and the account id of a connection. */
export class Migration20261127190200_provider_webhooks extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table \`provider_webhook_events\` (\`id\` text not null, \`toolkit_slug\` text not null, \`source\` text not null, \`provider_event_id\` text not null, \`account_id\` text not null, \`subscription_type\` text not null, \`object_id\` text not null, \`property_name\` text null, \`property_value\` text null, \`occurred_at\` datetime not null, \`connection_ids\` json not null, \`payload\` json not null, \`received_at\` datetime not null, \`processed_at\` datetime null, primary key (\`id\`));`,
    );
    this.addSql(
      `create index \`provider_webhook_events_processed_at_received_at_index\` on \`provider_webhook_events\` (\`processed_at\`, \`received_at\`);`,
    );
    this.addSql(`create index \`provider_webhook_events_received_at_index\` on \`provider_webhook_events\` (\`received_at\`);`);
    this.addSql(
      `create unique index \`provider_webhook_events_toolkit_slug_source_provider_event_id_unique\` on \`provider_webhook_events\` (\`toolkit_slug\`, \`source\`, \`provider_event_id\`);`,
    );

    this.addSql(`alter table \`connections\` add column \`provider_account_id\` text null;`);
    this.addSql(
      `create index \`connections_toolkit_slug_provider_account_id_index\` on \`connections\` (\`toolkit_slug\`, \`provider_account_id\`);`,
    );
  }
}

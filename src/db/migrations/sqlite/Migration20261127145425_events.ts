import { Migration } from '@mikro-orm/migrations';

/** The events plane (issue 28): the event log, webhook subscriptions, the delivery queue and its attempts. */
export class Migration20261127145425_events extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table \`events\` (\`id\` text not null, \`project_id\` text not null, \`type\` text not null, \`data\` json not null, \`created_at\` datetime not null, primary key (\`id\`));`,
    );
    this.addSql(`create index \`events_project_id_created_at_id_index\` on \`events\` (\`project_id\`, \`created_at\`, \`id\`);`);
    this.addSql(`create index \`events_created_at_index\` on \`events\` (\`created_at\`);`);

    this.addSql(
      `create table \`webhook_attempts\` (\`id\` text not null, \`delivery_id\` text not null, \`subscription_id\` text not null, \`event_id\` text not null, \`attempt\` integer not null, \`started_at\` datetime not null, \`duration_ms\` integer not null, \`status_code\` integer null, \`response_excerpt\` text null, \`error\` text null, \`outcome\` text check (\`outcome\` in ('succeeded', 'retrying', 'failed')) not null, primary key (\`id\`));`,
    );
    this.addSql(
      `create index \`webhook_attempts_subscription_id_started_at_id_index\` on \`webhook_attempts\` (\`subscription_id\`, \`started_at\`, \`id\`);`,
    );
    this.addSql(`create index \`webhook_attempts_started_at_index\` on \`webhook_attempts\` (\`started_at\`);`);
    this.addSql(`create index \`webhook_attempts_delivery_id_index\` on \`webhook_attempts\` (\`delivery_id\`);`);

    this.addSql(
      `create table \`webhook_deliveries\` (\`id\` text not null, \`project_id\` text not null, \`subscription_id\` text not null, \`event_id\` text not null, \`status\` text check (\`status\` in ('pending', 'succeeded', 'failed')) not null, \`attempts\` integer not null default 0, \`next_attempt_at\` datetime null, \`lease_expires_at\` datetime null, \`last_status_code\` integer null, \`last_error\` text null, \`created_at\` datetime not null, \`updated_at\` datetime not null, \`delivered_at\` datetime null, primary key (\`id\`));`,
    );
    this.addSql(
      `create index \`webhook_deliveries_status_next_attempt_at_index\` on \`webhook_deliveries\` (\`status\`, \`next_attempt_at\`);`,
    );
    this.addSql(
      `create index \`webhook_deliveries_subscription_id_created_at_index\` on \`webhook_deliveries\` (\`subscription_id\`, \`created_at\`);`,
    );
    this.addSql(
      `create unique index \`webhook_deliveries_event_id_subscription_id_unique\` on \`webhook_deliveries\` (\`event_id\`, \`subscription_id\`);`,
    );

    this.addSql(
      `create table \`webhook_subscriptions\` (\`id\` text not null, \`project_id\` text not null, \`url\` text not null, \`event_types\` json null, \`enabled\` integer not null default true, \`scheme\` text check (\`scheme\` in ('standard', 'composio')) not null, \`version\` text check (\`version\` in ('V1', 'V2', 'V3')) null, \`secret_id\` text not null, \`previous_secret_id\` text null, \`previous_secret_expires_at\` datetime null, \`disabled_at\` datetime null, \`disabled_reason\` text null, \`created_at\` datetime not null, \`updated_at\` datetime not null, primary key (\`id\`));`,
    );
    this.addSql(
      `create index \`webhook_subscriptions_project_id_created_at_id_index\` on \`webhook_subscriptions\` (\`project_id\`, \`created_at\`, \`id\`);`,
    );
  }
}

import { Migration } from '@mikro-orm/migrations';

/** The trigger poller's state (src/triggers/poller/): one row per poll trigger instance, its schedule, lease and high-water mark. */
export class Migration20261127190100_trigger_poll_states extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table \`trigger_poll_states\` (\`instance_id\` text not null, \`project_id\` text not null, \`trigger_slug\` text not null, \`connection_id\` text not null, \`config\` json not null, \`enabled\` integer not null, \`status\` text check (\`status\` in ('scheduled', 'failed')) not null default 'scheduled', \`next_poll_at\` datetime not null, \`lease_token\` text null, \`lease_expires_at\` datetime null, \`first_poll_done\` integer not null default false, \`mark_at\` datetime null, \`mark_ids\` json not null, \`failures\` integer not null default 0, \`last_error\` text null, \`last_polled_at\` datetime null, \`last_event_at\` datetime null, \`created_at\` datetime not null, \`updated_at\` datetime not null, primary key (\`instance_id\`));`,
    );
    this.addSql(
      `create index \`trigger_poll_states_enabled_status_next_poll_at_index\` on \`trigger_poll_states\` (\`enabled\`, \`status\`, \`next_poll_at\`);`,
    );
    // Compat subscriptions made before triggers stored Composio's name; the event type is trigger.event now.
    this.addSql(
      `update \`webhook_subscriptions\` set \`event_types\` = replace(\`event_types\`, '"composio.trigger.message"', '"trigger.event"') where \`event_types\` like '%"composio.trigger.message"%';`,
    );
  }
}

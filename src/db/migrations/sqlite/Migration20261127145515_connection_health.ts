import { Migration } from '@mikro-orm/migrations';

/** Connection health (issue 28): the last failed refresh, the failures in a row, the next scheduled refresh; indexes for the refresher's scans. */
export class Migration20261127145515_connection_health extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table \`connections\` add column \`last_refresh_failed_at\` datetime null;`);
    this.addSql(`alter table \`connections\` add column \`last_refresh_error\` text null;`);
    this.addSql(`alter table \`connections\` add column \`refresh_failures\` integer not null default 0;`);
    this.addSql(`alter table \`connections\` add column \`next_refresh_at\` datetime null;`);
    this.addSql(`create index \`connections_status_token_expires_at_index\` on \`connections\` (\`status\`, \`token_expires_at\`);`);
    this.addSql(`create index \`connections_status_last_refreshed_at_index\` on \`connections\` (\`status\`, \`last_refreshed_at\`);`);
  }
}

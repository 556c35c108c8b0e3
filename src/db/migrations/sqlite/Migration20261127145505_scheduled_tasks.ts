import { Migration } from '@mikro-orm/migrations';

/** Periodic tasks run once across instances (src/events/jobs/): when each is next due and who holds its lease. */
export class Migration20261127145505_scheduled_tasks extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table \`scheduled_tasks\` (\`name\` text not null, \`next_run_at\` datetime not null, \`lease_owner\` text null, \`lease_expires_at\` datetime null, \`last_run_at\` datetime null, \`last_error\` text null, primary key (\`name\`));`,
    );
  }
}

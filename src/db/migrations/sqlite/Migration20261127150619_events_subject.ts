import { Migration } from '@mikro-orm/migrations';

/** Events name their subject (the connection of connection.* events), so a transition is told once: see src/events/connection-events.ts. */
export class Migration20261127150619_events_subject extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table \`events\` add column \`subject_id\` text null;`);
    this.addSql(`create index \`events_subject_id_created_at_index\` on \`events\` (\`subject_id\`, \`created_at\`);`);
  }
}

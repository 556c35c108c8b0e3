import { Migration } from '@mikro-orm/migrations';

/** Who made an audited change: the actor's kind, and the API key (id and name) when a key made it. */
export class Migration20261127115806_audit_actor extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table \`audit_log\` add column \`actor_kind\` text null;`);
    this.addSql(`alter table \`audit_log\` add column \`actor_api_key_id\` text null;`);
    this.addSql(`alter table \`audit_log\` add column \`actor_api_key_name\` text null;`);
  }
}

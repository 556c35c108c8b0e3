import { Migration } from '@mikro-orm/migrations';

/** Who made an audited change: the actor's kind, and the API key (id and name) when a key made it. */
export class Migration20261127115807_audit_actor extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "audit_log" add column "actor_kind" varchar(20) null, add column "actor_api_key_id" varchar(40) null, add column "actor_api_key_name" varchar(255) null;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "audit_log" drop column "actor_kind", drop column "actor_api_key_id", drop column "actor_api_key_name";`);
  }
}

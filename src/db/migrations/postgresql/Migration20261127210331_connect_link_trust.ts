import { Migration } from '@mikro-orm/migrations';

export class Migration20261127210331_connect_link_trust extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "connections" add column "state_browser_hash" varchar(64) null;`);

    this.addSql(`alter table "projects" add column "connection_verifier_url" varchar(2000) null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "connections" drop column "state_browser_hash";`);

    this.addSql(`alter table "projects" drop column "connection_verifier_url";`);
  }
}

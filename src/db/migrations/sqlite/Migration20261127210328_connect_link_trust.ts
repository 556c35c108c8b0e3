import { Migration } from '@mikro-orm/migrations';

export class Migration20261127210328_connect_link_trust extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table \`connections\` add column \`state_browser_hash\` text null;`);

    this.addSql(`alter table \`projects\` add column \`connection_verifier_url\` text null;`);
  }
}

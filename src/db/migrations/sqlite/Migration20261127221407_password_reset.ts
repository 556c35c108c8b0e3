import { Migration } from '@mikro-orm/migrations';

/** Password reset (issue 30): the sha256 of a user's one pending reset token and its expiry. */
export class Migration20261127221407_password_reset extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table \`users\` add column \`password_reset_token_hash\` text null;`);
    this.addSql(`alter table \`users\` add column \`password_reset_expires_at\` datetime null;`);
    this.addSql(`create unique index \`users_password_reset_token_hash_unique\` on \`users\` (\`password_reset_token_hash\`);`);
  }
}

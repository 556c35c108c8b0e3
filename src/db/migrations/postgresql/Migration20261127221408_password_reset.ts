import { Migration } from '@mikro-orm/migrations';

/** Password reset (issue 30): the sha256 of a user's one pending reset token and its expiry. */
export class Migration20261127221408_password_reset extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "users" add column "password_reset_token_hash" varchar(64) null, add column "password_reset_expires_at" timestamptz null;`,
    );
    this.addSql(`alter table "users" add constraint "users_password_reset_token_hash_unique" unique ("password_reset_token_hash");`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "users" drop constraint "users_password_reset_token_hash_unique";`);
    this.addSql(`alter table "users" drop column "password_reset_token_hash", drop column "password_reset_expires_at";`);
  }
}

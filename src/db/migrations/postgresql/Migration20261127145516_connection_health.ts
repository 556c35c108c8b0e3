import { Migration } from '@mikro-orm/migrations';

/** Connection health (issue 28): the last failed refresh, the failures in a row, the next scheduled refresh; indexes for the refresher's scans. */
export class Migration20261127145516_connection_health extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "connections" add column "last_refresh_failed_at" timestamptz null, add column "last_refresh_error" varchar(300) null, add column "refresh_failures" int not null default 0, add column "next_refresh_at" timestamptz null;`,
    );
    this.addSql(`create index "connections_status_token_expires_at_index" on "connections" ("status", "token_expires_at");`);
    this.addSql(`create index "connections_status_last_refreshed_at_index" on "connections" ("status", "last_refreshed_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "connections_status_token_expires_at_index";`);
    this.addSql(`drop index "connections_status_last_refreshed_at_index";`);
    this.addSql(
      `alter table "connections" drop column "last_refresh_failed_at", drop column "last_refresh_error", drop column "refresh_failures", drop column "next_refresh_at";`,
    );
  }
}

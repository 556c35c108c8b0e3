import { Migration } from '@mikro-orm/migrations';

/** Periodic tasks run once across instances (src/events/jobs/): when each is next due and who holds its lease. */
export class Migration20261127145506_scheduled_tasks extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "scheduled_tasks" ("name" varchar(100) not null, "next_run_at" timestamptz not null, "lease_owner" varchar(100) null, "lease_expires_at" timestamptz null, "last_run_at" timestamptz null, "last_error" varchar(1000) null, constraint "scheduled_tasks_pkey" primary key ("name"));`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "scheduled_tasks" cascade;`);
  }
}

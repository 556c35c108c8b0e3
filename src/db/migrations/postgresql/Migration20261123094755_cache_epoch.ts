import { Migration } from '@mikro-orm/migrations';

export class Migration20261123094755_cache_epoch extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "cache_epoch" ("id" serial primary key, "value" bigint not null);`);
    this.addSql(`insert into "cache_epoch" ("id", "value") values (1, 0);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "cache_epoch" cascade;`);
  }
}

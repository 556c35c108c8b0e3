import { Migration } from '@mikro-orm/migrations';

export class Migration20261123094755_cache_epoch extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table \`cache_epoch\` (\`id\` integer not null primary key autoincrement, \`value\` bigint not null);`);
    this.addSql(`insert into \`cache_epoch\` (\`id\`, \`value\`) values (1, 0);`);
  }
}

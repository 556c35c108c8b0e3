import { Migration } from '@mikro-orm/migrations';

/** Idempotency-Key (issue 33): the first answer per (project, key), claimed before the request acts. */
export class Migration20261127203803_idempotency_keys extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table \`idempotency_keys\` (\`id\` text not null, \`project_id\` text not null, \`key\` text not null, \`fingerprint\` text not null, \`claim_token\` text not null, \`locked_until\` datetime not null, \`completed_at\` datetime null, \`response_status\` integer null, \`response_content_type\` text null, \`response_body\` text null, \`created_at\` datetime not null, \`expires_at\` datetime not null, primary key (\`id\`));`,
    );
    this.addSql(`create index \`idempotency_keys_expires_at_index\` on \`idempotency_keys\` (\`expires_at\`);`);
    this.addSql(`create unique index \`idempotency_keys_project_id_key_unique\` on \`idempotency_keys\` (\`project_id\`, \`key\`);`);
  }
}

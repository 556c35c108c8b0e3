import { Migration } from '@mikro-orm/migrations';

/**
 * Webhook delivery throughput (issue 28): no query reads `webhook_attempts` by `started_at` alone
 * (the retention sweep deletes a delivery's attempts by `delivery_id`), and every attempt written
 * paid for the index.
 */
export class Migration20261127235501_webhook_attempts_started_at extends Migration {
  override async up(): Promise<void> {
    this.addSql(`drop index if exists "webhook_attempts_started_at_index";`);
  }
}

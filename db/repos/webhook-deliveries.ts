import { and, eq, lt } from "drizzle-orm";
import type { Db } from "../client.ts";
import { webhookDeliveries } from "../schema/index.ts";

export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
export type NewWebhookDelivery = typeof webhookDeliveries.$inferInsert;
export type WebhookDeliveryPatch = Partial<Omit<NewWebhookDelivery, "id" | "accountId" | "videoId" | "createdAt">>;

export async function insertWebhookDelivery(db: Db, delivery: NewWebhookDelivery): Promise<void> {
  await db.insert(webhookDeliveries).values(delivery);
}

export async function findWebhookDelivery(db: Db, id: string): Promise<WebhookDeliveryRow | undefined> {
  const [row] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
  return row;
}

export async function updateWebhookDelivery(db: Db, id: string, patch: WebhookDeliveryPatch): Promise<void> {
  await db.update(webhookDeliveries).set(patch).where(eq(webhookDeliveries.id, id));
}

/** Ids of pending deliveries whose next attempt was due before `cutoff`. */
export async function findOverdueDeliveries(db: Db, cutoff: Date): Promise<string[]> {
  const rows = await db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.state, "pending"), lt(webhookDeliveries.nextAttemptAt, cutoff)));
  return rows.map((r) => r.id);
}

import { type Database, withTransaction } from "../../db/client.ts";
import { findAccountById } from "../../db/repos/accounts.ts";
import { findWebhookDelivery, updateWebhookDelivery } from "../../db/repos/webhook-deliveries.ts";
import { type OutboundPolicy, outboundRequest } from "../net/outbound.ts";
import type { JobQueue } from "../queue/job-queue.ts";
import { SIGNATURE_HEADER, signatureHeader } from "./signature.ts";

export const EVENT_HEADER = "X-Service-Event";
/** Waits before the 2nd, 3rd and 4th attempt (the spec's three retries). */
export const RETRY_DELAYS_SECONDS = [10, 60, 300] as const;
export const DELIVERY_TIMEOUT_MS = 10_000;

export interface DeliveryDeps {
  database: Database;
  queue: JobQueue;
  /** Webhooks: https on public addresses only, unless UNSAFE_ALLOW_PRIVATE_URLS. */
  policy: OutboundPolicy;
  now(): Date;
}

export type DeliveryOutcome = "delivered" | "retry" | "failed" | "skipped";

/**
 * One attempt of one delivery. The envelope is the one recorded with the video's final state, so every
 * attempt carries the same id; each gets a fresh signature. The URL is checked again and the connection
 * pinned to the checked address; a redirect is a failure, not followed.
 */
export async function attemptDelivery(deps: DeliveryDeps, deliveryId: string): Promise<DeliveryOutcome> {
  const db = deps.database.db;
  const delivery = await findWebhookDelivery(db, deliveryId);
  if (!delivery || delivery.state !== "pending") return "skipped";
  const account = await findAccountById(db, delivery.accountId);
  const body = JSON.stringify(delivery.payload);
  const sentAt = deps.now();
  let status: number | null = null;
  let error: string | null = null;
  try {
    const response = await outboundRequest(
      delivery.url,
      {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "user-agent": "shortvid-webhooks/1",
          [EVENT_HEADER]: delivery.type,
          [SIGNATURE_HEADER]: signatureHeader(account?.signingSecret ?? "", body, Math.floor(sentAt.getTime() / 1000)),
        },
        body,
        timeoutMs: DELIVERY_TIMEOUT_MS,
        maxBytes: 64 * 1024,
        maxRedirects: 0,
      },
      deps.policy,
    );
    status = response.status;
    if (status < 200 || status >= 300) error = status >= 300 && status < 400 ? `answered ${status} (redirects are not followed)` : `answered ${status}`;
  } catch (e) {
    error = e instanceof Error ? e.message : String(e);
  }
  const attempts = delivery.attempts + 1;
  if (error === null) {
    await updateWebhookDelivery(db, deliveryId, { state: "delivered", attempts, lastStatus: status, lastError: null, deliveredAt: sentAt, nextAttemptAt: null });
    return "delivered";
  }
  const delay = RETRY_DELAYS_SECONDS[attempts - 1];
  if (delay === undefined) {
    await updateWebhookDelivery(db, deliveryId, { state: "failed", attempts, lastStatus: status, lastError: error, nextAttemptAt: null });
    return "failed";
  }
  await withTransaction(db, async (tx) => {
    await updateWebhookDelivery(tx, deliveryId, { attempts, lastStatus: status, lastError: error, nextAttemptAt: new Date(sentAt.getTime() + delay * 1000) });
    await deps.queue.sendWebhook(tx, { deliveryId }, delay);
  });
  return "retry";
}

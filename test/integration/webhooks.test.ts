import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { insertVideo } from "../../db/repos/videos.ts";
import { webhookDeliveries } from "../../db/schema/index.ts";
import { newId } from "../../src/kernel/ids.ts";
import { attemptDelivery, RETRY_DELAYS_SECONDS } from "../../src/webhooks/deliver.ts";
import { callerUrlPolicy } from "../../src/net/outbound.ts";
import { DATABASE_KINDS } from "../helpers/databases.ts";
import { useService } from "../helpers/harness.ts";
import { startWebhookReceiver } from "../fakes/webhook-receiver.ts";

const stripe = new Stripe("sk_test_unused");

describe.each(DATABASE_KINDS)("webhook deliveries on %s", (kind) => {
  const svc = useService(kind);

  /** A finished video with a pending delivery to `url`. */
  async function pendingDelivery(url: string) {
    const account = await svc().createAccount();
    const now = svc().deps.now();
    const videoId = newId("vid");
    await insertVideo(svc().database.db, {
      id: videoId,
      accountId: account.accountId,
      template: "reddit_story",
      status: "failed",
      stage: "Failed",
      inputs: {},
      webhookUrl: url,
      errorCode: "RENDER_FAILED",
      errorMessage: "The render failed.",
      createdAt: now,
      updatedAt: now,
    });
    const id = newId("evt");
    const payload = { id, type: "video.failed", createdAt: now.toISOString(), data: { id: videoId, status: "failed" } };
    await svc().database.db.insert(webhookDeliveries).values({ id, accountId: account.accountId, videoId, type: "video.failed", url, payload, state: "pending", createdAt: now, nextAttemptAt: now });
    return { id, account };
  }

  const deliveryDeps = (allowPrivate: boolean) => ({
    database: svc().database,
    queue: svc().queue,
    policy: callerUrlPolicy({ allowPrivateUrls: allowPrivate }),
    now: svc().deps.now,
  });

  test("a receiver answering 500 gets retries after 10, 60 and 300 s with one envelope id and fresh valid signatures", async () => {
    const receiver = startWebhookReceiver(() => new Response("down", { status: 500 }));
    try {
      const { id, account } = await pendingDelivery(receiver.url());
      const outcomes = [];
      const delays = [];
      for (let i = 0; i < 4; i++) {
        const before = svc().deps.now().getTime();
        outcomes.push(await attemptDelivery(deliveryDeps(true), id));
        const [row] = await svc().database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
        if (row!.nextAttemptAt) delays.push(Math.round((row!.nextAttemptAt.getTime() - before) / 1000));
        svc().advance(1000);
      }
      expect(outcomes).toEqual(["retry", "retry", "retry", "failed"]);
      expect(delays).toEqual([...RETRY_DELAYS_SECONDS]);
      expect(RETRY_DELAYS_SECONDS).toEqual([10, 60, 300]);
      expect(receiver.received).toHaveLength(4);
      const signatures = new Set<string>();
      for (const hook of receiver.received) {
        const event = (await stripe.webhooks.constructEventAsync(hook.body, hook.headers["x-service-signature"]!, account.signingSecret.replace(/^whsec_/, ""))) as any;
        expect(event.id).toBe(id);
        expect(hook.headers["x-service-event"]).toBe("video.failed");
        signatures.add(hook.headers["x-service-signature"]!);
      }
      expect(signatures.size).toBe(4);
      // Each retry was queued as a delayed job.
      const jobs = await svc().database.executeSql("select start_after, created_on from pgboss.job where name = 'webhook-delivery' order by created_on");
      expect(jobs.rows).toHaveLength(3);
      const [row] = await svc().database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
      expect(row).toMatchObject({ state: "failed", attempts: 4, lastStatus: 500 });
      expect(await attemptDelivery(deliveryDeps(true), id)).toBe("skipped");
    } finally {
      receiver.stop();
    }
  });

  test("a 302 is a failed attempt and is not followed", async () => {
    const receiver = startWebhookReceiver((path) => (path === "/hook" ? new Response(null, { status: 302, headers: { location: "/elsewhere" } }) : new Response("ok")));
    try {
      const { id } = await pendingDelivery(receiver.url());
      expect(await attemptDelivery(deliveryDeps(true), id)).toBe("retry");
      expect(receiver.received.map((r) => r.path)).toEqual(["/hook"]);
      const [row] = await svc().database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
      expect(row!.lastError).toContain("302");
    } finally {
      receiver.stop();
    }
  });

  test("private, loopback, link-local, CGNAT, metadata and mapped targets are refused again at delivery", async () => {
    const receiver = startWebhookReceiver();
    try {
      const port = new URL(receiver.url()).port;
      for (const host of ["127.0.0.1", "10.1.2.3", "169.254.169.254", "100.64.0.1", "[::ffff:127.0.0.1]", "[::1]", "localhost"]) {
        const { id } = await pendingDelivery(`https://${host}:${port}/hook`);
        expect(await attemptDelivery(deliveryDeps(false), id)).toBe("retry");
        const [row] = await svc().database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
        expect(row!.lastError).toMatch(/not a public address|could not be resolved/);
      }
      const { id } = await pendingDelivery(receiver.url());
      expect(await attemptDelivery(deliveryDeps(false), id)).toBe("retry"); // http is refused without the unsafe setting
      expect(receiver.received).toHaveLength(0);
    } finally {
      receiver.stop();
    }
  });
});

import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Stripe from "stripe";
import { PIPELINE_RETRY_DELAY } from "../../src/queue/job-queue.ts";
import { STALLED_AFTER_MS } from "../../src/videos/worker.ts";
import { chatBody, storyBody } from "../helpers/videos.ts";
import { startWebhookReceiver } from "../fakes/webhook-receiver.ts";
import { ROOT, spawnService } from "../helpers/service-process.ts";
const dataDirs: string[] = [];
const processes: Bun.Subprocess[] = [];
afterAll(() => {
  for (const p of processes) p.kill("SIGKILL");
  for (const d of dataDirs) rmSync(d, { recursive: true, force: true });
});

/** The real service on the embedded database in `dataDir`, with loopback webhooks allowed. */
async function startService(dataDir: string, env: Record<string, string> = {}) {
  const service = await spawnService({ DATA_DIR: dataDir, UNSAFE_ALLOW_PRIVATE_URLS: "1", ...env });
  processes.push(service.proc);
  return service;
}

/** A new account whose request limit lets a test poll five times a second. */
async function createAccount(dataDir: string) {
  const admin = async (...args: string[]) => {
    const proc = Bun.spawn(["bun", "src/admin/cli.ts", ...args, "--json"], { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir }, stdout: "pipe", stderr: "pipe" });
    const out = await new Response(proc.stdout).text();
    if ((await proc.exited) !== 0) throw new Error(`admin ${args[0]} failed: ${await new Response(proc.stderr).text()}`);
    return JSON.parse(out);
  };
  const account = (await admin("create-account", "--email", `crash-${Date.now()}@example.com`)) as { accountId: string; apiKey: string; signingSecret: string };
  await admin("set-limits", "--account", account.accountId, "--requests-per-minute", "600");
  return account;
}

/**
 * Polls a video every `everyMs` until `until` says so. It fails past `timeoutMs`, or once nothing a caller
 * sees (status, stage, progress) has changed for `stillMs`: a stage shows no progress while it runs, and
 * on a loaded machine one can run for minutes, so the watchdog's own stall limit is the measure of a
 * stuck video.
 */
async function poll(url: string, apiKey: string, id: string, until: (v: any) => boolean, limits: { timeoutMs?: number; stillMs?: number; everyMs?: number }): Promise<any> {
  const deadline = Date.now() + (limits.timeoutMs ?? Number.POSITIVE_INFINITY);
  let seen = "";
  let movedAt = Date.now();
  for (;;) {
    const res = await fetch(`${url}/v1/videos/${id}`, { headers: { authorization: `Bearer ${apiKey}` } });
    const video = (await res.json()) as any;
    if (res.status === 200 && until(video)) return video;
    const state = `${video.status} ${video.stage} ${video.progress}`;
    if (state !== seen) [seen, movedAt] = [state, Date.now()];
    if (Date.now() > deadline) throw new Error(`timed out waiting on ${id}: ${JSON.stringify(video)}`);
    if (limits.stillMs !== undefined && Date.now() - movedAt > limits.stillMs) throw new Error(`${id} stood still for ${limits.stillMs} ms: ${JSON.stringify(video)}`);
    await Bun.sleep(limits.everyMs ?? 1100);
  }
}

const post = (url: string, apiKey: string, body: unknown, idempotencyKey?: string) =>
  fetch(`${url}/v1/videos`, {
    method: "POST",
    headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json", ...(idempotencyKey ? { "idempotency-key": idempotencyKey } : {}) },
    body: JSON.stringify(body),
  });

describe("crash recovery (kill -9)", () => {
  test("killed while rendering: after a restart the video completes once, charged once, with one video.completed", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "crash-render-"));
    dataDirs.push(dataDir);
    const receiver = startWebhookReceiver();
    try {
      const { apiKey, signingSecret } = await createAccount(dataDir);
      let service = await startService(dataDir);
      const created = (await (await post(service.url, apiKey, chatBody({ webhookUrl: receiver.url() }))).json()) as any;
      let renderingSince: number | undefined;
      // Polled five times a second: a fast machine renders this chat in a few seconds, and the kill must
      // come while it renders (the render writes its progress every 5%).
      const before = await poll(service.url, apiKey, created.id, (v) => {
        if (v.status === "failed" || v.status === "completed") throw new Error(`the video ended before the crash: ${JSON.stringify(v)}`);
        if (v.status === "rendering") renderingSince ??= Date.now();
        return v.status === "rendering" && v.progress >= 55;
      }, { stillMs: STALLED_AFTER_MS, everyMs: 200 });
      // How fast this machine renders right now: the wait for the restarted render derives from it (the
      // render fills progress 50-99), so a loaded machine waits longer instead of failing.
      const msPerPercent = (Date.now() - renderingSince!) / Math.max(1, before.progress - 50);
      service.proc.kill("SIGKILL");
      await service.proc.exited;

      service = await startService(dataDir);
      // The whole render again at up to half the pace measured, after the queue's first retry delay (with
      // its backoff), plus a minute for storing, finishing and the polls.
      const recoveryMs = 2 * 50 * msPerPercent + 4 * PIPELINE_RETRY_DELAY * 1000 + 60_000;
      const statuses = new Set<string>();
      const video = await poll(
        service.url,
        apiKey,
        created.id,
        (v) => {
          statuses.add(v.status);
          return ["completed", "failed"].includes(v.status);
        },
        { timeoutMs: recoveryMs },
      );
      expect(video.status).toBe("completed");
      // The narration finished before the crash and was kept: the second attempt went straight to rendering.
      expect(statuses.has("narrating")).toBe(false);
      const me = (await (await fetch(`${service.url}/v1/me`, { headers: { authorization: `Bearer ${apiKey}` } })).json()) as any;
      expect(me.usage.creditsCharged.videos).toBe(1);
      expect(me.usage.videosCompleted).toBe(1);
      expect(me.usage.videosInProgress).toBe(0);
      const redirect = await fetch(video.downloadUrl.replace(/^https?:\/\/[^/]+/, service.url), { redirect: "manual" });
      expect(redirect.status).toBe(302);
      await Bun.sleep(3000);
      expect(receiver.received).toHaveLength(1);
      const event = (await new Stripe("sk_test_unused").webhooks.constructEventAsync(receiver.received[0]!.body, receiver.received[0]!.headers["x-service-signature"]!, signingSecret.slice(6))) as any;
      expect(event.type).toBe("video.completed");
      service.proc.kill("SIGTERM");
      await service.proc.exited;
    } finally {
      receiver.stop();
    }
  }, 1_800_000);

  test("killed right after the create commit, before answering: a retry with the same key returns the same video", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "crash-create-"));
    dataDirs.push(dataDir);
    const { apiKey } = await createAccount(dataDir);
    let service = await startService(dataDir, { SHORTVID_FAULT: "after-create-commit" });
    const first = await post(service.url, apiKey, storyBody(), "retry-me").catch((error: Error) => error);
    expect(first).toBeInstanceOf(Error);
    await service.proc.exited;

    service = await startService(dataDir);
    const retry = await post(service.url, apiKey, storyBody(), "retry-me");
    expect(retry.status).toBe(202);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    const video = (await retry.json()) as any;
    const list = (await (await fetch(`${service.url}/v1/videos`, { headers: { authorization: `Bearer ${apiKey}` } })).json()) as any;
    expect(list.data.map((v: any) => v.id)).toEqual([video.id]);
    service.proc.kill("SIGKILL");
    await service.proc.exited;
    // Two service starts and a migration: on a loaded machine each start alone can take a minute.
  }, 600_000);
});

import { describe, expect, test } from "bun:test";
import { videos } from "../../db/schema/index.ts";
import { DATABASE_KINDS } from "../helpers/databases.ts";
import { useService } from "../helpers/harness.ts";
import { expectProblem } from "../helpers/problem.ts";
import { storyBody } from "../helpers/videos.ts";

describe.each(DATABASE_KINDS)("idempotency on %s", (kind) => {
  const svc = useService(kind);

  const create = (apiKey: string, key: string, body: unknown) =>
    svc().request("/v1/videos", { method: "POST", key: apiKey, json: body, headers: { "idempotency-key": key } });

  test("same key and body twice gives one video; the replay is the video as it is now, marked replayed", async () => {
    const { apiKey } = await svc().createAccount();
    const first = await create(apiKey, "order-1", storyBody());
    expect(first.status).toBe(202);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const video = (await first.json()) as any;
    // Key order and spacing do not make a different body.
    const { text, title, voiceSpeed } = storyBody().inputs;
    const reordered = { inputs: { voiceSpeed, text, title }, template: "reddit_story" };
    const again = await create(apiKey, "order-1", reordered);
    expect(again.status).toBe(202);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.headers.get("location")).toBe(`/v1/videos/${video.id}`);
    expect(await again.json()).toEqual(video);
    await svc().request(`/v1/videos/${video.id}/cancel`, { method: "POST", key: apiKey });
    const later = (await (await create(apiKey, "order-1", storyBody())).json()) as any;
    expect(later.status).toBe("cancelled");
    expect(await svc().database.db.select().from(videos)).toHaveLength(1);
  });

  test("50 parallel identical creates give exactly one video", async () => {
    const { apiKey } = await svc().createAccount();
    const results = await Promise.all(Array.from({ length: 50 }, () => create(apiKey, "burst", storyBody())));
    const accepted = results.filter((r) => r.status === 202);
    expect(accepted.length).toBeGreaterThanOrEqual(1);
    const ids = new Set(await Promise.all(accepted.map(async (r) => ((await r.json()) as any).id)));
    expect(ids.size).toBe(1);
    for (const r of results.filter((r) => r.status !== 202)) {
      expect([409, 429]).toContain(r.status);
      expect(r.headers.get("retry-after")).toMatch(/^\d+$/);
    }
    expect(await svc().database.db.select().from(videos)).toHaveLength(1);
    const replay = await create(apiKey, "burst", storyBody());
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
  });

  test("a different body with the same key is 422; another account's same key is independent", async () => {
    const a = await svc().createAccount();
    const b = await svc().createAccount();
    expect((await create(a.apiKey, "k", storyBody())).status).toBe(202);
    await expectProblem(await create(a.apiKey, "k", storyBody({}, { title: "Another title" })), 422, "IDEMPOTENCY_KEY_REUSED");
    const other = await create(b.apiKey, "k", storyBody());
    expect(other.status).toBe(202);
    expect(other.headers.get("idempotent-replayed")).toBeNull();
    expect(await svc().database.db.select().from(videos)).toHaveLength(2);
  });

  test("keys are 1-255 characters; they apply to estimate and cancel too; they last 24 hours", async () => {
    const { apiKey } = await svc().createAccount();
    await expectProblem(await create(apiKey, "", storyBody()), 400, "INVALID_IDEMPOTENCY_KEY");
    await expectProblem(await create(apiKey, "x".repeat(256), storyBody()), 400, "INVALID_IDEMPOTENCY_KEY");
    expect((await create(apiKey, "x".repeat(255), storyBody())).status).toBe(202);

    const estimate = (key: string) => svc().request("/v1/estimate", { method: "POST", key: apiKey, json: storyBody(), headers: { "idempotency-key": key } });
    const e1 = await estimate("est");
    const e2 = await estimate("est");
    expect(e2.headers.get("idempotent-replayed")).toBe("true");
    expect(await e2.json()).toEqual(await e1.json());

    const id = ((await (await create(apiKey, "c", storyBody())).json()) as any).id;
    const cancel = () => svc().request(`/v1/videos/${id}/cancel`, { method: "POST", key: apiKey, headers: { "idempotency-key": "cancel-1" } });
    expect((await cancel()).status).toBe(200);
    const replayed = await cancel();
    expect(replayed.status).toBe(200);
    expect(replayed.headers.get("idempotent-replayed")).toBe("true");

    // A 400 is final for that body and is replayed; a 429 depends on the moment and is not stored.
    await expectProblem(await create(apiKey, "bad", storyBody({ webhookUrl: "http://example.com" })), 400, "INVALID_WEBHOOK_URL");
    const replayedRefusal = await create(apiKey, "bad", storyBody({ webhookUrl: "http://example.com" }));
    expect(replayedRefusal.headers.get("idempotent-replayed")).toBe("true");
    await expectProblem(replayedRefusal, 400, "INVALID_WEBHOOK_URL");
    for (let i = 0; i < 2; i++) expect((await create(apiKey, `fill-${i}`, storyBody())).status).toBe(202);
    await expectProblem(await create(apiKey, "busy", storyBody()), 429, "CONCURRENCY_LIMIT");
    await svc().request(`/v1/videos/${(await (await create(apiKey, "fill-0", storyBody())).json() as any).id}/cancel`, { method: "POST", key: apiKey });
    const retried = await create(apiKey, "busy", storyBody());
    expect(retried.status).toBe(202);
    expect(retried.headers.get("idempotent-replayed")).toBeNull();
    await svc().request(`/v1/videos/${((await retried.json()) as any).id}/cancel`, { method: "POST", key: apiKey });

    svc().advance(24 * 3600 * 1000 + 1000);
    const fresh = await create(apiKey, "c", storyBody({}, { title: "A new day" }));
    expect(fresh.status).toBe(202);
    expect(fresh.headers.get("idempotent-replayed")).toBeNull();
  });
});

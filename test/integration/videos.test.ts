import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { videos } from "../../db/schema/index.ts";
import { DATABASE_KINDS } from "../helpers/databases.ts";
import { useService } from "../helpers/harness.ts";
import { expectProblem } from "../helpers/problem.ts";
import { storyBody } from "../helpers/videos.ts";
import { articleVideo } from "../../src/templates/article-video/index.ts";
import { quizVideo } from "../../src/templates/quiz-video/index.ts";

describe.each(DATABASE_KINDS)("videos on %s", (kind) => {
  const svc = useService(kind);

  const create = (key: string, body: unknown, headers: Record<string, string> = {}) =>
    svc().request("/v1/videos", { method: "POST", key, json: body, headers });

  test("create answers 202 with Location and every field of the Video; get and list return it", async () => {
    const { apiKey } = await svc().createAccount();
    const res = await create(apiKey, storyBody());
    expect(res.status).toBe(202);
    const video = (await res.json()) as Record<string, any>;
    expect(res.headers.get("location")).toBe(`/v1/videos/${video.id}`);
    expect(video.id).toMatch(/^vid_/);
    expect(video).toMatchObject({ template: "reddit_story", status: "queued", progress: null, projectId: null, exportId: null, downloadUrl: null });
    expect(video.stage).toBe("Waiting in the queue");
    expect(video.error).toBeNull();
    expect(video.creditsCharged).toBeNull();
    expect(video.completedAt).toBeNull();
    expect(video.cutAtMs).toBeNull();
    expect(video.downloadExpiresAt).toBeNull();
    expect(Number.isInteger(video.estimatedSecondsRemaining) && video.estimatedSecondsRemaining > 0).toBe(true);
    expect("notices" in video).toBe(false);
    expect(new Date(video.createdAt).toISOString()).toBe(video.createdAt);
    for (const h of ["x-ratelimit-limit", "x-ratelimit-remaining", "x-ratelimit-reset"]) expect(res.headers.get(h)).toMatch(/^\d+$/);

    const got = await svc().request(`/v1/videos/${video.id}`, { key: apiKey });
    expect(got.status).toBe(200);
    expect(await got.json()).toEqual(video);
    const other = await svc().createAccount();
    await expectProblem(await svc().request(`/v1/videos/${video.id}`, { key: other.apiKey }), 404, "NOT_FOUND");
    await expectProblem(await svc().request(`/v1/videos/vid_nope`, { key: apiKey }), 404, "NOT_FOUND");
  });

  test("list is newest first, pages with an opaque cursor, and refuses a bad limit or cursor", async () => {
    const { apiKey } = await svc().createAccount();
    await svc().admin("set-limits", { account: (await svc().request("/v1/me", { key: apiKey }).then((r) => r.json()) as any).user.id, "concurrent-renders": "10" });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(((await (await create(apiKey, storyBody())).json()) as any).id);
    const page1 = (await (await svc().request("/v1/videos?limit=2", { key: apiKey })).json()) as any;
    expect(page1.data.map((v: any) => v.id)).toEqual([ids[4], ids[3]]);
    const page2 = (await (await svc().request(`/v1/videos?limit=2&cursor=${page1.nextCursor}`, { key: apiKey })).json()) as any;
    expect(page2.data.map((v: any) => v.id)).toEqual([ids[2], ids[1]]);
    const page3 = (await (await svc().request(`/v1/videos?limit=2&cursor=${page2.nextCursor}`, { key: apiKey })).json()) as any;
    expect(page3.data.map((v: any) => v.id)).toEqual([ids[0]]);
    expect(page3.nextCursor).toBeNull();
    const all = (await (await svc().request("/v1/videos", { key: apiKey })).json()) as any;
    expect(all.data).toHaveLength(5);
    const other = await svc().createAccount();
    expect(((await (await svc().request("/v1/videos", { key: other.apiKey })).json()) as any).data).toEqual([]);
    for (const bad of ["limit=0", "limit=51", "limit=abc", "cursor=garbage"]) {
      await expectProblem(await svc().request(`/v1/videos?${bad}`, { key: apiKey }), 400, "INVALID_INPUT");
    }
  });

  test("cancel works only while queued; it costs nothing and frees the slot", async () => {
    const { apiKey } = await svc().createAccount();
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push(((await (await create(apiKey, storyBody())).json()) as any).id);
    await expectProblem(await create(apiKey, storyBody()), 429, "CONCURRENCY_LIMIT");
    const res = await svc().request(`/v1/videos/${ids[0]}/cancel`, { method: "POST", key: apiKey });
    expect(res.status).toBe(200);
    const cancelled = (await res.json()) as any;
    expect(cancelled).toMatchObject({ status: "cancelled", error: { code: "CANCELLED" }, creditsCharged: null, estimatedSecondsRemaining: null });
    await expectProblem(await svc().request(`/v1/videos/${ids[0]}/cancel`, { method: "POST", key: apiKey }), 409, "CANNOT_CANCEL");
    expect((await create(apiKey, storyBody())).status).toBe(202);
    await svc().database.db.update(videos).set({ status: "rendering" }).where(eq(videos.id, ids[1]));
    await expectProblem(await svc().request(`/v1/videos/${ids[1]}/cancel`, { method: "POST", key: apiKey }), 409, "CANNOT_CANCEL");
    const other = await svc().createAccount();
    await expectProblem(await svc().request(`/v1/videos/${ids[2]}/cancel`, { method: "POST", key: other.apiKey }), 404, "NOT_FOUND");
  });

  test("create refuses bad templates, inputs, projects and unsafe topics", async () => {
    const { apiKey } = await svc().createAccount();
    await expectProblem(await create(apiKey, { template: "nope", inputs: {} }), 400, "UNKNOWN_TEMPLATE");
    const invalid = await expectProblem(await create(apiKey, storyBody({}, { text: "too short" })), 400, "INVALID_INPUT");
    expect(invalid.errors[0].path).toBe("inputs.text");
    await expectProblem(await create(apiKey, storyBody({ extra: 1 })), 400, "INVALID_INPUT");
    await expectProblem(await create(apiKey, storyBody({ projectId: "prj_missing" })), 404, "NOT_FOUND");
    const unsafe = await expectProblem(await create(apiKey, { template: quizVideo.id, inputs: { topic: "why women are bad drivers" } }), 400, "SAFETY_REJECTED");
    expect(unsafe.errors[0].path).toBe("inputs.topic");
    const profane = { source: { kind: "text", text: `${String(articleVideo.examples.full.source && (articleVideo.examples.full.source as { text: string }).text)} What the fuck.` } };
    await expectProblem(await create(apiKey, { template: articleVideo.id, inputs: profane }), 400, "SAFETY_REJECTED");
    expect(await svc().database.db.select().from(videos)).toHaveLength(0);
  });

  test("webhookUrl must be https on a public address", async () => {
    const { apiKey } = await svc().createAccount();
    const targets = [
      "http://example.com/hook",
      "https://127.0.0.1/hook",
      "https://localhost/hook",
      "https://10.0.0.5/hook",
      "https://192.168.1.1/hook",
      "https://169.254.169.254/latest/meta-data",
      "https://100.64.0.1/hook",
      "https://[::1]/hook",
      "https://[::ffff:127.0.0.1]/hook",
      "https://[fd00::1]/hook",
      "https://0x7f.1/hook",
      "not a url",
    ];
    for (const url of targets) {
      const res = await create(apiKey, storyBody({ webhookUrl: url }));
      const body = await expectProblem(res, 400, "INVALID_WEBHOOK_URL");
      expect(body.detail).toContain("webhookUrl");
    }
    expect(await svc().database.db.select().from(videos)).toHaveLength(0);
  });

  test("plan and balance gates answer 402 with upsell and plansUrl before anything is created", async () => {
    const none = await svc().createAccount({ plan: "none" });
    const noPlan = await expectProblem(await create(none.apiKey, storyBody()), 402, "SUBSCRIPTION_REQUIRED");
    expect(noPlan.upsell).toBe("subscribe");
    const empty = await svc().createAccount();
    await svc().admin("set-balance", { account: empty.accountId, "video-allowance": "0" });
    expect((await expectProblem(await create(empty.apiKey, storyBody()), 402, "VIDEO_ALLOWANCE_EXHAUSTED")).upsell).toBe("topup");
    const one = await svc().createAccount();
    await svc().admin("set-balance", { account: one.accountId, "video-allowance": "1" });
    expect((await create(one.apiKey, storyBody())).status).toBe(202);
    // The first video is still in progress: its cost is reserved.
    await expectProblem(await create(one.apiKey, storyBody()), 402, "VIDEO_ALLOWANCE_EXHAUSTED");
    const legacy = await svc().createAccount({ plan: "legacy" });
    await expectProblem(await create(legacy.apiKey, storyBody()), 402, "INSUFFICIENT_CREDITS");
    await svc().admin("set-balance", { account: legacy.accountId, "export-credits": "1", credits: "5" });
    expect((await create(legacy.apiKey, storyBody())).status).toBe(202);
    expect(await svc().database.db.select().from(videos)).toHaveLength(2);
  });

  test("ten parallel creates admit exactly three; the rest are CONCURRENCY_LIMIT with Retry-After 30", async () => {
    const { apiKey } = await svc().createAccount();
    const results = await Promise.all(Array.from({ length: 10 }, () => create(apiKey, storyBody())));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 202)).toHaveLength(3);
    for (const r of results.filter((r) => r.status !== 202)) {
      await expectProblem(r, 429, "CONCURRENCY_LIMIT");
      expect(r.headers.get("retry-after")).toBe("30");
    }
  });

  test("when the queue cannot take the job the create is 503 and nothing is created", async () => {
    const { apiKey } = await svc().createAccount();
    await svc().database.executeSql("drop schema pgboss cascade");
    await expectProblem(await create(apiKey, storyBody()), 503, "SERVICE_UNAVAILABLE");
    expect(await svc().database.db.select().from(videos)).toHaveLength(0);
  });
});

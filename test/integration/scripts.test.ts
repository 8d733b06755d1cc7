import { afterAll, describe, expect, test } from "bun:test";
import { ARTICLES, articlePage, TIDES } from "../fixtures/articles.ts";
import { startFakeChatServer } from "../fakes/chat-server.ts";
import { DATABASE_KINDS } from "../helpers/databases.ts";
import { useService } from "../helpers/harness.ts";
import { expectProblem } from "../helpers/problem.ts";
import { storyBody } from "../helpers/videos.ts";

/** A loopback site: an article page, a short page, a missing page and a JSON document. */
const site: ReturnType<typeof Bun.serve> = Bun.serve({
  port: 0,
  hostname: "127.0.0.1",
  fetch(request): Response {
    const path = new URL(request.url).pathname;
    const html = (body: string) => new Response(body, { headers: { "content-type": "text/html; charset=utf-8" } });
    if (path === "/tides") return html(articlePage("How tides work", TIDES));
    if (path === "/moved") return Response.redirect(`http://127.0.0.1:${site.port}/tides`, 301);
    if (path === "/short") return html(articlePage("Brief", "Tides rise and fall twice a day."));
    if (path === "/data.json") return Response.json({ hello: "world" });
    return new Response("not here", { status: 404 });
  },
});
const siteUrl = (path: string) => `http://127.0.0.1:${site.port}${path}`;
const chat = startFakeChatServer();
afterAll(() => {
  site.stop(true);
  chat.stop();
});

const article = (source: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ template: "article_video", inputs: { source, ...extra } });
const quiz = (inputs: Record<string, unknown>) => ({ template: "quiz_video", inputs });

for (const kind of DATABASE_KINDS) {
  describe(`POST /v1/scripts (${kind})`, () => {
    const svc = useService(kind, { UNSAFE_ALLOW_PRIVATE_URLS: "1" });
    const post = async (apiKey: string, body: unknown, headers: Record<string, string> = {}) => svc().request("/v1/scripts", { method: "POST", key: apiKey, json: body, headers });

    test("an article script from pasted text: free, no plan, saved on a draft project, replayed by Idempotency-Key", async () => {
      const { apiKey } = await svc().createAccount({ plan: "none" });
      const body = article({ kind: "text", text: ARTICLES.BEES }, { length: "short", tone: "authority" });
      const res = await post(apiKey, body, { "idempotency-key": "script-1" });
      expect(res.status).toBe(200);
      const result = (await res.json()) as Record<string, any>;
      expect(result.projectId).toMatch(/^prj_/);
      expect(result.template).toBe("article_video");
      expect(result.generator).toBe("offline");
      expect(result.script.length).toBe("short");
      expect(result.script.tone).toBe("authority");
      expect(result.script.sourceUrl).toBeNull();
      expect(Math.abs(result.script.wordCount - 75) / 75).toBeLessThanOrEqual(0.2);
      expect(result.script.estimatedSeconds).toBeGreaterThan(24);
      expect(result.script.estimatedSeconds).toBeLessThan(36);
      expect(result.notices.length).toBeGreaterThan(0);
      expect(result.pack).toBeUndefined();
      const replay = await post(apiKey, body, { "idempotency-key": "script-1" });
      expect(replay.headers.get("idempotent-replayed")).toBe("true");
      expect(((await replay.json()) as any).projectId).toBe(result.projectId);
    });

    test("an article script from a URL follows redirects and reads only the article; unreadable and short pages are refused", async () => {
      const { apiKey } = await svc().createAccount();
      const res = await post(apiKey, article({ kind: "url", url: siteUrl("/moved") }, { length: "deep" }));
      expect(res.status).toBe(200);
      const result = (await res.json()) as Record<string, any>;
      expect(result.script.sourceUrl).toBe(siteUrl("/tides"));
      expect(result.script.title).toContain("How tides work");
      expect(result.script.text).not.toContain("Cookie");
      expect(result.script.wordCount).toBeGreaterThan(180);
      for (const path of ["/missing", "/data.json"]) {
        const refused = await expectProblem(await post(apiKey, article({ kind: "url", url: siteUrl(path) })), 422, "INGEST_FAILED");
        expect(refused.detail).toContain(siteUrl(path));
      }
      await expectProblem(await post(apiKey, article({ kind: "url", url: siteUrl("/short") })), 422, "SOURCE_TOO_SHORT");
      await expectProblem(await post(apiKey, article({ kind: "text", text: "Too short to narrate." })), 422, "SOURCE_TOO_SHORT");
    });

    test("a quiz pack for a topic; uncovered topics, unsafe topics and templates without a script step are refused", async () => {
      const { apiKey } = await svc().createAccount();
      const res = await post(apiKey, quiz({ topic: "Capital cities of Europe", questionCount: 7, difficulty: "hard", videoTitle: "Euro capitals" }));
      expect(res.status).toBe(200);
      const result = (await res.json()) as Record<string, any>;
      expect(result.template).toBe("quiz_video");
      expect(result.pack.title).toBe("Euro capitals");
      expect(result.pack.questions).toHaveLength(7);
      for (const q of result.pack.questions) {
        expect(new Set(q.options).size).toBe(4);
        expect(q.options[q.answerIndex]).toBeTruthy();
      }
      expect(result.pack.credits[0]).toContain("ODbL");
      const uncovered = await expectProblem(await post(apiKey, quiz({ topic: "Taylor Swift songs", categoryId: "music" })), 422, "PACK_FAILED");
      expect(uncovered.detail).toContain("LLM_BASE_URL");
      const unsafe = await expectProblem(await post(apiKey, quiz({ topic: "Why women are bad drivers" })), 400, "SAFETY_REJECTED");
      expect(unsafe.errors[0].path).toBe("inputs.topic");
      const story = await expectProblem(await post(apiKey, storyBody()), 400, "TEMPLATE_NOT_AVAILABLE");
      expect(story.detail).toContain("/v1/previews");
      const chatVideo = await expectProblem(await post(apiKey, { template: "fake_text_message", inputs: {} }), 400, "TEMPLATE_NOT_AVAILABLE");
      expect(chatVideo.detail).toContain("no free step");
      await expectProblem(await post(apiKey, quiz({ topic: "x" })), 400, "INVALID_INPUT");
    });

    test("a video accepts the project of its own template only", async () => {
      const { apiKey } = await svc().createAccount();
      const pack = (await (await post(apiKey, quiz({ topic: "Chemical elements" }))).json()) as Record<string, any>;
      const create = (body: unknown) => svc().request("/v1/videos", { method: "POST", key: apiKey, json: body });
      const wrong = await expectProblem(await create({ ...article({ kind: "text", text: ARTICLES.SLEEP }), projectId: pack.projectId }), 404, "NOT_FOUND");
      expect(wrong.detail).toContain("/v1/scripts");
      const res = await create({ ...quiz({ topic: "Chemical elements", theme: "classic" }), projectId: pack.projectId });
      expect(res.status).toBe(202);
      const video = (await res.json()) as Record<string, any>;
      expect(video.projectId).toBe(pack.projectId);
      expect(video.notices.length).toBe(2);
    });
  });
}

/** About 75 words, every figure, quote and name from TIDES, opening on a figure as every script must. */
const FAITHFUL =
  "In Canada, the Bay of Fundy sees a tide range of up to 16 metres, the largest in the world. Tides are the longest wave on the planet. Twice a day the sea creeps up the beach and slips away again, because the Moon's gravity stretches the oceans into two bulges. High tides come about twelve hours and twenty-five minutes apart. The Sun adds a pull roughly 46 percent as strong.";
const INVENTED = `${FAITHFUL} "Tides will stop within a century," warned Dr. Felix Brandt.`;

describe("POST /v1/scripts with an LLM (OpenAI-compatible fake)", () => {
  const svc = useService("pglite", { LLM_BASE_URL: chat.url, LLM_API_KEY: "sk-test", LLM_MODEL: "test-model" });
  const post = async (apiKey: string, body: unknown) => (await svc().request("/v1/scripts", { method: "POST", key: apiKey, json: body })).json() as Promise<Record<string, any>>;
  const text = article({ kind: "text", text: TIDES }, { length: "short" });

  test("the model writes the script through structured output; an invalid answer gets one repair turn", async () => {
    const { apiKey } = await svc().createAccount();
    chat.requests.length = 0;
    chat.replies.push({ content: "{\"script\": " }, { content: JSON.stringify({ script: FAITHFUL }) });
    const result = await post(apiKey, text);
    expect(result.generator).toBe("llm");
    expect(result.script.text).toBe(FAITHFUL);
    const calls = chat.requests.filter((r) => r.path === "/v1/chat/completions");
    expect(calls).toHaveLength(2);
    expect(calls[0]!.authorization).toBe("Bearer sk-test");
    expect(calls[0]!.body.model).toBe("test-model");
    expect(calls[0]!.body.response_format.type).toBe("json_schema");
    expect(calls[0]!.body.response_format.json_schema.strict).toBe(true);
    expect(calls[1]!.body.messages.at(-1).content).toContain("does not match");
  });

  test("a server that refuses json_schema is asked for json_object with the schema in the prompt", async () => {
    const { apiKey } = await svc().createAccount();
    chat.requests.length = 0;
    chat.replies.push({ status: 400, error: "response_format json_schema is not supported" }, { content: JSON.stringify({ script: FAITHFUL }) });
    const result = await post(apiKey, text);
    expect(result.generator).toBe("llm");
    const calls = chat.requests.filter((r) => r.path === "/v1/chat/completions");
    expect(calls.map((c) => c.body.response_format.type)).toEqual(["json_schema", "json_object"]);
    expect(calls[1]!.body.messages[0].content).toContain('"script"');
  });

  test("a script with an invented quote is rejected, regenerated with feedback, then written offline", async () => {
    const { apiKey } = await svc().createAccount();
    chat.requests.length = 0;
    chat.replies.push({ content: JSON.stringify({ script: INVENTED }) }, { content: JSON.stringify({ script: INVENTED }) });
    const result = await post(apiKey, text);
    expect(result.generator).toBe("offline");
    expect(result.script.text).not.toContain("Brandt");
    const calls = chat.requests.filter((r) => r.path === "/v1/chat/completions");
    expect(calls).toHaveLength(2);
    expect(calls[1]!.body.messages[1].content).toContain("tides will stop within a century");
  });

  test("a failing server falls back to the offline writer; a topic only the model could cover is 502", async () => {
    const { apiKey } = await svc().createAccount();
    chat.replies.push({ status: 500, error: "overloaded" });
    expect((await post(apiKey, text)).generator).toBe("offline");
    chat.replies.push({ status: 503, error: "down" });
    const res = await svc().request("/v1/scripts", { method: "POST", key: apiKey, json: quiz({ topic: "Taylor Swift songs" }) });
    await expectProblem(res, 502, "UPSTREAM_FAILED");
  });

  const albums = Array.from({ length: 5 }, (_, i) => ({ question: `Which album is number ${i + 1}?`, options: ["Fearless", "Red", "Lover", "Folklore"], answerIndex: i % 4, fact: `Album fact ${i + 1}.` }));

  test("quiz packs come from the model when valid (a server without a moderation endpoint is not asked again)", async () => {
    const { apiKey } = await svc().createAccount();
    chat.requests.length = 0;
    chat.replies.push({ content: JSON.stringify({ questions: albums }) }, { content: JSON.stringify({ questions: albums }) });
    for (let i = 0; i < 2; i++) {
      const pack = await post(apiKey, quiz({ topic: "Taylor Swift albums", categoryId: "music" }));
      expect(pack.generator).toBe("llm");
      expect(pack.pack.questions).toHaveLength(5);
      expect(pack.pack.credits).toEqual([]);
    }
    expect(chat.requests.filter((r) => r.path === "/v1/moderations")).toHaveLength(1);
  });

  test("a pack the moderation endpoint flags is not used", async () => {
    const { apiKey } = await svc().createAccount();
    chat.flagWord = "Folklore";
    chat.replies.push({ content: JSON.stringify({ questions: albums }) }, { content: JSON.stringify({ questions: albums }) });
    const flagged = await post(apiKey, quiz({ topic: "World capitals" }));
    chat.flagWord = null;
    expect(flagged.generator).toBe("offline");
    expect(flagged.pack.questions.some((q: { options: string[] }) => q.options.includes("Folklore"))).toBe(false);
  });
});

import { describe, expect, spyOn, test } from "bun:test";
import { FAILED_AUTH_PER_MINUTE } from "../../actors/failed-auth.ts";
import { videos } from "../../db/schema/index.ts";
import { BODY_LIMITS } from "../../src/http/body-shape.ts";
import { rememberClientAddress } from "../../src/http/client-address.ts";
import { MAX_STORED_ANSWER_BYTES } from "../../src/idempotency/keys.ts";
import { runIdempotent } from "../../src/idempotency/run.ts";
import { DATABASE_KINDS } from "../helpers/databases.ts";
import { BASE, useService } from "../helpers/harness.ts";
import { expectProblem } from "../helpers/problem.ts";
import { storyBody } from "../helpers/videos.ts";

const chatBody = (inputs: Record<string, unknown>) => ({
  template: "fake_text_message",
  inputs: { contact: { name: "Sam" }, messages: [{ sender: "me", text: "hi" }, { sender: "them", text: "hello" }], ...inputs },
});

describe.each(DATABASE_KINDS)("hostile requests on %s", (kind) => {
  const svc = useService(kind);
  const post = (path: string, apiKey: string, body: string, headers: Record<string, string> = {}) =>
    svc().request(path, { method: "POST", key: apiKey, body, headers: { "content-type": "application/json", ...headers } });

  test("a huge array is refused by its length before any element is walked, with a small body, and with a key the answer stays small", async () => {
    const { apiKey } = await svc().createAccount();
    const captions = `[${Array.from({ length: 500_000 }, () => "{}").join(",")}]`;
    const body = JSON.stringify(chatBody({})).replace(/}}$/, `,"captions":${captions}}}`);
    const estimate = await post("/v1/estimate", apiKey, body);
    const problem = await expectProblem(estimate, 400, "INVALID_INPUT");
    expect(problem.errors).toEqual([{ path: "inputs.captions", code: "too_many", message: "must have at most 1000 items" }]);
    const items = `[${Array.from({ length: 300_000 }, () => "{}").join(",")}]`;
    const create = await post("/v1/videos", apiKey, JSON.stringify(chatBody({})).replace(/}}$/, `,"captions":${items}}}`), { "idempotency-key": "big" });
    expect(create.status).toBe(400);
    expect((await create.text()).length).toBeLessThan(4096);
  }, 60_000);

  test("at most 100 issues are listed, the rest counted; the body stays under 64 KB", async () => {
    const { apiKey } = await svc().createAccount();
    const extra = Object.fromEntries(Array.from({ length: 900 }, (_, i) => [`field${i}`, i]));
    const res = await post("/v1/estimate", apiKey, JSON.stringify(storyBody({}, extra)));
    const text = await res.clone().text();
    const problem = await expectProblem(res, 400, "INVALID_INPUT");
    expect(problem.errors).toHaveLength(100);
    expect(problem.errorsOmitted).toBe(800);
    expect(problem.detail).toContain("900 fields are invalid");
    expect(text.length).toBeLessThan(64 * 1024);
  }, 60_000);

  test("150,000 field names under the 2 MB cap are refused from the text, before it is parsed, in one object or spread over many", async () => {
    const { apiKey } = await svc().createAccount();
    const fields = (count: number, from = 0) => Array.from({ length: count }, (_, i) => `"k${(from + i).toString(36)}":0`).join(",");
    const oneObject = JSON.stringify(storyBody()).replace(/}}$/, `,${fields(150_000)}}}`);
    const spread = JSON.stringify(storyBody()).replace(/}}$/, `,"extra":[${Array.from({ length: 150 }, (_, j) => `{${fields(1000, j * 1000)}}`).join(",")}]}}`);
    for (const body of [oneObject, spread]) expect(body.length).toBeGreaterThan(1_000_000);
    expect(Math.max(oneObject.length, spread.length)).toBeLessThan(2 * 1024 * 1024);
    // What the request cost before it was bounded, at the least: parsing the text once.
    const parseStarted = performance.now();
    JSON.parse(oneObject);
    const parseMs = performance.now() - parseStarted;

    const parse = spyOn(JSON, "parse");
    try {
      const started = performance.now();
      const one = await expectProblem(await post("/v1/estimate", apiKey, oneObject), 400, "INVALID_INPUT");
      const refusedMs = performance.now() - started;
      expect(one.errors).toEqual([{ path: "inputs", code: "too_many", message: `must have at most ${BODY_LIMITS.maxObjectFields} fields` }]);
      const many = await expectProblem(await post("/v1/videos", apiKey, spread, { "idempotency-key": "spread" }), 400, "INVALID_INPUT");
      expect(many.errors).toEqual([{ path: "", code: "too_many", message: `must have at most ${BODY_LIMITS.maxFields} field names in all` }]);
      // Neither text reached the parser, so the refusal costs a fraction of what parsing it alone does.
      expect(parse.mock.calls.filter(([text]) => typeof text === "string" && text.length > 1_000_000)).toHaveLength(0);
      expect(refusedMs).toBeLessThan(parseMs);
    } finally {
      parse.mockRestore();
    }
    expect(await svc().database.db.select().from(videos)).toHaveLength(0);
  }, 60_000);

  test("deeply nested arrays with an Idempotency-Key are refused by depth before the fingerprint (400, not 500)", async () => {
    const { apiKey } = await svc().createAccount();
    // 10,000 levels overflowed the fingerprint's recursion on a smaller stack; 100,000 overflow any.
    for (const levels of [100_000, 10_000]) {
      const deep = `${"[".repeat(levels)}${"]".repeat(levels)}`;
      const body = JSON.stringify(storyBody()).replace(/}}$/, `,"deep":${deep}}}`);
      const problem = await expectProblem(await post("/v1/videos", apiKey, body, { "idempotency-key": `deep-${levels}` }), 400, "INVALID_INPUT");
      expect(problem.errors).toEqual([{ path: `inputs.deep${"[0]".repeat(30)}`, code: "too_deep", message: "must not nest deeper than 32 levels" }]);
    }
  }, 60_000);

  test("NUL and lone surrogates are INVALID_INPUT on estimate and create alike; such path ids are 404; queries are refused", async () => {
    const { apiKey } = await svc().createAccount();
    for (const bad of ["a\u0000b", "x\ud800y", "y\udc00", "bell\u0007"]) {
      for (const path of ["/v1/estimate", "/v1/videos"]) {
        const problem = await expectProblem(await post(path, apiKey, JSON.stringify(storyBody({}, { text: `${storyBody().inputs.text} ${bad}` }))), 400, "INVALID_INPUT");
        expect(problem.errors).toEqual([{ path: "inputs.text", code: "invalid_characters", message: "must not contain control characters or unpaired surrogates" }]);
      }
    }
    const project = await expectProblem(await post("/v1/videos", apiKey, JSON.stringify(storyBody({ projectId: "prj_\u0000" }))), 400, "INVALID_INPUT");
    expect(project.errors[0].path).toBe("projectId");
    // Emoji (a surrogate pair), tabs and newlines are text like any other.
    expect((await post("/v1/estimate", apiKey, JSON.stringify(storyBody({}, { title: "Tab\tand 🎉 emoji" })))).status).toBe(200);
    await expectProblem(await svc().request("/v1/videos/vid_%00", { key: apiKey }), 404, "NOT_FOUND");
    await expectProblem(await svc().request("/v1/videos/vid_%ED%A0%80", { key: apiKey }), 404, "NOT_FOUND");
    await expectProblem(await svc().request("/v1/d/%00"), 404, "NOT_FOUND");
    await expectProblem(await svc().request("/v1/videos?cursor=%00", { key: apiKey }), 400, "INVALID_INPUT");
    expect(await svc().database.db.select().from(videos)).toHaveLength(0);
  }, 60_000);

  test(`after ${FAILED_AUTH_PER_MINUTE} failed authentications in a minute an address is refused (429) before its key is looked up; others are not`, async () => {
    const { apiKey } = await svc().createAccount();
    const from = (address: string, key: string) => {
      const request = new Request(`${BASE}/v1/me`, { headers: { authorization: `Bearer ${key}` } });
      rememberClientAddress(request, address);
      return svc().app.handle(request);
    };
    const wrong = `svk_live_${"x".repeat(40)}`;
    for (let i = 0; i < FAILED_AUTH_PER_MINUTE; i++) expect((await from("203.0.113.7", wrong)).status).toBe(401);
    await expectProblem(await from("203.0.113.7", wrong), 429, "RATE_LIMITED");
    await expectProblem(await from("203.0.113.7", apiKey), 429, "RATE_LIMITED");
    expect((await from("203.0.113.8", apiKey)).status).toBe(200);
    svc().advance(60_000);
    expect((await from("203.0.113.7", apiKey)).status).toBe(200);
  }, 60_000);

  test("an answer over the stored size is sent but not kept: the same key runs the request again", async () => {
    const { accountId } = await svc().createAccount();
    let runs = 0;
    const call = (size: number) =>
      runIdempotent({
        db: svc().database.db,
        accountId,
        key: `size-${size}`,
        method: "POST",
        path: "/v1/estimate",
        body: { size },
        now: svc().deps.now(),
        respond: async () => {
          runs++;
          return new Response(JSON.stringify({ pad: "x".repeat(size) }), { status: 400, headers: { "content-type": "application/json" } });
        },
      });
    for (let i = 0; i < 2; i++) expect((await call(MAX_STORED_ANSWER_BYTES)).headers.get("idempotent-replayed")).toBeNull();
    expect(runs).toBe(2);
    await call(100);
    expect((await call(100)).headers.get("idempotent-replayed")).toBe("true");
    expect(runs).toBe(3);
  }, 60_000);

  test("own-media URLs are checked at create like webhookUrl: scheme and literal addresses are refused with the field named", async () => {
    const { apiKey } = await svc().createAccount();
    const create = (body: unknown) => post("/v1/videos", apiKey, JSON.stringify(body));
    const metadata = await expectProblem(await create(storyBody({}, { backgroundAudioUrl: "http://169.254.169.254/x.mp3" })), 400, "INVALID_INPUT");
    expect(metadata.errors).toEqual([expect.objectContaining({ path: "inputs.backgroundAudioUrl", code: "invalid_url" })]);
    const compat = await expectProblem(await create(storyBody({}, { backgroundVideoUrl: "https://[::7f00:1]/bg.mp4" })), 400, "INVALID_INPUT");
    expect(compat.errors[0].path).toBe("inputs.backgroundVideoUrl");
    const decimal = await expectProblem(await create(storyBody({}, { backgroundVideoUrl: "https://2130706433/bg.mp4" })), 400, "INVALID_INPUT");
    expect(decimal.errors[0].message).toContain("127.0.0.1");
    const chat = await expectProblem(await create(chatBody({ background: { ownUrl: "https://10.0.0.1/a.mp4" }, music: { ownUrl: "https://[fd00::1]/m.mp3" } })), 400, "INVALID_INPUT");
    expect(chat.errors.map((e: { path: string }) => e.path).sort()).toEqual(["inputs.background.ownUrl", "inputs.music.ownUrl"]);
    expect(await svc().database.db.select().from(videos)).toHaveLength(0);
    // A public name passes at create (its addresses are checked when it is fetched).
    expect((await create(storyBody({}, { backgroundVideoUrl: "https://media.example.com/bg.mp4" }))).status).toBe(202);
  }, 60_000);
});

import { afterAll, describe, expect, test } from "bun:test";
import { startFakeChatServer } from "../fakes/chat-server.ts";
import { DATABASE_KINDS } from "../helpers/databases.ts";
import { useService } from "../helpers/harness.ts";
import { expectProblem } from "../helpers/problem.ts";

const quiz = (inputs: Record<string, unknown>) => ({ template: "quiz_video", inputs });
const UNCOVERED = "Taylor Swift songs";

for (const kind of DATABASE_KINDS) {
  describe(`quiz topics without an LLM (${kind})`, () => {
    const svc = useService(kind);
    const count = async (sql: string) => Number(((await svc().database.executeSql(sql)).rows[0] as { n: number | string }).n);
    /** What a create or a free step leaves behind: video rows, queued pipeline jobs, draft projects, usage. */
    const traces = async (apiKey: string) => {
      const me = (await (await svc().request("/v1/me", { key: apiKey })).json()) as any;
      return {
        videos: await count("select count(*) as n from videos"),
        jobs: await count("select count(*) as n from pgboss.job where name = 'video-pipeline'"),
        projects: await count("select count(*) as n from projects"),
        usage: me.usage,
      };
    };

    test("POST /v1/videos refuses an uncovered topic at once, naming what is covered, with nothing queued or charged", async () => {
      const { apiKey } = await svc().createAccount();
      const before = await traces(apiKey);
      for (const idempotencyKey of [undefined, "quiz-uncovered-1"]) {
        const headers: Record<string, string> = idempotencyKey ? { "idempotency-key": idempotencyKey } : {};
        const res = await svc().request("/v1/videos", { method: "POST", key: apiKey, json: quiz({ topic: UNCOVERED, categoryId: "music" }), headers });
        const problem = await expectProblem(res, 422, "PACK_FAILED");
        expect(problem.detail).toContain("taylor");
        expect(problem.detail).toContain("LLM_BASE_URL");
        expect(problem.detail).toContain("World War 2");
        expect(problem.errors).toHaveLength(1);
        expect(problem.errors[0].path).toBe("inputs.topic");
        expect(problem.errors[0].code).toBe("not_covered");
        expect(problem.errors[0].message).toContain("the solar system");
        expect(problem.errors[0].message).toContain("GET /v1/options");
      }
      expect(await traces(apiKey)).toEqual(before);
      expect(before).toMatchObject({ videos: 0, jobs: 0, projects: 0, usage: { videosCreated: 0, videosInProgress: 0 } });
    });

    test("POST /v1/estimate refuses an uncovered topic exactly as create and the free step do, and estimates a covered one", async () => {
      const { apiKey } = await svc().createAccount();
      const body = quiz({ topic: UNCOVERED, categoryId: "music" });
      const answers = [];
      for (const path of ["/v1/estimate", "/v1/videos", "/v1/scripts"]) {
        const problem = await expectProblem(await svc().request(path, { method: "POST", key: apiKey, json: body }), 422, "PACK_FAILED");
        answers.push({ detail: problem.detail, errors: problem.errors });
      }
      expect(answers[0]!.errors[0].path).toBe("inputs.topic");
      expect(answers[0]!.detail).toContain("LLM_BASE_URL");
      expect(answers[1]).toEqual(answers[0]!);
      expect(answers[2]).toEqual(answers[0]!);
      const estimate = await svc().request("/v1/estimate", { method: "POST", key: apiKey, json: quiz({ topic: "world war 2" }) });
      expect(estimate.status).toBe(200);
      expect(((await estimate.json()) as any).expectedDurationSeconds).toBeGreaterThan(0);
      expect(await count("select count(*) as n from videos")).toBe(0);
    });

    test("a topic narrower than the data, or one it has too few questions for, is refused the same way", async () => {
      const { apiKey } = await svc().createAccount();
      for (const inputs of [{ topic: "Pokémon of the 90s" }, { topic: "Currencies of Scandinavia", questionCount: 10 }]) {
        const problem = await expectProblem(await svc().request("/v1/videos", { method: "POST", key: apiKey, json: quiz(inputs) }), 422, "PACK_FAILED");
        expect(problem.errors[0].path).toBe("inputs.topic");
      }
      expect(await count("select count(*) as n from videos")).toBe(0);
    });

    test("everyday topics the data covers are queued as before", async () => {
      const { apiKey } = await svc().createAccount();
      for (const topic of ["world war 2", "90s movies", "flags of europe"]) {
        const res = await svc().request("/v1/videos", { method: "POST", key: apiKey, json: quiz({ topic }) });
        expect(res.status, topic).toBe(202);
      }
      expect(await count("select count(*) as n from videos")).toBe(3);
      expect(await count("select count(*) as n from pgboss.job where name = 'video-pipeline'")).toBe(3);
    });

    test("POST /v1/scripts answers the same refusal and saves no project; a covered topic gets a checked pack", async () => {
      const { apiKey } = await svc().createAccount({ plan: "none" });
      const refused = await expectProblem(await svc().request("/v1/scripts", { method: "POST", key: apiKey, json: quiz({ topic: UNCOVERED }) }), 422, "PACK_FAILED");
      expect(refused.errors[0].path).toBe("inputs.topic");
      expect(refused.detail).toContain("LLM_BASE_URL");
      expect(await count("select count(*) as n from projects")).toBe(0);
      const res = await svc().request("/v1/scripts", { method: "POST", key: apiKey, json: quiz({ topic: "the solar system", questionCount: 7 }) });
      expect(res.status).toBe(200);
      const result = (await res.json()) as any;
      expect(result.generator).toBe("offline");
      expect(result.pack.questions).toHaveLength(7);
      expect(result.pack.credits).toEqual(["Solar system facts: NASA planetary fact sheets (public domain)"]);
      const wordings = result.pack.questions.map((q: { question: string }) => q.question);
      expect(new Set(wordings).size).toBe(7);
    });

    test("GET /v1/options lists the offline topics by category and says any topic needs an LLM", async () => {
      const options = (await (await svc().request("/v1/options")).json()) as any;
      expect(options.quizTopics.anyTopic).toBe(false);
      const categories = options.quizTopics.offline.map((c: { category: string }) => c.category);
      expect(categories).toHaveLength(10);
      const topics = options.quizTopics.offline.flatMap((c: { topics: string[] }) => c.topics);
      for (const topic of ["the solar system", "World War 2", "90s movies", "Italian food", "flags of Europe", "football World Cup"]) expect(topics).toContain(topic);
    });
  });
}

describe("quiz topics with an LLM configured", () => {
  const chat = startFakeChatServer();
  afterAll(() => chat.stop());
  const svc = useService("pglite", { LLM_BASE_URL: chat.url, LLM_API_KEY: "sk-test", LLM_MODEL: "test-model" });

  test("any safe topic is accepted at create and listed as such; unsafe ones are still refused", async () => {
    const { apiKey } = await svc().createAccount();
    const res = await svc().request("/v1/videos", { method: "POST", key: apiKey, json: quiz({ topic: UNCOVERED }) });
    expect(res.status).toBe(202);
    await expectProblem(await svc().request("/v1/videos", { method: "POST", key: apiKey, json: quiz({ topic: "why women are bad drivers" }) }), 400, "SAFETY_REJECTED");
    const options = (await (await svc().request("/v1/options")).json()) as any;
    expect(options.quizTopics.anyTopic).toBe(true);
  });
});

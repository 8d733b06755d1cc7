import { describe, expect, test } from "bun:test";
import { TEMPLATES } from "../../src/templates/registry.ts";
import { DATABASE_KINDS } from "../helpers/databases.ts";
import { useService } from "../helpers/harness.ts";
import { expectProblem } from "../helpers/problem.ts";

describe.each(DATABASE_KINDS)("POST /v1/estimate on %s", (kind) => {
  const svc = useService(kind);
  const post = async (json: unknown, key: string) => svc().request("/v1/estimate", { method: "POST", key, json });

  test.each(TEMPLATES.list.map((t) => t.id))("%s examples are estimated", async (id) => {
    const { apiKey } = await svc().createAccount();
    const template = TEMPLATES.list.find((t) => t.id === id)!;
    for (const inputs of [template.examples.minimal, template.examples.full]) {
      const res = await post({ template: id, inputs }, apiKey);
      expect(res.status).toBe(200);
      const body = (await res.json()) as any;
      expect(body.template).toBe(id);
      expect(body.steps.map((s: any) => s.step)).toEqual(template.paidSteps.map((s) => s.step));
      expect(body.charges).toEqual({ narration: 0, render: 0, videos: 1 });
      expect(body.expectedDurationSeconds).toBeGreaterThan(3);
      expect(body.expectedProcessingSeconds).toBeGreaterThan(body.expectedDurationSeconds / 2);
    }
  });

  test("a reddit story is timed at 15 characters a second; legacy plans pay narration per started minute", async () => {
    const account = await svc().createAccount({ plan: "legacy" });
    const res = await post({ template: "reddit_story", inputs: { title: "t".repeat(100), text: "s".repeat(1700) } }, account.apiKey);
    const body = (await res.json()) as any;
    expect(body.expectedNarrationSeconds).toBe(120);
    expect(body.charges).toEqual({ narration: 2, render: 1, videos: 0 });
    expect(body.steps).toEqual([
      { step: "narration", credits: 2, unit: "narration_credits" },
      { step: "render", credits: 1, unit: "export_credits" },
    ]);
  });

  test("an unknown template is 400 UNKNOWN_TEMPLATE", async () => {
    const { apiKey } = await svc().createAccount();
    await expectProblem(await post({ template: "tiktok_dance", inputs: {} }, apiKey), 400, "UNKNOWN_TEMPLATE");
  });

  test("envelope and inputs problems are all listed", async () => {
    const { apiKey } = await svc().createAccount();
    const body = await expectProblem(await post({ template: "quiz_video", inputs: { topic: "x", theme: "dark" }, extra: 1 }, apiKey), 400, "INVALID_INPUT");
    expect(body.errors.map((e: any) => e.path).sort()).toEqual(["extra", "inputs.theme", "inputs.topic"]);
    const missing = await expectProblem(await post({ inputs: {} }, apiKey), 400, "INVALID_INPUT");
    expect(missing.errors).toContainEqual(expect.objectContaining({ path: "template", code: "required" }));
    const notObject = await expectProblem(await post({ template: "quiz_video", inputs: "topic" }, apiKey), 400, "INVALID_INPUT");
    expect(notObject.errors).toContainEqual(expect.objectContaining({ path: "inputs", code: "invalid_type" }));
  });

  test("a voice of the other set is 400 INVALID_VOICE; a silent reddit story is 400 NARRATION_REQUIRED", async () => {
    const { apiKey } = await svc().createAccount();
    const voice = await expectProblem(await post({ template: "quiz_video", inputs: { topic: "Rivers", voiceId: "2EiwWnXFnvU5JabPnv8n" } }, apiKey), 400, "INVALID_VOICE");
    expect(voice.errors[0].path).toBe("inputs.voiceId");
    const story = TEMPLATES.list.find((t) => t.id === "reddit_story")!.examples.minimal;
    await expectProblem(await post({ template: "reddit_story", inputs: { ...story, silent: true } }, apiKey), 400, "NARRATION_REQUIRED");
  });
});

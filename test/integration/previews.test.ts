import { describe, expect, test } from "bun:test";
import { readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { probe } from "../../render/ffmpeg.ts";
import { articleVideo } from "../../src/templates/article-video/index.ts";
import { fakeTextMessage } from "../../src/templates/fake-text-message/index.ts";
import { DATABASE_KINDS } from "../helpers/databases.ts";
import { useService } from "../helpers/harness.ts";
import { expectProblem } from "../helpers/problem.ts";
import { storyBody } from "../helpers/videos.ts";

for (const kind of DATABASE_KINDS) {
  describe(`POST /v1/previews (${kind})`, () => {
    const svc = useService(kind);

    test("narrates a ~10 s teaser of the title and the story's opening, free and without a plan, and returns it again by projectId", async () => {
      const { apiKey } = await svc().createAccount({ plan: "none" });
      const body = storyBody({}, { voiceSpeed: 1.1, voiceId: "cgSgspJ2msm6clMCkdW9" });
      const res = await svc().request("/v1/previews", { method: "POST", key: apiKey, json: body });
      expect(res.status).toBe(200);
      const preview = (await res.json()) as Record<string, any>;
      expect(preview.projectId).toMatch(/^prj_/);
      expect(preview.template).toBe("reddit_story");
      const title = String(body.inputs.title);
      expect(preview.text.startsWith(`${title}\n\n`)).toBe(true);
      const opening = preview.text.slice(title.length + 2);
      expect(opening.length).toBeGreaterThan(120);
      expect(opening.length).toBeLessThan(230);
      expect(preview.durationSeconds).toBeGreaterThan(5);
      expect(preview.durationSeconds).toBeLessThan(20);
      expect(preview.words.length).toBe(preview.text.split(/\s+/).length);
      expect(preview.words[0].text).toBe(title.split(" ")[0]);
      for (const [i, w] of preview.words.entries()) {
        expect(w.end).toBeGreaterThan(w.start);
        if (i > 0) expect(w.start).toBeGreaterThanOrEqual(preview.words[i - 1].start);
      }
      // The signed link serves the MP3.
      const audio = await svc().request(new URL(preview.audioUrl).pathname + new URL(preview.audioUrl).search);
      expect(audio.status).toBe(200);
      const file = join(svc().dataDir, "teaser.mp3");
      writeFileSync(file, new Uint8Array(await audio.arrayBuffer()));
      const info = await probe(file);
      expect(info.streams[0]?.codec_name).toBe("mp3");
      expect(Number(info.format.duration)).toBeCloseTo(preview.durationSeconds, 0);

      const stored = readdirSync(join(svc().dataDir, "videos")).filter((f) => f.startsWith("preview-"));
      const again = await svc().request("/v1/previews", { method: "POST", key: apiKey, json: { ...body, projectId: preview.projectId } });
      expect(again.status).toBe(200);
      const repeated = (await again.json()) as Record<string, any>;
      expect({ ...repeated, audioUrl: "", audioExpiresAt: "" }).toEqual({ ...preview, audioUrl: "", audioExpiresAt: "" });
      expect(readdirSync(join(svc().dataDir, "videos")).filter((f) => f.startsWith("preview-"))).toEqual(stored);
    }, 60_000);

    test("a video may be created with the preview's projectId; another account's or an unknown project is 404", async () => {
      const owner = await svc().createAccount();
      const other = await svc().createAccount();
      const res = await svc().request("/v1/previews", { method: "POST", key: owner.apiKey, json: storyBody() });
      const { projectId } = (await res.json()) as { projectId: string };
      const video = await svc().request("/v1/videos", { method: "POST", key: owner.apiKey, json: storyBody({ projectId }) });
      expect(video.status).toBe(202);
      for (const [key, id] of [[other.apiKey, projectId], [owner.apiKey, "prj_unknown"]] as const) {
        await expectProblem(await svc().request("/v1/previews", { method: "POST", key, json: storyBody({ projectId: id }) }), 404, "NOT_FOUND");
      }
    }, 60_000);

    test("other templates have no preview and are told their free step; inputs are validated", async () => {
      const { apiKey } = await svc().createAccount();
      const article = await expectProblem(
        await svc().request("/v1/previews", { method: "POST", key: apiKey, json: { template: "article_video", inputs: articleVideo.examples.minimal } }),
        400,
        "TEMPLATE_NOT_AVAILABLE",
      );
      expect(article.detail).toContain("/v1/scripts");
      const chat = await expectProblem(
        await svc().request("/v1/previews", { method: "POST", key: apiKey, json: { template: "fake_text_message", inputs: fakeTextMessage.examples.minimal } }),
        400,
        "TEMPLATE_NOT_AVAILABLE",
      );
      expect(chat.detail).toContain("no free step");
      await expectProblem(await svc().request("/v1/previews", { method: "POST", key: apiKey, json: storyBody({}, { text: "too short" }) }), 400, "INVALID_INPUT");
      await expectProblem(await svc().request("/v1/previews", { method: "POST", key: apiKey, json: { template: "nope", inputs: {} } }), 400, "UNKNOWN_TEMPLATE");
    }, 60_000);
  });
}

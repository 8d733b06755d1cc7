import { afterAll, describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { videos } from "../../db/schema/index.ts";
import { LENGTH_SECONDS, type ScriptLength } from "../../src/content/extractive-writer.ts";
import { sourceFromText } from "../../src/content/ingest.ts";
import { END_HOLD_SECONDS } from "../../src/templates/endings.ts";
import { serverBackground } from "../../src/templates/media-choice.ts";
import type { ProductionContext } from "../../src/templates/template.ts";
import { ARTICLES, articlePage, BRIDGE } from "../fixtures/articles.ts";
import { DATABASE_KINDS } from "../helpers/databases.ts";
import { type TestService, useService } from "../helpers/harness.ts";
import { expectEndNotBare, integratedLoudness, streams } from "../helpers/media.ts";
import { expectNoDeadAir } from "../helpers/silence.ts";
import { waitForVideo } from "../helpers/videos.ts";

const site = Bun.serve({
  port: 0,
  hostname: "127.0.0.1",
  fetch: () => new Response(articlePage("The Golden Gate Bridge", BRIDGE), { headers: { "content-type": "text/html" } }),
});
afterAll(() => site.stop(true));

async function finish(svc: TestService, apiKey: string, body: unknown) {
  const res = await svc.request("/v1/videos", { method: "POST", key: apiKey, json: body });
  expect(res.status).toBe(202);
  const video = await waitForVideo(svc, apiKey, ((await res.json()) as any).id, (v) => ["completed", "failed"].includes(v.status), 240_000);
  expect(video.error).toBeNull();
  const redirect = await svc.app.handle(new Request(video.downloadUrl));
  const file = await svc.app.handle(new Request(redirect.headers.get("location")!));
  const mp4 = join(svc.dataDir, `${video.id}.mp4`);
  writeFileSync(mp4, new Uint8Array(await file.arrayBuffer()));
  const row = (await svc.database.db.select().from(videos).where(eq(videos.id, video.id)))[0]!;
  return { video, mp4, media: await streams(mp4), outputs: row.stageOutputs as Record<string, any> };
}

function expectDeliverable(media: Awaited<ReturnType<typeof streams>>) {
  expect([media.video.width, media.video.height, media.video.codec_name, media.video.pix_fmt]).toEqual([1080, 1920, "h264", "yuv420p"]);
  expect([media.audio.codec_name, media.audio.sample_rate, media.audio.channels]).toEqual(["aac", "48000", 2]);
}

/** -14 LUFS and the promised -1 dBTP, measured on the encoded AAC as a platform would. */
async function expectLoudness(mp4: string, template: string) {
  const loud = await integratedLoudness(mp4);
  console.log(`${template}: ${loud.lufs} LUFS, ${loud.truePeak} dBTP`);
  expect(Math.abs(loud.lufs + 14)).toBeLessThanOrEqual(1);
  expect(loud.truePeak).toBeLessThanOrEqual(-1);
}

/** The footage the server chose for a video: not stored, it is chosen again from the video's id, as at compose. */
const chosenFootage = (svc: TestService, videoId: string) => serverBackground({ videoId, ports: { library: svc.deps.library } } as unknown as ProductionContext);

const within20 = (seconds: number, length: ScriptLength) => expect(Math.abs(seconds - LENGTH_SECONDS[length]) / LENGTH_SECONDS[length]).toBeLessThanOrEqual(0.2);

describe(`article_video and quiz_video end to end (${DATABASE_KINDS[0]})`, () => {
  const svc = useService(DATABASE_KINDS[0]!, { UNSAFE_ALLOW_PRIVATE_URLS: "1" }, { workers: true });

  test("article_video from a URL: the page is read, a short script narrated and captioned over server-chosen footage", async () => {
    const { apiKey } = await svc().createAccount();
    const { video, mp4, media, outputs } = await finish(svc(), apiKey, { template: "article_video", inputs: { source: { kind: "url", url: `http://127.0.0.1:${site.port}/bridge` }, length: "short", tone: "punchy" } });
    expectDeliverable(media);
    await expectLoudness(mp4, "article_video");
    await expectNoDeadAir(mp4, "article_video");
    expect(video.notices).toHaveLength(2);
    expect(outputs.generating_script.sourceUrl).toContain(`127.0.0.1:${site.port}`);
    expect(outputs.generating_script.text).toContain("Bridge");
    within20(outputs.narrating.duration, "short");
    expect(Math.abs(Number(media.format.duration) - (outputs.narrating.words.at(-1).end + END_HOLD_SECONDS))).toBeLessThan(1 / 30 + 0.01);
    // That last beat holds the last caption: the video never ends on bare footage.
    await expectEndNotBare(mp4, chosenFootage(svc(), video.id), svc().dataDir, "article_video");
  }, 300_000);

  test("article_video through POST /v1/scripts and projectId: the saved script is narrated as it is", async () => {
    const { apiKey } = await svc().createAccount();
    const inputs = { source: { kind: "text", text: ARTICLES.SLEEP }, length: "short", tone: "explainer", captionPresetId: "neon", voiceId: "JBFqnCBsd6RMkjVDRZzb" };
    const script = (await (await svc().request("/v1/scripts", { method: "POST", key: apiKey, json: { template: "article_video", inputs } })).json()) as any;
    const { video, media, outputs } = await finish(svc(), apiKey, { template: "article_video", inputs, projectId: script.projectId });
    expectDeliverable(media);
    expect(video.projectId).toBe(script.projectId);
    expect(outputs.generating_script.text).toBe(script.script.text);
    within20(outputs.narrating.duration, "short");
  }, 300_000);

  // The render does not depend on the length: the longer scripts are narrated, not rendered.
  for (const [length, tone, article] of [["standard", "explainer", ARTICLES.SLEEP], ["deep", "authority", ARTICLES.BEES]] as const) {
    test(`a ${length} script reads for about ${LENGTH_SECONDS[length]} s with the offline voices`, async () => {
      const script = await svc().deps.content.writer.articleScript(sourceFromText(article), { length, tone, wordsPerSecond: svc().deps.content.wordsPerSecond });
      const narration = await svc().deps.narrator.narrate({ text: script.text, voiceId: "onwK4e9ZLuTAKqWW03F9", language: "en" }, join(svc().dataDir, `${length}.wav`));
      within20(narration.duration, length);
    }, 120_000);
  }

  test("quiz_video from a topic: intro, five questions with a 3 s countdown and reveals, captions, outro", async () => {
    const { apiKey } = await svc().createAccount();
    const inputs = { topic: "Capital cities of Europe", questionCount: 5, countdownSeconds: 3, theme: "sunset", font: "bangers", captionsEnabled: true, videoTitle: "Capitals!" };
    const { video, mp4, media, outputs } = await finish(svc(), apiKey, { template: "quiz_video", inputs });
    expectDeliverable(media);
    await expectLoudness(mp4, "quiz_video");
    // Music by default (the theme picks the mood), ticks through each countdown: no silent countdowns.
    await expectNoDeadAir(mp4, "quiz_video");
    expect(video.notices).toHaveLength(2);
    const pack = outputs.generating_script;
    expect(pack.kind).toBe("quiz_pack");
    expect(pack.questions).toHaveLength(5);
    const narration = outputs.narrating;
    const spoken = [narration.intro, ...narration.questions.flatMap((q: any) => [q.ask, q.reveal]), narration.outro].reduce((s: number, c: any) => s + c.duration, 0);
    // Narration plus a 3 s countdown per question, and short pauses between the parts.
    const duration = Number(media.format.duration);
    expect(duration).toBeGreaterThan(spoken + 5 * 3);
    expect(duration).toBeLessThan(spoken + 5 * 3 + 15);
    expect(video.creditsCharged).not.toBeNull();
    // It ends on its outro card, not on bare footage.
    await expectEndNotBare(mp4, chosenFootage(svc(), video.id), svc().dataDir, "quiz_video");
  }, 300_000);
});

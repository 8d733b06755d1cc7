import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { mediaImports, videos } from "../../db/schema/index.ts";
import { redditStory } from "../../src/templates/reddit-story/index.ts";
import { DATABASE_KINDS } from "../helpers/databases.ts";
import { useService } from "../helpers/harness.ts";
import { expectEndNotBare, integratedLoudness, streams } from "../helpers/media.ts";
import { expectNoDeadAir } from "../helpers/silence.ts";
import { TEST_STORY, waitForVideo } from "../helpers/videos.ts";
import { type MediaServer, startMediaServer } from "../fakes/media-server.ts";
import { END_HOLD_SECONDS } from "../../src/templates/endings.ts";
import { TITLE_BEAT_SECONDS } from "../../src/templates/reddit-story/production.ts";

let media: MediaServer;
beforeAll(async () => {
  media = await startMediaServer();
}, 60_000);
afterAll(() => media.stop());

describe(`reddit_story with many options and own media (${DATABASE_KINDS[0]})`, () => {
  const svc = useService(DATABASE_KINDS[0]!, { UNSAFE_ALLOW_PRIVATE_URLS: "1" }, { workers: true, outboundCa: () => media.ca });

  test("a preview's projectId, own footage and music by URL, light title card, bottom captions: the video lasts as long as the narration", async () => {
    const { apiKey, accountId } = await svc().createAccount();
    const { backgroundCategory: _, ...full } = redditStory.examples.full as Record<string, unknown>;
    // The example's options, with the shorter story the other tests render.
    const inputs = { ...full, text: TEST_STORY.text, voiceSpeed: TEST_STORY.voiceSpeed, backgroundVideoUrl: media.url("/clip.mp4"), backgroundAudioUrl: media.url("/tone.mp3"), backgroundAudioVolume: 25 };
    const preview = await svc().request("/v1/previews", { method: "POST", key: apiKey, json: { template: "reddit_story", inputs } });
    const { projectId } = (await preview.json()) as { projectId: string };
    const res = await svc().request("/v1/videos", { method: "POST", key: apiKey, json: { template: "reddit_story", inputs, projectId } });
    expect(res.status).toBe(202);
    // A 30 s+ story renders for minutes on a busy 2-core machine.
    const video = await waitForVideo(svc(), apiKey, ((await res.json()) as any).id, (v) => ["completed", "failed"].includes(v.status), 360_000);
    expect(video.error).toBeNull();
    expect(video.projectId).toBe(projectId);
    const redirect = await svc().app.handle(new Request(video.downloadUrl));
    const file = await svc().app.handle(new Request(redirect.headers.get("location")!));
    const mp4 = join(svc().dataDir, "story.mp4");
    writeFileSync(mp4, new Uint8Array(await file.arrayBuffer()));
    const { video: v, audio, format } = await streams(mp4);
    expect([v.width, v.height, v.codec_name]).toEqual([1080, 1920, "h264"]);
    expect(audio.sample_rate).toBe("48000");
    // The full story is narrated (not the teaser), with a beat after the title, then its last caption is held 0.4 s after the last word.
    const row = (await svc().database.db.select().from(videos).where(eq(videos.id, video.id)))[0]!;
    const narration = (row.stageOutputs as any).narrating.duration as number;
    expect(narration).toBeGreaterThan(30);
    const lastWord = (row.stageOutputs as any).narrating.words.at(-1).end as number;
    expect(Math.abs(Number(format.duration) - (lastWord + TITLE_BEAT_SECONDS + END_HOLD_SECONDS))).toBeLessThan(1 / 30 + 0.01);
    const imports = await svc().database.db.select().from(mediaImports).where(eq(mediaImports.accountId, accountId));
    expect(imports.map((i) => [i.kind, i.state]).sort()).toEqual([["audio", "ready"], ["video", "ready"]]);
    // Platforms promise -1 dBTP after their own transcode: the encoded AAC must already hold it.
    const loud = await integratedLoudness(mp4);
    console.log(`reddit_story: ${loud.lufs} LUFS, ${loud.truePeak} dBTP`);
    expect(Math.abs(loud.lufs + 14)).toBeLessThanOrEqual(1);
    expect(loud.truePeak).toBeLessThanOrEqual(-1);
    await expectNoDeadAir(mp4, "reddit_story");
    // It ends on its last caption held, never on bare footage.
    await expectEndNotBare(mp4, (row.stageOutputs as any).preparing_media, svc().dataDir, "reddit_story");
  }, 420_000);
});

import { afterEach, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { parseSync } from "subtitle";
// @ts-expect-error webvtt-parser ships no types
import { WebVTTParser } from "webvtt-parser";
import { findAccountVideo } from "../../db/repos/videos.ts";
import { runFfmpeg } from "../../render/ffmpeg.ts";
import { VIDEO_FILES } from "../../src/videos/files.ts";
import { redditStory } from "../../src/templates/reddit-story/index.ts";
import { TITLE_BEAT_SECONDS } from "../../src/templates/reddit-story/production.ts";
import { startWebhookReceiver } from "../fakes/webhook-receiver.ts";
import { readEventStream } from "../helpers/event-stream.ts";
import { useService } from "../helpers/harness.ts";
import { storyBody } from "../helpers/videos.ts";
import { readJpegWithC2paTs, readWithCai } from "../helpers/content-credentials.ts";

const receivers: ReturnType<typeof startWebhookReceiver>[] = [];
afterEach(() => {
  for (const r of receivers.splice(0)) r.stop();
});

/** A 2 s background of the test's own in DATA_DIR's library, so the render needs no generated footage; its asset id. */
async function ownBackground(dataDir: string): Promise<string> {
  const dir = join(dataDir, "library", "backgrounds", "minecraft");
  mkdirSync(dir, { recursive: true });
  await runFfmpeg(["-f", "lavfi", "-i", "color=c=#335577:s=1080x1920:r=30:d=2", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", join(dir, "files-clip.mp4")]);
  return "bg_minecraft_files-clip";
}

/** Where the stills of the last run are kept for a person to look at. */
const LOOK_DIR = join(tmpdir(), "shortvid-video-files");

const CONTENT_TYPES: Record<string, string> = {
  captionsSrt: "application/x-subrip; charset=utf-8",
  captionsVtt: "text/vtt; charset=utf-8",
  captionsJson: "application/json; charset=utf-8",
  poster: "image/jpeg",
  contactSheet: "image/jpeg",
  publishKit: "application/json; charset=utf-8",
};

describe("files made with every video", () => {
  const svc = useService("pglite", { UNSAFE_ALLOW_PRIVATE_URLS: "1" }, { workers: true });

  test("a rendered reddit_story streams every stage in order, then carries caption files that hold its burned-in words, a poster and a contact sheet; the webhook has the same links", async () => {
    const receiver = startWebhookReceiver();
    receivers.push(receiver);
    const { apiKey, accountId } = await svc().createAccount();
    // The test's own background: the render needs no generated footage.
    const background = await ownBackground(svc().dataDir);
    const body = storyBody({ webhookUrl: receiver.url() }, { backgroundVideoAssetId: background });
    const created = (await (await svc().request("/v1/videos", { method: "POST", key: apiKey, json: body })).json()) as any;

    // Followed from the start with the progress stream instead of polling.
    const stream = readEventStream(await svc().request(`/v1/videos/${created.id}/events`, { key: apiKey }));
    const events = await stream.rest(300_000);
    const states = events.map((e) => JSON.parse(e.data));
    const video = states.at(-1);
    expect({ status: video.status, error: video.error }).toEqual({ status: "completed", error: null });
    // Every change has its event: the ids (the video's state versions) follow one another.
    const first = Number(events[0]!.id);
    expect(events.map((e) => Number(e.id))).toEqual(events.map((_, i) => first + i));
    const statuses = states.map((v) => v.status).filter((s, i, all) => s !== all[i - 1]);
    // The stream opened right after the create, so it starts queued unless a worker was quicker still.
    const expected = ["queued", ...redditStory.stages, "rendering", "completed"];
    expect(statuses).toEqual(expected.slice(expected.indexOf(statuses[0])));
    const progress = states.map((v) => v.progress ?? 0);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(states.slice(0, -1).every((v) => v.files === null)).toBe(true);
    expect(video).toEqual(await (await svc().request(`/v1/videos/${created.id}`, { key: apiKey })).json());

    // Every link answers like downloadUrl: 302 to a signed URL of the file.
    expect(Object.keys(video.files).sort()).toEqual(Object.keys(VIDEO_FILES).sort());
    const files: Record<string, Uint8Array> = {};
    for (const [name, url] of Object.entries(video.files as Record<string, string>)) {
      expect(url).toBe(`${video.downloadUrl}/${VIDEO_FILES[name as keyof typeof VIDEO_FILES]}`);
      const redirect = await svc().app.handle(new Request(url));
      expect(redirect.status).toBe(302);
      const file = await svc().app.handle(new Request(redirect.headers.get("location")!));
      expect(file.status).toBe(200);
      expect(file.headers.get("content-type")).toBe(CONTENT_TYPES[name]!);
      files[name] = new Uint8Array(await file.arrayBuffer());
    }
    const text = (name: string) => new TextDecoder().decode(files[name]);

    // The words are the narration's story words (the title is on the card, not in the captions), at their spoken
    // times in the video: the story is heard a beat after the title, so each comes that beat after it is in the recording.
    const row = (await findAccountVideo(svc().database.db, accountId, created.id))!;
    const narration = row.stageOutputs.narrating as { words: { text: string; start: number; end: number }[]; titleWords: number };
    // A word that is only a quote mark shows nothing, on screen and in the files.
    const spoken = narration.words
      .slice(narration.titleWords)
      .filter((w) => !/^["'\u2018\u2019\u201c\u201d\u201e\u00ab\u00bb]+$/.test(w.text))
      .map((w) => ({ ...w, start: w.start + TITLE_BEAT_SECONDS, end: w.end + TITLE_BEAT_SECONDS }));
    const json = JSON.parse(text("captionsJson"));
    expect(json.words.length).toBeGreaterThan(20);
    expect(json.words.map((w: any) => w.text.replace(/"/g, ""))).toEqual(spoken.map((w) => w.text.replace(/"/g, "")));
    // The template may hold the last word on screen to the end of the video; every other time is as spoken.
    expect(json.words.map((w: any) => w.startMs)).toEqual(spoken.map((w) => Math.round(w.start * 1000)));
    expect(json.words.slice(0, -1).map((w: any) => w.endMs)).toEqual(spoken.slice(0, -1).map((w) => Math.round(w.end * 1000)));
    expect(json.words.at(-1).endMs).toBeGreaterThanOrEqual(Math.round(spoken.at(-1)!.end * 1000));

    // SubRip and WebVTT, read by independent parsers, hold the same lines at the same times.
    const srt = parseSync(text("captionsSrt")).flatMap((n) => (n.type === "cue" ? [n.data] : []));
    const vtt = new WebVTTParser().parse(text("captionsVtt"), "metadata");
    expect(vtt.errors).toEqual([]);
    expect(srt.map((c) => [c.start, c.end, c.text])).toEqual(json.lines.map((l: any) => [l.startMs, l.endMs, l.text]));
    expect(vtt.cues.map((c: any) => [Math.round(c.startTime * 1000), Math.round(c.endTime * 1000)])).toEqual(json.lines.map((l: any) => [l.startMs, l.endMs]));
    expect(json.lines.at(-1).endMs).toBeLessThanOrEqual(Math.round(row.durationSeconds! * 1000));

    // The stills are JPEGs of the video's 9:16.
    mkdirSync(LOOK_DIR, { recursive: true });
    for (const [name, size] of [["poster", [1080, 1920]], ["contactSheet", [810, 1440]]] as const) {
      const meta = await sharp(files[name]).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", ...size]);
      const stats = await sharp(files[name]).stats();
      expect(stats.channels[0]!.mean).toBeGreaterThan(20); // a picture, not a black frame
      writeFileSync(join(LOOK_DIR, VIDEO_FILES[name]), files[name]!);
    }
    // Stored beside the MP4; the working folder is gone.
    expect(readdirSync(join(svc().dataDir, "videos")).filter((f) => f.startsWith(created.id)).sort()).toEqual(
      [`${created.id}.mp4`, ...Object.values(VIDEO_FILES).map((f) => `${created.id}.${f}`)].sort(),
    );
    expect(existsSync(join(svc().dataDir, "work", created.id))).toBe(false);

    const deadline = Date.now() + 10_000;
    while (receiver.received.length === 0 && Date.now() < deadline) await Bun.sleep(200);
    const delivered = JSON.parse(receiver.received[0]!.body).data;
    expect(delivered.files).toEqual(video.files);

    // The disclosure and publish kit: on the video, in the webhook and in publish.json alike.
    expect(video.disclosure).toMatchObject({ containsSyntheticMedia: true, synthetic: ["voice"], digitalSourceType: "http://cv.iptc.org/newscodes/digitalsourcetype/compositeWithTrainedAlgorithmicMedia" });
    expect(video.publishKit.generator).toBe("offline");
    expect(video.publishKit.youtube.title).toBe(body.inputs.title);
    expect([delivered.disclosure, delivered.publishKit]).toEqual([video.disclosure, video.publishKit]);
    expect(JSON.parse(text("publishKit"))).toEqual({ disclosure: video.disclosure, publishKit: video.publishKit });

    // The download serves the signed MP4: one manifest, read by the CAI's reader, its signature and BMFF hash valid.
    const mp4 = new Uint8Array(await (await svc().app.handle(new Request((await svc().app.handle(new Request(video.downloadUrl))).headers.get("location")!))).arrayBuffer());
    const cai = await readWithCai("video/mp4", mp4);
    expect(cai.failures).toEqual([]);
    expect(cai.codes).toEqual(expect.arrayContaining(["claimSignature.validated", "assertion.bmffHash.match"]));
    const action = cai.manifest.assertions.find((a: any) => a.label.startsWith("c2pa.actions")).data.actions[0];
    expect(action).toMatchObject({ action: "c2pa.created", digitalSourceType: video.disclosure.digitalSourceType, parameters: { template: "reddit_story" } });
    expect(cai.manifest.claim_generator_info[0].name).toBe("shortvid");
    // The poster, read by an independent implementation: signature and data hash valid.
    const poster = await readJpegWithC2paTs(files.poster!);
    expect(poster.errors).toEqual([]);
    expect(poster.codes).toEqual(expect.arrayContaining(["claimSignature.validated", "assertion.dataHash.match"]));
    writeFileSync(join(LOOK_DIR, "video.mp4"), mp4);
  }, 420_000);
});

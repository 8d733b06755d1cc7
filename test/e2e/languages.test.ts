import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { videos } from "../../db/schema/index.ts";
import { groupWords } from "../../render/captions/ass.ts";
import { CAPTION_STYLES, maxLineChars } from "../../render/captions/presets.ts";
import { runFfmpeg } from "../../render/ffmpeg.ts";
import { libx264Settings } from "../../render/plan/encoder.ts";
import { renderTimeline } from "../../render/renderer.ts";
import type { Timeline } from "../../render/timeline.ts";
import { sample } from "../../scripts/language-samples.ts";
import { createOfflineNarrator } from "../../src/narration/providers/offline.ts";
import { splitWords } from "../../src/narration/words.ts";
import { redditStory } from "../../src/templates/reddit-story/index.ts";
import type { RedditStoryInputs } from "../../src/templates/reddit-story/inputs.ts";
import { composeStory, storyStages } from "../../src/templates/reddit-story/production.ts";
import { storedOutputs } from "../../src/templates/stages.ts";
import type { ProductionContext } from "../../src/templates/template.ts";
import { withDefaults } from "../../src/templates/validate.ts";
import { DATABASE_KINDS } from "../helpers/databases.ts";
import { useService } from "../helpers/harness.ts";
import { frameAt, highlightX, integratedLoudness, streams } from "../helpers/media.ts";
import { waitForVideo } from "../helpers/videos.ts";

const dir = mkdtempSync(join(tmpdir(), "languages-e2e-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const narrator = createOfflineNarrator({ engine: "auto" });
const BACKGROUND = "0x1e2a44";
let background: string;
let covered: (codePoint: number) => boolean;

/** Every code point some installed font has (fontconfig's view, as libass and librsvg fall back through it). */
async function fontCoverage(): Promise<(codePoint: number) => boolean> {
  const proc = Bun.spawn(["fc-list", "--format", "%{charset}\n"], { stdout: "pipe" });
  const ranges: [number, number][] = [];
  for (const line of (await new Response(proc.stdout).text()).split("\n")) {
    for (const part of line.split(" ").filter(Boolean)) {
      const [a, b] = part.split("-").map((h) => Number.parseInt(h, 16));
      ranges.push([a!, b ?? a!]);
    }
  }
  return (cp) => ranges.some(([a, b]) => cp >= a && cp <= b);
}

beforeAll(async () => {
  background = join(dir, "background.mp4");
  await runFfmpeg(["-f", "lavfi", "-i", `color=c=${BACKGROUND}:s=1080x1920:r=30:d=2`, "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", background]);
  covered = await fontCoverage();
}, 60_000);

/** A reddit_story made by its own stages and compose, rendered as the pipeline renders it; the text is shorter than the API's 800 characters so the test stays quick. */
async function renderStory(language: string) {
  const { title, text } = sample(language);
  const work = join(dir, language);
  mkdirSync(work, { recursive: true });
  const inputs = withDefaults(redditStory, { title, text, language, voiceId: "EXAVITQu4vr4xnSDxMaL", captionPresetId: "hormozi" }) as RedditStoryInputs;
  const ctx = {
    videoId: `vid_${language}`,
    accountId: "acc_test",
    inputs,
    projectId: null,
    workDir: work,
    // No sound effects in this library: the story is rendered with its narration only.
    ports: { narrator, library: { soundEffect: () => undefined }, drawPng: (svg: string, out: string) => sharp(Buffer.from(svg)).png().toFile(out).then(() => undefined) },
  } as unknown as ProductionContext<RedditStoryInputs>;
  const narration = await storyStages.narrating.run(ctx, storedOutputs(storyStages, {}));
  const media = { backgroundPath: background, fitted: false, musicPath: null };
  const { timeline } = await composeStory(ctx, storedOutputs(storyStages, { preparing_media: media, narrating: narration }));
  const out = join(work, "story.mp4");
  await renderTimeline(timeline as Timeline, out, { encoder: libx264Settings("ultrafast") });
  return { narration, timeline, out, text, title };
}

/** Seconds of silence in a file, by silencedetect at -45 dB over 0.3 s. */
async function silentSeconds(path: string): Promise<number> {
  const { stderr } = await runFfmpeg(["-i", path, "-af", "silencedetect=noise=-45dB:d=0.3", "-f", "null", "-"]);
  return [...stderr.matchAll(/silence_duration: ([\d.]+)/g)].reduce((s, m) => s + Number(m[1]), 0);
}

/** Least seconds a text can take to say: ~25 letters a second, ~8 syllables (CJK characters) a second. */
function shortestSpeech(text: string): number {
  const wide = (text.match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/gu) ?? []).length;
  const letters = (text.match(/\p{L}/gu) ?? []).length - wide;
  return letters / 25 + wide / 8;
}

describe("reddit stories in every script", () => {
  // Thai and Hebrew are drawn in docs/languages.png and narrated in the unit tests; rendering them too adds ~80 s.
  test.each(["es", "de", "ru", "ja", "zh", "ar", "hi"])(
    "%s: narrated in full, captions follow the words inside the audio, every glyph has a font",
    async (language) => {
      const { narration, timeline, out, text, title } = await renderStory(language);
      const script = `${title}\n\n${text}`;
      // Narration: as long as the text warrants, and speech rather than silence.
      const shortest = shortestSpeech(script);
      console.log(`${language}: narration ${narration.duration.toFixed(2)} s for ${[...script].length} characters (at least ${shortest.toFixed(1)} s)`);
      expect(narration.duration).toBeGreaterThan(shortest);
      expect(narration.duration).toBeLessThan(shortest * 6);
      // Chinese at a spoken pace: espeak-ng's default counts a syllable as a word (~3 a second).
      if (language === "zh") expect([...script].length / narration.duration).toBeGreaterThan(3.4);
      expect(await silentSeconds(narration.audioPath)).toBeLessThan(narration.duration * 0.35);
      expect((await integratedLoudness(narration.audioPath)).lufs).toBeGreaterThan(-20);
      // Word by word, also where words are not spaced: one timed word per script word, in order, inside the audio.
      expect(narration.words.map((w) => w.text)).toEqual(splitWords(script).map((w) => w.text));
      let previousEnd = 0;
      for (const w of narration.words) {
        expect(w.start).toBeGreaterThanOrEqual(previousEnd - 1e-6);
        expect(w.end).toBeGreaterThan(w.start);
        expect(w.end).toBeLessThanOrEqual(narration.duration + 1e-6);
        previousEnd = w.end;
      }
      // The words spread over the speech, not bunched at one end.
      const story = narration.words.slice(narration.titleWords);
      expect(story[0]!.start).toBeLessThan(narration.duration * 0.5);
      expect(story.at(-1)!.end).toBeGreaterThan(narration.duration * 0.8);
      // Every character the captions and the title card show has a font on this machine (no empty boxes).
      const missing = [...new Set([...script].filter((c) => /\S/.test(c)))].filter((c) => !covered(c.codePointAt(0)!));
      expect(missing).toEqual([]);
      // The MP4 is whole, and the first caption line shows its first word highlighted on the side the script starts from.
      const { video, format } = await streams(out);
      expect([video.width, video.height]).toEqual([1080, 1920]);
      expect(Math.abs(Number(format.duration) - timeline.duration)).toBeLessThan(0.1);
      const style = CAPTION_STYLES.hormozi;
      const line = groupWords(timeline.captions!.words, style.wordsPerLine, maxLineChars(style), 1 / style.glyphWidth).find((l) => l.length >= 2)!;
      const xAt = async (w: { start: number; end: number }) => highlightX(await frameAt(out, w.start + Math.min(0.15, (w.end - w.start) / 2), join(dir, `${language}.rgb`)), 820, 1100, 150);
      const [firstX, lastX] = [await xAt(line[0]!), await xAt(line.at(-1)!)];
      expect(firstX).not.toBeNaN();
      expect(lastX).not.toBeNaN();
      // The line reads from the side its script starts on: the spoken word moves right in LTR scripts, left in RTL ones.
      if (["ar", "he"].includes(language)) expect(firstX).toBeGreaterThan(lastX + 60);
      else expect(lastX).toBeGreaterThan(firstX + 60);
    },
    120_000,
  );
});

describe(`chats voiced message by message in their own language (${DATABASE_KINDS[0]})`, () => {
  const svc = useService(DATABASE_KINDS[0]!, {}, { workers: true });

  test.each(["es", "ar"])("a %s chat: every message voiced in its language, rendered", async (language) => {
    const { apiKey } = await svc().createAccount();
    // The default category's footage, in the operator's library folder: the test needs no generated loops.
    const footage = join(svc().dataDir, "library", "backgrounds", "subway-surfers");
    mkdirSync(footage, { recursive: true });
    copyFileSync(background, join(footage, "plain.mp4"));
    const messages = sample(language).chat.map((text, i) => ({ sender: i % 2 === 0 ? "them" : "me", text }));
    const res = await svc().request("/v1/videos", { method: "POST", key: apiKey, json: { template: "fake_text_message", inputs: { contact: { name: "Mamá" }, messages } } });
    expect(res.status).toBe(202);
    const video = await waitForVideo(svc(), apiKey, ((await res.json()) as any).id, (v) => ["completed", "failed"].includes(v.status), 180_000);
    expect(video.error).toBeNull();
    const row = (await svc().database.db.select().from(videos).where(eq(videos.id, video.id)))[0]!;
    const clips = (row.stageOutputs as any).narrating.clips as { duration: number; language: string }[];
    expect(clips.map((c) => c.language)).toEqual(messages.map(() => language));
    for (const [i, clip] of clips.entries()) expect(clip.duration).toBeGreaterThan(shortestSpeech(messages[i]!.text) * 0.8);
    const redirect = await svc().app.handle(new Request(video.downloadUrl));
    const file = await svc().app.handle(new Request(redirect.headers.get("location")!));
    const mp4 = join(dir, `chat-${language}.mp4`);
    writeFileSync(mp4, new Uint8Array(await file.arrayBuffer()));
    const { video: v, format } = await streams(mp4);
    expect([v.width, v.height]).toEqual([1080, 1920]);
    expect(Number(format.duration)).toBeGreaterThan(clips.reduce((s, c) => s + c.duration, 0));
  }, 240_000);
});

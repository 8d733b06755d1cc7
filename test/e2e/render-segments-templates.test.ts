import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { probe } from "../../render/ffmpeg.ts";
import { generateAudio } from "../../render/media/generated-audio.ts";
import { libx264Settings } from "../../render/plan/encoder.ts";
import { gopFrames, segmentWindows, totalFrames } from "../../render/plan/segments.ts";
import { renderTimeline } from "../../render/renderer.ts";
import { FPS, type Timeline } from "../../render/timeline.ts";
import { loadConfig } from "../../src/kernel/config.ts";
import { ARTICLES } from "../fixtures/articles.ts";
import { audioAtJoins, frameCount, frameOf, framesAtJoins, greyFrames, meanDiff, monoSamples, timestampProblems, videoPackets, worstFrame } from "../helpers/segment-joins.ts";
import { templateTimeline, timelineOpening } from "../helpers/template-timeline.ts";
import { chatBody, TEST_STORY } from "../helpers/videos.ts";

/**
 * Each template's own Timeline, composed as the pipeline composes it (offline voices and writers, the
 * built-in footage), rendered whole and in 3 segments, compared: the same frames to the frame, each frame
 * at a join the whole render's frame of that number (none dropped, none shown twice), the audio unbroken
 * at the joins, and a chat's cutAtMs on the same frame in both. Only the opening OPENING seconds are
 * rendered: 3 segments need 3 keyframe intervals (2 s each), and the opening holds each template's first
 * cards, its entrances and its first caption lines, which are what a join must cut through unchanged.
 */
const OPENING = 6.5;
const encoder = libx264Settings("ultrafast");
const windows = segmentWindows(OPENING, 3, gopFrames(encoder));
const joins = windows.slice(1).map((w) => w.firstFrame);
/** The encoder's noise between two encodes of the same frame at 135x240 grey (measured: at most 0.8; neighbouring frames 3.6 or more apart at the joins). */
const SAME_FRAME = 2;

const dir = mkdtempSync(join(tmpdir(), "render-segments-templates-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
// The built-in music loops and sounds, made here when set-up has not made this version of them yet.
beforeAll(() => {
  generateAudio(loadConfig().mediaCacheDir);
}, 300_000);

const TEMPLATE_INPUTS: Record<string, unknown> = {
  reddit_story: TEST_STORY,
  article_video: { source: { kind: "text", text: ARTICLES.SLEEP }, length: "short" },
  // With the offline voices message 4 appears 0.13 s after the second join: the cut it reports is in the opening.
  fake_text_message: chatBody({}, { cutAfterMessage: 3 }).inputs,
  quiz_video: { topic: "World capitals" },
};

interface Rendered {
  path: string;
  frames: Uint8Array;
  audio: Float32Array;
}

for (const [templateId, inputs] of Object.entries(TEMPLATE_INPUTS)) {
  describe(`${templateId}, rendered whole and in 3 segments`, () => {
    let timeline: Timeline;
    let cutAtMs: number | undefined;
    const rendered = {} as Record<"whole" | "segmented", Rendered>;

    beforeAll(async () => {
      const started = performance.now();
      const composed = await templateTimeline(templateId, inputs, mkdtempSync(join(dir, `${templateId}-`)));
      timeline = timelineOpening(composed.timeline, OPENING);
      cutAtMs = composed.cutAtMs;
      const composedAt = performance.now();
      for (const [name, segments] of [["whole", 1], ["segmented", 3]] as const) {
        const path = join(dir, `${templateId}-${name}.mp4`);
        const result = await renderTimeline(timeline, path, { encoder, segments, threads: 1 });
        expect(result.segments?.seconds.length).toBe(segments === 3 ? 3 : undefined);
        rendered[name] = { path, frames: await greyFrames(path), audio: await monoSamples(path) };
      }
      console.log(`${templateId}: composed in ${((composedAt - started) / 1000).toFixed(1)} s, rendered twice and decoded in ${((performance.now() - composedAt) / 1000).toFixed(1)} s`);
    }, 300_000);

    test("the same frames to the frame, each presented once, a keyframe at each join", async () => {
      expect(timeline.duration).toBe(OPENING);
      const count = totalFrames(OPENING);
      expect(frameCount(rendered.segmented.frames)).toBe(count);
      expect(frameCount(rendered.whole.frames)).toBe(count);
      const [whole, segmented] = await Promise.all([videoPackets(rendered.whole.path), videoPackets(rendered.segmented.path)]);
      expect(segmented.frames.length).toBe(whole.frames.length);
      expect(timestampProblems(whole, count, [0])).toEqual([]);
      expect(timestampProblems(segmented, count, [0, ...joins])).toEqual([]);
      const seconds = async (path: string) => Number((await probe(path)).format.duration);
      expect(Math.abs((await seconds(rendered.segmented.path)) - (await seconds(rendered.whole.path)))).toBeLessThanOrEqual(1 / FPS);
    });

    test("every frame around each join is the whole render's frame of that number, none repeated or missing", () => {
      const found = framesAtJoins(rendered.whole.frames, rendered.segmented.frames, joins);
      const worstSame = Math.max(...found.map((f) => f.same));
      const leastMoved = Math.min(...found.map((f) => f.moved));
      console.log(`${templateId} at the joins: at most ${worstSame.toFixed(2)} grey levels from the whole render's frame, at least ${leastMoved.toFixed(2)} from the frame before`);
      for (const f of found) {
        expect({ frame: f.frame, nearest: f.nearest }).toEqual({ frame: f.frame, nearest: f.frame });
        expect(f.same).toBeLessThan(SAME_FRAME);
      }
      const worst = worstFrame(rendered.whole.frames, rendered.segmented.frames);
      console.log(`${templateId}: worst frame ${worst.frame}, ${worst.diff.toFixed(2)} grey levels from the whole render's`);
      expect(worst.diff).toBeLessThan(SAME_FRAME);
    });

    test("the audio is the whole render's, continuous at the joins", () => {
      const { audio: whole } = rendered.whole;
      const { audio: segmented } = rendered.segmented;
      expect(Math.abs(segmented.length - whole.length)).toBeLessThanOrEqual(1024);
      const heard = audioAtJoins(whole, segmented, joins.map((f) => f / FPS));
      console.log(`${templateId} audio: worst sample ${heard.worst.toExponential(2)} off, step at the joins ${heard.joinStep.toFixed(4)}, the signal's largest ${heard.signalStep.toFixed(4)}`);
      expect(heard.worst).toBeLessThan(1e-3);
      expect(heard.joinStep).toBeLessThanOrEqual(heard.signalStep);
    });

    if (templateId === "fake_text_message") {
      test("cutAtMs is the frame where the next message appears, in both renders", () => {
        expect(cutAtMs).toBeDefined();
        const cut = Math.round((cutAtMs! / 1000) * FPS);
        expect(cut).toBeLessThan(totalFrames(OPENING));
        for (const { frames } of Object.values(rendered)) {
          const jumps = Array.from({ length: 7 }, (_, k) => cut - 3 + k).map((i) => meanDiff(frameOf(frames, i), frameOf(frames, i - 1)));
          console.log(`cut at frame ${cut}: change from the frame before ${jumps.map((j) => j.toFixed(2)).join(", ")}`);
          expect(jumps.indexOf(Math.max(...jumps))).toBe(3);
        }
      });
    }
  });
}

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runFfmpeg } from "../../../render/ffmpeg.ts";
import { libx264Settings } from "../../../render/plan/encoder.ts";
import { nextCeiling, parseTruePeak } from "../../../render/plan/true-peak.ts";
import { renderTimeline } from "../../../render/renderer.ts";
import { createOfflineNarrator } from "../../../src/narration/providers/offline.ts";
import { integratedLoudness } from "../../helpers/media.ts";

const dir = mkdtempSync(join(tmpdir(), "true-peak-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

beforeAll(async () => {
  // Bright sawtooth bursts over syllable-like noise: the kind of content the AAC encoder overshoots on
  // (loudnorm alone measured +0.2 dBTP on the encoded file).
  await runFfmpeg([
    "-f", "lavfi", "-i", "aevalsrc='0.95*(2*mod(t*1130,1)-1)*lt(mod(t,0.7),0.05)':s=48000:d=8",
    "-f", "lavfi", "-i", "anoisesrc=c=pink:a=0.5:d=8:r=48000:seed=7",
    "-filter_complex", "[1:a]bandpass=f=800:w=1200,volume='0.3+0.7*abs(sin(2*PI*2*t))':eval=frame[s];[0:a]volume=0.3[m];[s][m]amix=inputs=2:normalize=0",
    "-c:a", "pcm_s16le", join(dir, "peaky.wav"),
  ]);
}, 60_000);

describe("true peak of the encoded file", () => {
  test("the ceiling is lowered by what the encode overshot; the summary's peak is read", () => {
    expect(nextCeiling(-1.5, 0.2)).toBeCloseTo(-3.0, 5);
    expect(parseTruePeak("[Parsed_ebur128_0] Summary:\n  True peak:\n    Peak:       -0.3 dBFS")).toBe(-0.3);
    expect(parseTruePeak("Summary:\n    Peak:       -inf dBFS")).toBe(Number.NEGATIVE_INFINITY);
  });

  test("a render of peaky audio holds -1 dBTP measured on the AAC, at -14 LUFS", async () => {
    const out = join(dir, "peaky.mp4");
    await renderTimeline(
      { duration: 8, background: { kind: "color", color: "#203040" }, layers: [], audio: [{ path: join(dir, "peaky.wav"), start: 0, volume: 1, kind: "narration" }] },
      out,
      { encoder: libx264Settings("ultrafast") },
    );
    const loud = await integratedLoudness(out);
    console.log(`peaky render: ${loud.lufs} LUFS, ${loud.truePeak} dBTP`);
    expect(loud.truePeak).toBeLessThanOrEqual(-1);
    // The limiter's lost loudness is won back when the audio is encoded again.
    expect(Math.abs(loud.lufs + 14)).toBeLessThanOrEqual(0.5);
  }, 180_000);

  test("a two-line chat of a few seconds lands on -14 LUFS too (loudnorm's dynamic mode wandered 1.5-2 LU off on such clips)", async () => {
    const narrator = createOfflineNarrator();
    const them = await narrator.narrate({ text: "Did you take the last slice of cake?", voiceId: "EXAVITQu4vr4xnSDxMaL" }, join(dir, "them.wav"));
    const me = await narrator.narrate({ text: "Define take.", voiceId: "pNInz6obpgDQGcFmaJgB" }, join(dir, "me.wav"));
    const out = join(dir, "short.mp4");
    await renderTimeline(
      {
        duration: them.duration + me.duration + 0.4,
        background: { kind: "color", color: "#203040" },
        layers: [],
        audio: [{ path: them.audioPath, start: 0, volume: 1, kind: "narration" }, { path: me.audioPath, start: them.duration, volume: 1, kind: "narration" }],
      },
      out,
      { encoder: libx264Settings("ultrafast") },
    );
    const loud = await integratedLoudness(out);
    console.log(`${(them.duration + me.duration + 0.4).toFixed(1)} s chat render: ${loud.lufs} LUFS, ${loud.truePeak} dBTP`);
    expect(Math.abs(loud.lufs + 14)).toBeLessThanOrEqual(0.5);
    expect(loud.truePeak).toBeLessThanOrEqual(-1);
  }, 180_000);
});

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runFfmpeg } from "../../../render/ffmpeg.ts";
import { DUCKING, loudnessGain, measureMixArgs, planAudioMix } from "../../../render/plan/audio-mix.ts";
import { parseMeasure } from "../../../render/plan/true-peak.ts";
import { readPcm, rms } from "../../helpers/audio.ts";

const dir = mkdtempSync(join(tmpdir(), "audio-mix-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * Speech-like bursts: syllables of 180 ms with 60 ms between them, words of three syllables, 250 ms
 * between words and a 700 ms pause every fourth word, from 1 s to 11 s (-20 dBFS RMS while sounding).
 */
const SPEECH_ENVELOPE = "between(t,1,11)*lt(mod(t-1,0.24),0.18)*lt(mod(t-1,0.97),0.72)*lt(mod(t-1,4.6),3.9)";

beforeAll(async () => {
  await runFfmpeg(["-f", "lavfi", "-i", `aevalsrc='0.14*sin(2*PI*220*t)*sin(2*PI*3*t)*${SPEECH_ENVELOPE}':s=48000:d=12`, "-c:a", "pcm_s16le", join(dir, "speech.wav")]);
  await runFfmpeg(["-f", "lavfi", "-i", "sine=f=660:r=48000:d=12", "-af", "volume=0.2", "-c:a", "pcm_s16le", join(dir, "music.wav")]);
}, 60_000);

async function duckedBed(ducking: string): Promise<{ levels: number[]; undisturbed: number }> {
  const out = join(dir, `bed-${ducking.length}-${ducking.slice(-12)}.wav`);
  await runFfmpeg(["-i", join(dir, "music.wav"), "-i", join(dir, "speech.wav"), "-filter_complex", `[0:a][1:a]${ducking}[d]`, "-map", "[d]", "-ac", "1", "-c:a", "pcm_s16le", out]);
  const { samples, rate } = await readPcm(out);
  const level = (t: number) => 20 * Math.log10(rms(samples, rate, t, t + 0.05));
  // The bed's level in 50 ms windows while the voice talks (its pauses included), and before it starts.
  const levels: number[] = [];
  for (let t = 2; t < 10.9; t += 0.05) levels.push(level(t));
  return { levels, undisturbed: level(0.5) };
}

describe("music under speech", () => {
  test("ducks by 8 dB or more and holds steady through the pauses between words and sentences (no pumping)", async () => {
    const { levels, undisturbed } = await duckedBed(DUCKING);
    const swing = Math.max(...levels) - Math.min(...levels);
    console.log(`ducked bed: ${Math.min(...levels).toFixed(1)} to ${Math.max(...levels).toFixed(1)} dBFS (undisturbed ${undisturbed.toFixed(1)}); swing ${swing.toFixed(1)} dB`);
    expect(Math.max(...levels)).toBeLessThan(undisturbed - 8);
    expect(swing).toBeLessThan(4);
  }, 60_000);

  test("the former fast release pumped: the same speech swings that bed by more than 8 dB", async () => {
    const { levels } = await duckedBed("sidechaincompress=threshold=0.02:ratio=10:attack=15:release=350:makeup=1");
    expect(Math.max(...levels) - Math.min(...levels)).toBeGreaterThan(8);
  }, 60_000);
});

describe("the mix", () => {
  test("music plays on after the last word: the ducked bed lasts the whole video", async () => {
    const timeline = {
      duration: 15,
      background: { kind: "color" as const, color: "#000000" },
      layers: [],
      audio: [{ path: join(dir, "speech.wav"), start: 0, volume: 1, kind: "narration" as const }, { path: join(dir, "music.wav"), start: 0, volume: 1, kind: "music" as const, loop: true }],
    };
    const mix = planAudioMix(timeline, 0);
    const out = join(dir, "mix.wav");
    await runFfmpeg([...mix.inputs, "-filter_complex", mix.filters.join(";"), "-map", `[${mix.label}]`, "-ac", "1", "-c:a", "pcm_s16le", out]);
    const { samples, rate } = await readPcm(out);
    expect(samples.length / rate).toBeCloseTo(15, 1);
    // The speech ends at 11 s; the music (-35 dBFS, ~11 dB under it while ducked) goes on to the end.
    expect(20 * Math.log10(rms(samples, rate, 13, 15))).toBeGreaterThan(-50);
  }, 60_000);
});

describe("a part of a recording", () => {
  test("a track with from and length plays only that part of its file, at its start (a narration split around a beat)", async () => {
    // One second of silence, then a second of tone.
    const file = join(dir, "late-tone.wav");
    await runFfmpeg(["-f", "lavfi", "-i", "aevalsrc='0.3*gte(t,1)*sin(2*PI*440*t)':s=48000:d=2", "-c:a", "pcm_s16le", file]);
    const timeline = {
      duration: 3,
      background: { kind: "color" as const, color: "#000000" },
      layers: [],
      audio: [{ path: file, start: 0.5, from: 1, length: 0.5, volume: 1, kind: "narration" as const }],
    };
    const mix = planAudioMix(timeline, 0);
    const out = join(dir, "part.wav");
    await runFfmpeg([...mix.inputs, "-filter_complex", mix.filters.join(";"), "-map", `[${mix.label}]`, "-ac", "1", "-c:a", "pcm_s16le", out]);
    const { samples, rate } = await readPcm(out);
    const db = (a: number, b: number) => 20 * Math.log10(Math.max(rms(samples, rate, a, b), 1e-9));
    expect(db(0, 0.45)).toBeLessThan(-60);
    expect(db(0.55, 0.95)).toBeGreaterThan(-20);
    expect(db(1.05, 3)).toBeLessThan(-60);
  }, 60_000);
});

describe("the loudness pass", () => {
  test("measures the mix as rendered and gives the gain to -14 LUFS; silence gets none", async () => {
    const timeline = { duration: 12, background: { kind: "color" as const, color: "#000000" }, layers: [], audio: [{ path: join(dir, "speech.wav"), start: 0, volume: 1, kind: "narration" as const }] };
    const measured = parseMeasure((await runFfmpeg(measureMixArgs(timeline))).stderr);
    expect(measured.integrated).toBeLessThan(-14);
    expect(loudnessGain(measured.integrated)).toBeCloseTo(-14 - measured.integrated!, 5);
    const silent = parseMeasure((await runFfmpeg(measureMixArgs({ ...timeline, audio: [] }))).stderr);
    expect(loudnessGain(silent.integrated)).toBe(0);
  }, 60_000);

  test("a mix with looped MP3 music is measured and the run ends (the looped input alone would be read for ever)", async () => {
    const [speech, mp3] = [join(dir, "short-speech.wav"), join(dir, "music.mp3")];
    await runFfmpeg(["-f", "lavfi", "-i", "sine=f=300:d=5", "-ar", "48000", speech]);
    await runFfmpeg(["-f", "lavfi", "-i", "sine=f=500:d=3", "-c:a", "libmp3lame", mp3]);
    const timeline = {
      duration: 8,
      background: { kind: "color" as const, color: "#000000" },
      layers: [],
      audio: [{ path: speech, start: 0, volume: 1, kind: "narration" as const }, { path: mp3, start: 0, volume: 0.3, kind: "music" as const, loop: true }],
    };
    const measured = parseMeasure((await runFfmpeg(measureMixArgs(timeline), { signal: AbortSignal.timeout(20_000) })).stderr);
    expect(measured.integrated).toBeGreaterThan(-40);
  }, 30_000);
});

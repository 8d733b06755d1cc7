import { join } from "node:path";
import { runFfmpeg } from "../../render/ffmpeg.ts";
import { measureMusicArgs, parseMusicLoudness, planAudioMix, withMusicLevels } from "../../render/plan/audio-mix.ts";
import { DUCK_LEAD, RISE_DELAY, RISE_SECONDS, speechPhrases } from "../../render/plan/ducking.ts";
import type { Timeline } from "../../render/timeline.ts";
import { readPcm, rms } from "./audio.ts";

/** ebur128's momentary loudness (400 ms windows) every 100 ms: [time at the window's end, LUFS]. */
export async function momentary(path: string): Promise<[number, number][]> {
  const { stderr } = await runFfmpeg(["-nostats", "-i", path, "-map", "0:a:0", "-af", "ebur128=framelog=info", "-f", "null", "-"]);
  return [...stderr.matchAll(/t:\s*([\d.]+)\s+TARGET:\S+ LUFS\s+M:\s*(-?[\d.]+|-inf)/g)].map((m) => [Number(m[1]), m[2] === "-inf" ? -120 : Number(m[2])]);
}

/** The Timeline's music alone, ducked as the render ducks it (brought to the voice's loudness, its volume, the envelope), as a WAV. */
export async function musicStem(timeline: Timeline, out: string, ducked = true): Promise<void> {
  const loudness = new Map<number, number | undefined>();
  for (const [i, track] of timeline.audio.entries()) {
    if (track.kind === "music") loudness.set(i, parseMusicLoudness((await runFfmpeg(measureMusicArgs(track, timeline.duration))).stderr));
  }
  const levelled = withMusicLevels(timeline, loudness);
  const mix = planAudioMix({ ...levelled, audio: levelled.audio.filter((a) => a.kind === "music"), speech: ducked ? levelled.speech : [] }, 0);
  await runFfmpeg([...mix.inputs, "-filter_complex", mix.filters.join(";"), "-map", `[${mix.label}]`, "-t", String(timeline.duration), "-ac", "2", "-c:a", "pcm_s16le", out]);
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? Number.NaN : s[Math.floor(s.length / 2)]!;
};
const db = (x: number) => 20 * Math.log10(Math.max(x, 1e-9));

export interface MixLevels {
  /** The voice while it speaks: the mixed track's momentary loudness inside phrases (median, LUFS). */
  voice: number;
  /** The bed under the voice, in the same windows (median, LUFS, at the render's gain). */
  bedUnderSpeech: number;
  /**
   * The bed between phrases: the bed under speech raised by how far the envelope lifts it in each pause
   * it comes up fully in (median over pauses); NaN without such a pause.
   */
  bedBetween: number;
  /** Pauses between phrases the bed came up in. */
  pauses: number;
  /** The render's gain over the stem (dB), from the moments with neither voice nor effect. */
  gain: number;
}

/**
 * The mix of a rendered video against its Timeline. The mixed track cannot be unmixed, so the bed is heard
 * alone in a stem of the same plan; the render's gain over the stem is what the mixed track and the stem
 * differ by in the moments with no word and no effect (50 ms windows, median), and the stem's levels are
 * moved by it.
 */
export async function mixLevels(mp4: string, timeline: Timeline, dir: string): Promise<MixLevels> {
  const stem = join(dir, "music-stem.wav");
  await musicStem(timeline, stem);
  const [mixM, stemM] = await Promise.all([momentary(mp4), momentary(stem)]);
  const mono = join(dir, "mixed-mono.wav");
  const stemMono = join(dir, "stem-mono.wav");
  await runFfmpeg(["-i", mp4, "-map", "0:a:0", "-ac", "1", "-ar", "48000", "-c:a", "pcm_s16le", mono]);
  await runFfmpeg(["-i", stem, "-ac", "1", "-ar", "48000", "-c:a", "pcm_s16le", stemMono]);
  const [a, b] = await Promise.all([readPcm(mono), readPcm(stemMono)]);

  const speech = timeline.speech ?? [];
  const effects = timeline.audio.filter((t) => t.kind === "sfx").map((t) => t.start);
  const quiet = (from: number, to: number) =>
    !speech.some((w) => w.start - 0.06 < to && w.end + 0.06 > from) && !effects.some((e) => e - 0.05 < to && e + 0.9 > from) && to < timeline.duration - 0.1;
  const gains: number[] = [];
  for (let t = 0.05; t + 0.05 < timeline.duration; t += 0.05) {
    if (!quiet(t, t + 0.05)) continue;
    const stemRms = rms(b.samples, b.rate, t, t + 0.05);
    if (stemRms > 1e-4) gains.push(db(rms(a.samples, a.rate, t, t + 0.05)) - db(stemRms));
  }
  const gain = median(gains);

  const phrases = speechPhrases(speech);
  const inside = (t: number) => phrases.some((p) => t - 0.4 >= p.start && t <= p.end);
  const voice = median(mixM.filter(([t]) => inside(t)).map(([, m]) => m));
  const bedUnderSpeech = median(stemM.filter(([t]) => inside(t)).map(([, m]) => m)) + gain;
  // The envelope itself: the ducked stem against the same music not ducked, sample for sample, so the
  // music's own rests and hits cancel out. In each pause the bed comes up fully in, how far it rose
  // from where it sits under speech (50 ms windows, medians).
  const open = join(dir, "stem-open.wav");
  await musicStem(timeline, open, false);
  const openMono = join(dir, "stem-open-mono.wav");
  await runFfmpeg(["-i", open, "-ac", "1", "-ar", "48000", "-c:a", "pcm_s16le", openMono]);
  const c = await readPcm(openMono);
  const attenuation = (t: number) => db(rms(b.samples, b.rate, t, t + 0.05)) - db(rms(c.samples, c.rate, t, t + 0.05));
  const underSpeech: number[] = [];
  for (let t = 0; t + 0.05 < timeline.duration; t += 0.05) if (phrases.some((p) => t >= p.start && t + 0.05 <= p.end)) underSpeech.push(attenuation(t));
  const rises: number[] = [];
  phrases.forEach((p, i) => {
    const next = phrases[i + 1];
    if (!next) return;
    const levels: number[] = [];
    for (let t = p.end + RISE_DELAY + RISE_SECONDS; t + 0.05 <= next.start - DUCK_LEAD + 1e-6; t += 0.05) levels.push(attenuation(t));
    if (levels.length > 0) rises.push(median(levels) - median(underSpeech));
  });
  const bedBetween = rises.length > 0 ? bedUnderSpeech + median(rises) : Number.NaN;
  return { voice, bedUnderSpeech, bedBetween, pauses: rises.length, gain };
}

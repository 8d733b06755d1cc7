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
export async function musicStem(timeline: Timeline, out: string): Promise<void> {
  const loudness = new Map<number, number | undefined>();
  for (const [i, track] of timeline.audio.entries()) {
    if (track.kind === "music") loudness.set(i, parseMusicLoudness((await runFfmpeg(measureMusicArgs(track, timeline.duration))).stderr));
  }
  const levelled = withMusicLevels(timeline, loudness);
  const mix = planAudioMix({ ...levelled, audio: levelled.audio.filter((a) => a.kind === "music") }, 0);
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
   * The bed between phrases: its level while up in each pause (median over pauses), as LUFS by its
   * difference from the bed under speech in the same 100 ms measure; NaN without pauses.
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
  // In each pause the bed comes up fully in, its level while up (median of 100 ms windows of the stem: a pause
  // between messages is shorter than ebur128's 400 ms), against the same windows under speech.
  const level100 = (t: number) => db(rms(b.samples, b.rate, t, t + 0.1));
  const underWindows: number[] = [];
  for (let t = 0; t + 0.1 < timeline.duration; t += 0.05) if (phrases.some((p) => t >= p.start && t + 0.1 <= p.end)) underWindows.push(level100(t));
  const peaks: number[] = [];
  phrases.forEach((p, i) => {
    const next = phrases[i + 1];
    if (!next) return;
    const levels: number[] = [];
    for (let t = p.end + RISE_DELAY + RISE_SECONDS; t + 0.1 <= next.start - DUCK_LEAD + 1e-6; t += 0.05) levels.push(level100(t));
    if (levels.length > 0) peaks.push(median(levels));
  });
  const bedBetween = peaks.length > 0 ? bedUnderSpeech + (median(peaks) - median(underWindows)) : Number.NaN;
  return { voice, bedUnderSpeech, bedBetween, pauses: peaks.length, gain };
}

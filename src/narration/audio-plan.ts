import { type WordTiming, retime } from "./words.ts";

/** How a voice is shaped after synthesis. 1 leaves a dimension as the engine made it. */
export interface VoiceShape {
  /** Vocal-tract size: below 1 sounds larger/deeper, above 1 smaller/brighter (formants move). */
  formant: number;
  /** Voice pitch, formants kept. */
  pitch: number;
  /** Speaking rate: above 1 is faster. */
  tempo: number;
}

export interface RawSegment {
  wavPath: string;
  duration: number;
  words: WordTiming[];
}

/** Target loudness of narration stems; the final mix normalizes the whole video. */
export const SPEECH_LUFS = -16;
export const SPEECH_TRUE_PEAK = -1.5;
export const OUTPUT_RATE = 48000;
/** Kept before the first word and after the last, so speech never starts or stops abruptly. */
const LEAD_IN = 0.05;
const TAIL = 0.2;

export interface ShapePlan {
  args: string[];
  /** Word times in the shaped audio. */
  words: WordTiming[];
  duration: number;
}

const close = (x: number) => Math.abs(x - 1) < 1e-3;
const fmt = (x: number) => x.toFixed(4).replace(/0+$/, "").replace(/\.$/, "");

/** The rubberband stages for a shape: formants move with a plain shift, then pitch is corrected with formants kept. */
export function shapeFilters(shape: VoiceShape): string[] {
  const filters: string[] = [];
  if (!close(shape.formant)) filters.push(`rubberband=pitch=${fmt(shape.formant)}:formant=shifted`);
  const pitch = shape.pitch / shape.formant;
  if (!close(pitch) || !close(shape.tempo)) {
    filters.push(`rubberband=tempo=${fmt(shape.tempo)}:pitch=${fmt(pitch)}:formant=preserved:pitchq=quality`);
  }
  return filters;
}

/**
 * One ffmpeg run: joins the segments, cuts to the speech (a little air either side), shapes the voice,
 * resamples to 48 kHz mono and measures loudness (ebur128 passes audio through unchanged).
 */
export function planShaping(segments: readonly RawSegment[], shape: VoiceShape, outPath: string): ShapePlan {
  let offset = 0;
  const joined: WordTiming[] = [];
  for (const segment of segments) {
    joined.push(...segment.words.map((w) => ({ ...w, start: w.start + offset, end: w.end + offset })));
    offset += segment.duration;
  }
  const timed = joined.filter((w) => Number.isFinite(w.start) && Number.isFinite(w.end));
  const first = timed.length > 0 ? Math.min(...timed.map((w) => w.start)) : 0;
  const last = timed.length > 0 ? Math.max(...timed.map((w) => w.end)) : offset;
  const trimStart = Math.max(0, first - LEAD_IN);
  const trimEnd = Math.min(offset, last + TAIL);
  const inputs = segments.flatMap((s) => ["-i", s.wavPath]);
  const join = segments.length > 1 ? `${segments.map((_, i) => `[${i}:a]`).join("")}concat=n=${segments.length}:v=0:a=1,` : `[0:a]`;
  const chain = [
    `atrim=start=${fmt(trimStart)}:end=${fmt(trimEnd)}`,
    "asetpts=PTS-STARTPTS",
    ...shapeFilters(shape),
    `aresample=${OUTPUT_RATE}`,
    "aformat=sample_fmts=s16:channel_layouts=mono",
    // Engines differ a lot in crest factor; a gentle compressor lets the gain stage reach the target
    // without the limiter eating the level of peaky voices.
    "acompressor=threshold=-24dB:ratio=3:attack=5:release=80:makeup=2",
    "ebur128=peak=true",
  ];
  const graph = segments.length > 1 ? `${join}${chain.join(",")}[out]` : `[0:a]${chain.join(",")}[out]`;
  return {
    args: [...inputs, "-filter_complex", graph, "-map", "[out]", "-c:a", "pcm_s16le", outPath],
    words: retime(joined, trimStart, shape.tempo),
    duration: (trimEnd - trimStart) / shape.tempo,
  };
}

export interface Loudness {
  integrated: number;
  truePeak: number;
}

/** Reads the ebur128 summary ffmpeg prints at the end of a run. */
export function parseLoudness(stderr: string): Loudness | undefined {
  const summary = stderr.slice(stderr.lastIndexOf("Summary:"));
  const integrated = /I:\s+(-?[\d.]+|-inf) LUFS/.exec(summary)?.[1];
  const peak = /Peak:\s+(-?[\d.]+|-inf) dBFS/.exec(summary)?.[1];
  if (!integrated) return undefined;
  const num = (s: string | undefined) => (s === undefined || s === "-inf" ? Number.NEGATIVE_INFINITY : Number(s));
  return { integrated: num(integrated), truePeak: num(peak) };
}

/** Gain to the speech target, then a limiter so peaks stay under the ceiling. */
export function planLoudness(inPath: string, loudness: Loudness, outPath: string): string[] {
  const gain = Number.isFinite(loudness.integrated) ? Math.max(-30, Math.min(30, SPEECH_LUFS - loudness.integrated)) : 0;
  return ["-i", inPath, "-af", `volume=${gain.toFixed(2)}dB,alimiter=limit=${Math.pow(10, SPEECH_TRUE_PEAK / 20).toFixed(4)}:level=false`, "-c:a", "pcm_s16le", "-ar", String(OUTPUT_RATE), outPath];
}

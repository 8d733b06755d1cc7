/**
 * Pure plans for holding the promised true peak on the encoded file. The AAC encoder adds its own overshoot
 * (measured up to ~1.7 dB on bright, peaky content: a sawtooth loop under speech limited to -1.5 dBTP
 * before encoding measured +0.2 dBTP after), so the limit can only be checked after encoding.
 */

/** What every output holds, measured with `ebur128=peak=true` on the encoded audio. */
export const PROMISED_TRUE_PEAK = -1;
/** Where a correction aims: a little under the promise, as the next encode moves peaks again. */
const CORRECTION_TARGET = -1.3;
/** The render's own limiter ceiling (dBFS at 192 kHz). */
export const RENDER_CEILING_DB = -1.5;

/** A lookahead limiter at 4x oversampling, so sample peaks there are close to true peaks. */
export function oversampledLimiter(ceilingDb: number): string {
  return `aresample=192000,aformat=sample_fmts=dbl:channel_layouts=stereo,alimiter=limit=${(10 ** (ceilingDb / 20)).toFixed(4)}:attack=1:release=50:level=0:latency=1`;
}

/** Measures the first audio stream's loudness and true peak (ffmpeg prints the summary on stderr). */
export function measureArgs(path: string): string[] {
  return ["-i", path, "-map", "0:a:0", "-af", "ebur128=peak=true", "-f", "null", "-"];
}

export function parseTruePeak(stderr: string): number | undefined {
  const summary = stderr.slice(stderr.lastIndexOf("Summary:"));
  const peak = /Peak:\s+(-?[\d.]+|-inf) dBFS/.exec(summary)?.[1];
  return peak === undefined ? undefined : peak === "-inf" ? Number.NEGATIVE_INFINITY : Number(peak);
}

/** The next limiter ceiling: the last one lowered by what the encoded file overshot the target. */
export function nextCeiling(lastCeilingDb: number, measuredTruePeak: number): number {
  return lastCeilingDb - (measuredTruePeak - CORRECTION_TARGET);
}

/** Re-encodes only the audio of `input` under a lower ceiling; the picture is copied as it is. */
export function limitAudioArgs(input: string, output: string, ceilingDb: number): string[] {
  return [
    "-i", input, "-map", "0:v?", "-map", "0:a:0", "-c:v", "copy",
    "-af", `${oversampledLimiter(ceilingDb)},aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo`,
    "-c:a", "aac", "-b:a", "160k", "-ar", "48000", "-ac", "2", "-movflags", "+faststart", output,
  ];
}

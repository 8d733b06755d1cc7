import type { WordTiming } from "./words.ts";

export interface NarrationRequest {
  /** The script as captions show it. */
  text: string;
  /** A catalog voice id (ElevenLabs ids). */
  voiceId: string;
  /** ISO 639-1, optionally with a region; default en. */
  language?: string;
  /** 0.85-1.25; 1 is the voice's own pace. */
  speed?: number;
  /** 0.5-2; 1 is the voice's own pitch. */
  pitch?: number;
  /** 0-100, for providers that have it. */
  stability?: number;
  similarity?: number;
}

export interface Narration {
  /** 48 kHz mono 16-bit WAV, loudness-normalized, trimmed to the speech. */
  audioPath: string;
  duration: number;
  /** The script's own words, timed in `audioPath`. */
  words: WordTiming[];
  provider: string;
}

/** Text in, audio plus word timings mapped onto the script's words out. */
export interface Narrator {
  readonly provider: string;
  narrate(request: NarrationRequest, outPath: string): Promise<Narration>;
}

/** A provider or engine failure; the message names the provider and what went wrong, in words. */
export class NarrationError extends Error {
  constructor(
    readonly provider: string,
    message: string,
    readonly retryable = false,
    /** The tool's own output (festival's or ffmpeg's stderr): for the logs, never for a video's error. */
    readonly toolOutput?: string,
  ) {
    super(`${provider}: ${message}`);
  }
}

/**
 * Whether a text has anything a voice can say: a letter or a digit in any script. "😭😭😭" or "?!" has
 * not; engines given such text crash (festival, exit 139) or write empty audio, so nothing is sent.
 */
export function isSpeakable(text: string): boolean {
  return /[\p{L}\p{N}]/u.test(text);
}

export interface NarrationLine extends Omit<NarrationRequest, "text"> {
  text: string;
}

/**
 * Narrates a sequence of lines, each with its own voice (a chat's messages), as separate clips in
 * `outDir`: templates place each clip on their own timeline. Lines run one after another so a small
 * machine is not flooded with engines.
 */
export async function narrateLines(narrator: Narrator, lines: readonly NarrationLine[], outDir: string): Promise<Narration[]> {
  const clips: Narration[] = [];
  for (const [i, line] of lines.entries()) clips.push(await narrator.narrate(line, `${outDir}/line-${String(i).padStart(3, "0")}.wav`));
  return clips;
}

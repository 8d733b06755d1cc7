import { availableParallelism } from "node:os";
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
  /** ISO 639-1 codes of the languages it narrates, sorted; `language` of a request is one of them. */
  readonly languages: readonly string[];
  /** Its working files go in folders beside `outPath`, removed when it settles: the caller's folder holds them all. */
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

/** The ISO 639-1 part of a language tag: "pt-BR" -> "pt". */
export function primaryLanguage(tag: string): string {
  return tag.split(/[-_]/)[0]!.toLowerCase();
}

/** Whether a narrator speaks a language tag (its primary language). */
export function speaks(narrator: Pick<Narrator, "languages">, tag: string): boolean {
  return narrator.languages.includes(primaryLanguage(tag));
}

export interface NarrationLine extends Omit<NarrationRequest, "text"> {
  text: string;
}

/**
 * Narrates a sequence of lines, each with its own voice (a chat's messages), as separate clips in
 * `outDir`: templates place each clip on their own timeline. As many lines run at once as the machine
 * has cores (an engine and its ffmpeg runs keep about one core busy): an 80-message chat's clips took
 * 51 s one after another on 2 cores. After a failure no new line starts; the lines running finish
 * before the first error is thrown, so no engine is left writing into `outDir`.
 */
export async function narrateLines(narrator: Narrator, lines: readonly NarrationLine[], outDir: string, concurrency = availableParallelism()): Promise<Narration[]> {
  const clips: Narration[] = new Array(lines.length);
  let next = 0;
  let failure: { error: unknown } | undefined;
  const lane = async () => {
    while (!failure && next < lines.length) {
      const i = next++;
      try {
        clips[i] = await narrator.narrate(lines[i]!, `${outDir}/line-${String(i).padStart(3, "0")}.wav`);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, lines.length)) }, lane));
  if (failure) throw failure.error;
  return clips;
}

import { join } from "node:path";
import type { RawSegment } from "../audio-plan.ts";
import { type Narration, NarrationError, type NarrationRequest, type Narrator } from "../narrator.ts";
import type { ScriptWord, WordTiming } from "../words.ts";
import { DEFAULT_RETRY, type RetryPolicy, postWithRetry } from "./http.ts";
import { finishNarration, mediaDuration, withScript } from "./shape-provider-audio.ts";

export interface ElevenLabsOptions {
  apiKey: string;
  baseUrl: string;
  modelId: string;
  retry?: RetryPolicy;
}

/** ElevenLabs' documented speed range; the rest of voiceSpeed is applied afterwards as tempo. */
const MIN_SPEED = 0.7;
const MAX_SPEED = 1.2;
/** Characters per request, well under the models' limits, cut at sentence ends. */
const MAX_CHARS = 2500;

const MULTILINGUAL_V2 = "ar bg cs da de el en es fi fr hi hr id it ja ko ms nl pl pt ro ru sk sv ta tr uk zh".split(" ");
const MULTILINGUAL_V2_5 = [...MULTILINGUAL_V2, "hu", "no", "vi"].sort();

/** The languages a model speaks, as ElevenLabs documents them; the English-only models speak English. */
export function elevenLabsLanguages(modelId: string): string[] {
  if (modelId === "eleven_multilingual_v2" || modelId === "eleven_multilingual_v1") return MULTILINGUAL_V2;
  if (/^eleven_(monolingual|english)|^eleven_(turbo|flash)_v2$/.test(modelId)) return ["en"];
  return MULTILINGUAL_V2_5;
}

interface Alignment {
  characters: string[];
  character_start_times_seconds: number[];
  character_end_times_seconds: number[];
}

/** Splits the script at sentence ends into pieces of at most `max` characters, keeping offsets. */
export function splitForRequests(text: string, max = MAX_CHARS): { text: string; offset: number }[] {
  const pieces: { text: string; offset: number }[] = [];
  let start = 0;
  while (start < text.length) {
    let end = Math.min(text.length, start + max);
    if (end < text.length) {
      const window = text.slice(start, end);
      const cut = Math.max(window.lastIndexOf(". "), window.lastIndexOf("! "), window.lastIndexOf("? "), window.lastIndexOf("\n"));
      end = cut > max / 3 ? start + cut + 1 : start + (window.lastIndexOf(" ") > 0 ? window.lastIndexOf(" ") : max);
    }
    pieces.push({ text: text.slice(start, end), offset: start });
    start = end;
    while (start < text.length && /\s/.test(text[start]!)) start++;
  }
  return pieces;
}

/**
 * Word times from character alignment: a word starts at its first character's start and ends at its
 * last non-space character's end. Characters are matched to the script by position.
 */
export function wordsFromAlignment(words: readonly ScriptWord[], pieceOffset: number, pieceLength: number, alignment: Alignment): WordTiming[] {
  // The alignment lists characters (code points); the script is indexed in UTF-16 units.
  const starts: number[] = [];
  const ends: number[] = [];
  alignment.characters.forEach((ch, i) => {
    for (let k = 0; k < ch.length; k++) {
      starts.push(alignment.character_start_times_seconds[i]!);
      ends.push(alignment.character_end_times_seconds[i]!);
    }
  });
  return words
    .filter((w) => w.charStart >= pieceOffset && w.charEnd <= pieceOffset + pieceLength)
    .map((w) => {
      const first = w.charStart - pieceOffset;
      const last = w.charEnd - 1 - pieceOffset;
      const start = starts[first];
      const end = ends[last];
      return { ...w, start: start ?? Number.NaN, end: end ?? Number.NaN };
    });
}

/** ElevenLabs text-to-speech with timestamps; the spec's voice ids are ElevenLabs voice ids. */
export function createElevenLabsNarrator(options: ElevenLabsOptions): Narrator {
  const retry = options.retry ?? DEFAULT_RETRY;
  return {
    provider: "elevenlabs",
    languages: elevenLabsLanguages(options.modelId),
    async narrate(request: NarrationRequest, outPath: string): Promise<Narration> {
      const wanted = request.speed ?? 1;
      const speed = Math.min(MAX_SPEED, Math.max(MIN_SPEED, wanted));
      return withScript("elevenlabs", request.text, outPath, async (words, workDir) => {
        const segments: RawSegment[] = [];
        for (const [i, piece] of splitForRequests(request.text).entries()) {
          const url = `${options.baseUrl}/v1/text-to-speech/${encodeURIComponent(request.voiceId)}/with-timestamps?output_format=mp3_44100_128`;
          const response = await postWithRetry(
            "elevenlabs",
            url,
            {
              headers: { "xi-api-key": options.apiKey },
              body: {
                text: piece.text,
                model_id: options.modelId,
                ...(request.language && !/^en(-|$)/i.test(request.language) ? { language_code: request.language.slice(0, 2).toLowerCase() } : {}),
                voice_settings: {
                  stability: (request.stability ?? 50) / 100,
                  similarity_boost: (request.similarity ?? 75) / 100,
                  speed,
                },
              },
            },
            retry,
          );
          const body = (await response.json().catch(() => undefined)) as { audio_base64?: string; alignment?: Alignment } | undefined;
          if (!body?.audio_base64 || !body.alignment?.characters) {
            throw new NarrationError("elevenlabs", "the answer had no audio_base64 or alignment");
          }
          const path = join(workDir, `piece-${i}.mp3`);
          await Bun.write(path, Buffer.from(body.audio_base64, "base64"));
          segments.push({
            wavPath: path,
            duration: await mediaDuration(path),
            words: wordsFromAlignment(words, piece.offset, piece.text.length, body.alignment),
          });
        }
        return finishNarration("elevenlabs", segments, { formant: 1, pitch: request.pitch ?? 1, tempo: wanted / speed }, outPath);
      });
    },
  };
}

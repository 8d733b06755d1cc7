import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { RawSegment } from "../audio-plan.ts";
import { decodeForAlignment } from "../decode.ts";
import { type RawNarration, chunkScript } from "../engines/engine.ts";
import { espeakVoices, pickEspeakVoice, synthesizeWithEspeak } from "../engines/espeak.ts";
import { synthesizeWithFestival } from "../engines/festival.ts";
import { alignTimes } from "../forced-align.ts";
import { type Narration, NarrationError, type NarrationRequest, type Narrator } from "../narrator.ts";
import { espeakSpellings } from "../espeak-spelling.ts";
import { type ProviderVoiceTable, providerVoiceFor } from "../provider-voices.ts";
import type { ScriptWord } from "../words.ts";
import { splitForRequests } from "./elevenlabs.ts";
import { DEFAULT_RETRY, type RetryPolicy, postWithRetry } from "./http.ts";
import { finishNarration, mediaDuration, withScript } from "./shape-provider-audio.ts";

export interface OpenAiSpeechOptions {
  baseUrl: string;
  apiKey: string;
  model: string;
  retry?: RetryPolicy;
}

/** The languages OpenAI's speech models are documented to speak (those of Whisper), ISO 639-1. */
export const OPENAI_LANGUAGES = (
  "af ar az be bg bs ca cs cy da de el en es et fa fi fr gl he hi hr hu hy id is it ja kk kn ko lt lv mi mk mr ms ne nl no pl pt ro ru sk sl sr sv sw ta th tl tr uk ur vi zh"
).split(" ");

export const OPENAI_VOICES: ProviderVoiceTable = {
  female: { american: ["nova", "shimmer", "coral"], british: ["shimmer", "coral"] },
  male: { american: ["onyx", "echo", "ash"], british: ["fable", "echo"] },
  neutral: ["alloy", "sage"],
};

/** The endpoint's input limit is 4096 characters. */
const MAX_INPUT = 4000;

/**
 * The same words spoken by an offline voice with exact word times: festival's diphone voice for English
 * (measured here: mean word-start error ~18 ms against known truth), espeak-ng for other languages.
 */
async function referenceFor(words: readonly ScriptWord[], language: string, workDir: string, index: number): Promise<RawNarration> {
  if (/^en(-|$)/i.test(language)) {
    const [reference] = await synthesizeWithFestival("kal", chunkScript(words, 10_000), workDir);
    return reference!;
  }
  const voice = pickEspeakVoice(espeakVoices(), language);
  if (!voice) throw new NarrationError("openai", `no offline voice speaks ${language}, so the speech cannot be aligned to the script`);
  const spellings = await espeakSpellings(language, words);
  return synthesizeWithEspeak({ name: voice }, chunkScript(words, 10_000, (_, i) => spellings[i]!), join(workDir, `reference-${index}.wav`));
}

/**
 * OpenAI-compatible `/v1/audio/speech` (OpenAI and self-hosted servers). It returns audio only, so word
 * times come from forced alignment of the returned audio to the script.
 */
export function createOpenAiNarrator(options: OpenAiSpeechOptions): Narrator {
  const retry = options.retry ?? DEFAULT_RETRY;
  return {
    provider: "openai",
    languages: OPENAI_LANGUAGES,
    async narrate(request: NarrationRequest, outPath: string): Promise<Narration> {
      return withScript("openai", request.text, outPath, async (words, workDir) => {
        const segments: RawSegment[] = [];
        for (const [i, piece] of splitForRequests(request.text, MAX_INPUT).entries()) {
          const response = await postWithRetry(
            "openai",
            `${options.baseUrl}/v1/audio/speech`,
            {
              headers: { authorization: `Bearer ${options.apiKey}` },
              body: { model: options.model, input: piece.text, voice: providerVoiceFor(request.voiceId, OPENAI_VOICES), response_format: "wav", speed: request.speed ?? 1 },
            },
            retry,
          );
          const audio = Buffer.from(await response.arrayBuffer());
          if (audio.byteLength < 100) throw new NarrationError("openai", "the answer had no audio");
          const path = join(workDir, `piece-${i}.wav`);
          await Bun.write(path, audio);
          const pieceWords = words.filter((w) => w.charStart >= piece.offset && w.charEnd <= piece.offset + piece.text.length);
          const pieceDir = join(workDir, `reference-${i}`);
          mkdirSync(pieceDir);
          const reference = await referenceFor(pieceWords, request.language ?? "en", pieceDir, i);
          const times = alignTimes(await decodeForAlignment(reference.wavPath), await decodeForAlignment(path), reference.words);
          segments.push({
            wavPath: path,
            duration: await mediaDuration(path),
            words: pieceWords.map((w, k) => ({ ...w, start: times[k]!.start, end: times[k]!.end })),
          });
        }
        return finishNarration("openai", segments, { formant: 1, pitch: request.pitch ?? 1, tempo: 1 }, outPath);
      });
    },
  };
}

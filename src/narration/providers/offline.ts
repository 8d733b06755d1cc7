import { join } from "node:path";
import { findVoice } from "../voices.ts";
import type { RawSegment } from "../audio-plan.ts";
import { chunkScript } from "../engines/engine.ts";
import { espeakLanguages, espeakVoices, pickEspeakVoice, synthesizeWithEspeak } from "../engines/espeak.ts";
import { synthesizeWithFestival } from "../engines/festival.ts";
import { type Narration, NarrationError, type NarrationRequest, type Narrator, primaryLanguage } from "../narrator.ts";
import { espeakSpellings } from "../espeak-spelling.ts";
import { offlineVoice } from "../offline-voices.ts";
import { finishNarration, withScript } from "./shape-provider-audio.ts";

export interface OfflineOptions {
  /** `espeak` voices everything with espeak-ng (fast; used by tests); `auto` uses festival for English. */
  engine: "auto" | "espeak";
}

/** espeak-ng voice for a language and gender: "gmw/de+f3", "sit/cmn+m3"; undefined when none speaks it. */
function espeakVoiceName(language: string, gender: string): string | undefined {
  const voice = /^en$/i.test(language) ? "en-us" : pickEspeakVoice(espeakVoices(), language);
  return voice && `${voice}+${gender === "female" ? "f3" : gender === "neutral" ? "m1" : "m3"}`;
}

/**
 * espeak-ng's pace in its "words" a minute where its default (175) is slow for the language: it counts each
 * Chinese syllable as a word, so 175 is ~3 syllables a second where Mandarin is spoken at 4-5 (230 measured
 * 4.0 on a story).
 */
const ESPEAK_RATE: Record<string, number> = { zh: 230 };

/** English (festival, or espeak-ng's) and every language an installed espeak-ng voice speaks. */
function offlineLanguages(): string[] {
  try {
    return [...new Set(["en", ...espeakLanguages(espeakVoices())])].sort();
  } catch {
    // Without libespeak-ng only festival's English is there.
    return ["en"];
  }
}

/**
 * The default narrator: no key, no network. English in festival's voices (HTS for female voices, diphone
 * for male), any other language in espeak-ng, then shaped per voice id and normalized.
 */
export function createOfflineNarrator(options: OfflineOptions = { engine: "auto" }): Narrator {
  let languages: string[] | undefined;
  return {
    provider: "offline",
    get languages() {
      return (languages ??= offlineLanguages());
    },
    async narrate(request: NarrationRequest, outPath: string): Promise<Narration> {
      const voice = offlineVoice(request.voiceId);
      const info = findVoice(request.voiceId);
      if (!voice || !info) throw new NarrationError("offline", `no offline voice for voice id ${request.voiceId}`);
      const language = request.language ?? "en";
      const english = /^en(-|$)/i.test(language);
      const name = english ? espeakVoiceName("en", info.gender) : espeakVoiceName(language, info.gender);
      if (!name) throw new NarrationError("offline", `language ${language} is not spoken by the offline voices`);
      return withScript("offline", request.text, outPath, async (words, workDir) => {
        // festival and espeak's English hear ASCII; other languages are read in their own script.
        const spellings = english ? undefined : await espeakSpellings(language, words);
        const chunks = chunkScript(words, undefined, spellings && ((_, i) => spellings[i]!));
        // Letters the offline engines cannot spell (all of them emoji or unsupported script): no engine runs.
        if (chunks.every((c) => c.words.every((w) => !w.engineText))) throw new NarrationError("offline", "nothing to narrate: the offline voices cannot say any word of this text");
        let segments: RawSegment[];
        let shape = voice.shape;
        if (english && options.engine === "auto") {
          segments = await synthesizeWithFestival(voice.festivalVoice, chunks, workDir);
        } else {
          segments = [await synthesizeWithEspeak({ name, wordsPerMinute: ESPEAK_RATE[primaryLanguage(language)] }, chunks, join(workDir, "espeak.wav"))];
          // espeak's variants already set the gender; keep the per-voice character, not the festival base.
          shape = { ...shape, formant: 1 + (shape.formant - 1) / 2 };
        }
        shape = { ...shape, tempo: shape.tempo * (request.speed ?? 1), pitch: shape.pitch * (request.pitch ?? 1) };
        return finishNarration("offline", segments, shape, outPath);
      });
    },
  };
}

import { join } from "node:path";
import { findVoice } from "../../catalog/voices.ts";
import type { RawSegment } from "../audio-plan.ts";
import { chunkScript } from "../engines/engine.ts";
import { synthesizeWithEspeak } from "../engines/espeak.ts";
import { synthesizeWithFestival } from "../engines/festival.ts";
import { type Narration, NarrationError, type NarrationRequest, type Narrator } from "../narrator.ts";
import { offlineVoice } from "../offline-voices.ts";
import { finishNarration, withScript } from "./shape-provider-audio.ts";

export interface OfflineOptions {
  /** `espeak` voices everything with espeak-ng (fast; used by tests); `auto` uses festival for English. */
  engine: "auto" | "espeak";
}

/** espeak-ng voice for a language and gender: "de+f3", "en-us+m3". */
function espeakVoiceName(language: string, gender: string): string {
  const lang = language.toLowerCase() === "en" ? "en-us" : language.toLowerCase();
  return `${lang}+${gender === "female" ? "f3" : gender === "neutral" ? "m1" : "m3"}`;
}

/**
 * The default narrator: no key, no network. English in festival's voices (HTS for female voices, diphone
 * for male), any other language in espeak-ng, then shaped per voice id and normalized.
 */
export function createOfflineNarrator(options: OfflineOptions = { engine: "auto" }): Narrator {
  return {
    provider: "offline",
    async narrate(request: NarrationRequest, outPath: string): Promise<Narration> {
      const voice = offlineVoice(request.voiceId);
      const info = findVoice(request.voiceId);
      if (!voice || !info) throw new NarrationError("offline", `no offline voice for voice id ${request.voiceId}`);
      const language = request.language ?? "en";
      const english = /^en(-|$)/i.test(language);
      return withScript("offline", request.text, async (words, workDir) => {
        const chunks = chunkScript(words);
        // Letters the offline engines cannot spell (all of them emoji or unsupported script): no engine runs.
        if (chunks.every((c) => c.words.every((w) => !w.engineText))) throw new NarrationError("offline", "nothing to narrate: the offline voices cannot say any word of this text");
        let segments: RawSegment[];
        let shape = voice.shape;
        if (english && options.engine === "auto") {
          segments = await synthesizeWithFestival(voice.festivalVoice, chunks, workDir);
        } else {
          const name = espeakVoiceName(english ? "en" : language, info.gender);
          segments = [await synthesizeWithEspeak({ name }, chunks, join(workDir, "espeak.wav")).catch((error: Error) => {
            throw new NarrationError("offline", english ? error.message : `language ${language} is not spoken by the offline voices (${error.message})`);
          })];
          // espeak's variants already set the gender; keep the per-voice character, not the festival base.
          shape = { ...shape, formant: 1 + (shape.formant - 1) / 2 };
        }
        shape = { ...shape, tempo: shape.tempo * (request.speed ?? 1), pitch: shape.pitch * (request.pitch ?? 1) };
        return finishNarration("offline", segments, shape, outPath);
      });
    },
  };
}

import { createHash } from "node:crypto";
import { existsSync, mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { ffmpegToFile } from "../../render/ffmpeg.ts";
import { speechMp3Args } from "../../render/plan/media-convert.ts";
import { findVoice } from "../catalog/voices.ts";
import type { Narrator } from "./narrator.ts";
import { offlineDescription, offlineVoice } from "./offline-voices.ts";

/** Short samples of each voice, made once by the deployment's narrator and kept under DATA_DIR. */
export interface VoicePreviews {
  /** Path of the voice's sample, made on first use; undefined for an unknown voice. */
  sample(voiceId: string): Promise<string | undefined>;
}

/** The sample says what the voice is as this deployment narrates it: the offline voices describe themselves. */
export function previewText(voiceId: string, provider: string): string | undefined {
  const voice = findVoice(voiceId);
  const description = voice && (provider === "offline" ? offlineDescription(voice).description : voice.description);
  return voice && `Hi, I'm ${voice.name}. ${description} This is how your story sounds in my voice.`;
}

export function createVoicePreviews(dir: string, narrator: Narrator): VoicePreviews {
  const pending = new Map<string, Promise<string>>();
  const make = async (voiceId: string, text: string) => {
    mkdirSync(dir, { recursive: true });
    // A sample made before the voice's text or offline shape changed is not reused.
    const version = createHash("sha256").update(JSON.stringify([text, narrator.provider === "offline" ? offlineVoice(voiceId) : null])).digest("hex").slice(0, 8);
    const final = join(dir, `${voiceId}.${narrator.provider}.${version}.mp3`);
    if (existsSync(final)) return final;
    const wav = join(dir, `${voiceId}.${process.pid}.wav`);
    try {
      await narrator.narrate({ text, voiceId }, wav);
      await ffmpegToFile(final, (out) => speechMp3Args(wav, out));
      return final;
    } finally {
      rmSync(wav, { force: true });
    }
  };
  return {
    async sample(voiceId) {
      const text = previewText(voiceId, narrator.provider);
      if (!text) return undefined;
      let job = pending.get(voiceId);
      if (!job) {
        job = make(voiceId, text).finally(() => pending.delete(voiceId));
        pending.set(voiceId, job);
      }
      return job;
    },
  };
}

import { createHash } from "node:crypto";
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { ffmpegToFile } from "../../render/ffmpeg.ts";
import { speechMp3Args } from "../../render/plan/media-convert.ts";
import { findVoice } from "./voices.ts";
import type { Storage } from "../storage/local.ts";
import type { Narrator } from "./narrator.ts";
import { offlineDescription, offlineVoice } from "./offline-voices.ts";

/** Short samples of each voice, made once by the deployment's narrator and kept in storage. */
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

/**
 * Samples are kept in storage, so every machine serves the one made first; `dir` holds a sample while it
 * is made.
 */
export function createVoicePreviews(storage: Storage, dir: string, narrator: Narrator): VoicePreviews {
  const pending = new Map<string, Promise<string>>();
  const make = async (voiceId: string, text: string) => {
    // A sample made before the voice's text or offline shape changed is not reused.
    const version = createHash("sha256").update(JSON.stringify([text, narrator.provider === "offline" ? offlineVoice(voiceId) : null])).digest("hex").slice(0, 8);
    const key = `voice-${voiceId.replace(/[^A-Za-z0-9_-]/g, "_")}.${narrator.provider}.${version}.mp3`;
    const kept = await storage.fetch(key);
    if (kept) return kept;
    mkdirSync(dir, { recursive: true });
    const wav = join(dir, `${voiceId}.${process.pid}.wav`);
    const mp3 = join(dir, `${voiceId}.${process.pid}.mp3`);
    try {
      await narrator.narrate({ text, voiceId }, wav);
      await ffmpegToFile(mp3, (out) => speechMp3Args(wav, out));
      await storage.put(key, mp3);
    } finally {
      rmSync(wav, { force: true });
      rmSync(mp3, { force: true });
    }
    const stored = await storage.fetch(key);
    if (!stored) throw new Error(`the voice sample ${key} was stored and is gone`);
    return stored;
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

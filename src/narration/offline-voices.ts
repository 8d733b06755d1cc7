import { createHash } from "node:crypto";
import { type VoiceInfo, VOICES, findVoice } from "../catalog/voices.ts";
import type { VoiceShape } from "./audio-plan.ts";
import type { FestivalVoice } from "./engines/festival.ts";

/** How the offline narrator voices one catalog id. */
export interface OfflineVoice {
  engine: "festival";
  festivalVoice: FestivalVoice;
  shape: VoiceShape;
}

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

/** Deterministic value in [-1, 1] from an id and a salt, so every id sounds the same on every machine. */
function jitter(id: string, salt: string): number {
  const byte = createHash("sha256").update(`${salt}:${id}`).digest()[0]!;
  return byte / 127.5 - 1;
}

const TAG_EFFECTS: Record<string, Partial<Record<keyof VoiceShape, number>>> = {
  deep: { pitch: 0.9, formant: 0.96 },
  low: { pitch: 0.93, formant: 0.97 },
  resonant: { formant: 0.96 },
  gravelly: { pitch: 0.93, formant: 0.95 },
  gruff: { pitch: 0.92, formant: 0.95 },
  dark: { pitch: 0.92, tempo: 0.94 },
  rich: { formant: 0.97 },
  high: { pitch: 1.08 },
  bright: { pitch: 1.05, formant: 1.03 },
  playful: { pitch: 1.07, tempo: 1.04 },
  light: { pitch: 1.04, formant: 1.02 },
  crisp: { formant: 1.03 },
  soft: { pitch: 1.02, tempo: 0.96 },
  breathy: { tempo: 0.95 },
  calm: { tempo: 0.94 },
  measured: { tempo: 0.94 },
  slow: { tempo: 0.9 },
  gentle: { tempo: 0.95 },
  fast: { tempo: 1.08 },
  quick: { tempo: 1.07 },
  anxious: { tempo: 1.08, pitch: 1.04 },
  nervous: { tempo: 1.07, pitch: 1.05 },
  chatty: { tempo: 1.05 },
  energetic: { tempo: 1.05, pitch: 1.03 },
  punchy: { tempo: 1.04 },
  intense: { tempo: 1.03, formant: 0.98 },
  authoritative: { tempo: 0.97, pitch: 0.97 },
  deadpan: { pitch: 0.96, tempo: 0.96 },
};

const AGE: Record<VoiceInfo["age"], VoiceShape> = {
  young: { pitch: 1.05, formant: 1.02, tempo: 1.03 },
  "middle-aged": { pitch: 1, formant: 1, tempo: 1 },
  old: { pitch: 0.93, formant: 0.98, tempo: 0.92 },
};

/** The catalog's gender, age and character tags become an engine voice and a shape. */
export function offlineVoiceFor(voice: VoiceInfo): OfflineVoice {
  const shape = { ...AGE[voice.age] };
  for (const tag of voice.tags) {
    const effect = TAG_EFFECTS[tag];
    if (!effect) continue;
    for (const key of Object.keys(effect) as (keyof VoiceShape)[]) shape[key] *= effect[key]!;
  }
  let festivalVoice: FestivalVoice = "slt";
  if (voice.gender === "male") festivalVoice = jitter(voice.id, "base") < 0 ? "kal" : "ked";
  if (voice.gender === "neutral") {
    // Between the two: the female voice, lower and with a larger vocal tract.
    shape.pitch *= 0.84;
    shape.formant *= 0.94;
  }
  shape.pitch *= 1 + 0.05 * jitter(voice.id, "pitch");
  shape.formant *= 1 + 0.03 * jitter(voice.id, "formant");
  shape.tempo *= 1 + 0.03 * jitter(voice.id, "tempo");
  return {
    engine: "festival",
    festivalVoice,
    shape: { pitch: clamp(shape.pitch, 0.78, 1.25), formant: clamp(shape.formant, 0.88, 1.1), tempo: clamp(shape.tempo, 0.85, 1.15) },
  };
}

export function offlineVoice(voiceId: string): OfflineVoice | undefined {
  const voice = findVoice(voiceId);
  return voice && offlineVoiceFor(voice);
}

export const OFFLINE_VOICE_IDS = VOICES.map((v) => v.id);

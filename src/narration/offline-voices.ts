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

/**
 * Voices sharing a base engine voice are spread apart: ordered by their natural pitch (age and tags), they
 * take evenly spaced pitches across the group's range, and neighbours in that order take different
 * formant settings, so any two differ by several percent in pitch or in timbre.
 */
const PITCH_RANGE: Record<string, [number, number]> = { female: [0.86, 1.18], male: [0.84, 1.14], neutral: [0.8, 0.92] };
const FORMANT_CYCLE = [0.95, 1, 1.05];

function baseVoiceOf(voice: VoiceInfo): FestivalVoice {
  if (voice.gender === "male") return jitter(voice.id, "base") < 0 ? "kal" : "ked";
  return "slt";
}

function naturalShape(voice: VoiceInfo): VoiceShape {
  const shape = { ...AGE[voice.age] };
  for (const tag of voice.tags) {
    const effect = TAG_EFFECTS[tag];
    if (!effect) continue;
    for (const key of Object.keys(effect) as (keyof VoiceShape)[]) shape[key] *= effect[key]!;
  }
  return shape;
}

const PLACES = (() => {
  const places = new Map<string, { pitch: number; formant: number }>();
  const groups = new Map<string, VoiceInfo[]>();
  for (const v of VOICES) {
    const key = `${baseVoiceOf(v)}:${v.gender}`;
    groups.set(key, [...(groups.get(key) ?? []), v]);
  }
  for (const members of groups.values()) {
    const ordered = [...members].sort((a, b) => naturalShape(a).pitch - naturalShape(b).pitch || jitter(a.id, "order") - jitter(b.id, "order"));
    const [lo, hi] = PITCH_RANGE[ordered[0]!.gender]!;
    ordered.forEach((v, rank) => {
      const pitch = ordered.length === 1 ? (lo + hi) / 2 : lo + ((hi - lo) * rank) / (ordered.length - 1);
      places.set(v.id, { pitch, formant: FORMANT_CYCLE[rank % FORMANT_CYCLE.length]! });
    });
  }
  return places;
})();

/** The catalog's gender, age and character tags become an engine voice and a shape. */
export function offlineVoiceFor(voice: VoiceInfo): OfflineVoice {
  const natural = naturalShape(voice);
  const place = PLACES.get(voice.id)!;
  // Formant: the neutral voices borrow the female voice with a larger vocal tract; tags nudge the rest.
  const formant = place.formant * (voice.gender === "neutral" ? 0.94 : 1) * Math.sqrt(natural.formant);
  return {
    engine: "festival",
    festivalVoice: baseVoiceOf(voice),
    shape: {
      pitch: clamp(place.pitch, 0.78, 1.25),
      formant: clamp(formant, 0.86, 1.1),
      tempo: clamp(natural.tempo * (1 + 0.03 * jitter(voice.id, "tempo")), 0.85, 1.15),
    },
  };
}

export function offlineVoice(voiceId: string): OfflineVoice | undefined {
  const voice = findVoice(voiceId);
  return voice && offlineVoiceFor(voice);
}

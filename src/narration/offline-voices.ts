import { createHash } from "node:crypto";
import { type VoiceInfo, VOICES, findVoice } from "./voices.ts";
import type { VoiceShape } from "./audio-plan.ts";
import type { FestivalVoice } from "./engines/festival.ts";

/** How the offline narrator voices one catalog id. */
export interface OfflineVoice {
  engine: "festival";
  festivalVoice: FestivalVoice;
  shape: VoiceShape;
  /** 0 (lowest) to PITCH_LEVELS - 1 (highest) among the voices of the same engine voice and gender. */
  pitchLevel: number;
}

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

/** Deterministic value in [-1, 1] from an id and a salt, so every id sounds the same on every machine. */
function jitter(id: string, salt: string): number {
  const byte = createHash("sha256").update(`${salt}:${id}`).digest()[0]!;
  return byte / 127.5 - 1;
}

/** Where a voice's catalog character would put it: below 1 lower or slower, above 1 higher or faster. */
const TAG_LEAN: Record<string, { pitch?: number; tempo?: number }> = {
  deep: { pitch: 0.88 }, low: { pitch: 0.9 }, resonant: { pitch: 0.95 }, gravelly: { pitch: 0.92 }, gruff: { pitch: 0.92 },
  dark: { pitch: 0.92, tempo: 0.94 }, rich: { pitch: 0.95 }, high: { pitch: 1.12 }, bright: { pitch: 1.07 }, playful: { pitch: 1.08, tempo: 1.04 },
  light: { pitch: 1.05 }, soft: { tempo: 0.96 }, breathy: { tempo: 0.95 }, calm: { tempo: 0.93 }, measured: { tempo: 0.93 }, slow: { tempo: 0.9 },
  gentle: { tempo: 0.95 }, fast: { tempo: 1.08 }, quick: { tempo: 1.07 }, anxious: { tempo: 1.08, pitch: 1.04 }, nervous: { tempo: 1.07, pitch: 1.05 },
  chatty: { tempo: 1.05 }, energetic: { tempo: 1.05, pitch: 1.03 }, punchy: { tempo: 1.04 }, upbeat: { tempo: 1.04, pitch: 1.03 },
  authoritative: { tempo: 0.97, pitch: 0.97 }, deadpan: { pitch: 0.96, tempo: 0.96 },
};
const AGE_LEAN: Record<VoiceInfo["age"], { pitch: number; tempo: number }> = {
  young: { pitch: 1.05, tempo: 1.03 },
  "middle-aged": { pitch: 1, tempo: 1 },
  old: { pitch: 0.93, tempo: 0.92 },
};

function lean(voice: VoiceInfo): { pitch: number; tempo: number } {
  const result = { ...AGE_LEAN[voice.age] };
  for (const tag of voice.tags) {
    result.pitch *= TAG_LEAN[tag]?.pitch ?? 1;
    result.tempo *= TAG_LEAN[tag]?.tempo ?? 1;
  }
  return result;
}

/**
 * Voices sharing an engine voice are spread on a grid: five pitch levels about 10% apart (a step anyone
 * hears), and within a level each voice takes its own timbre and pace (vocal-tract size ±8%, rate ±8%),
 * so no two sound alike. Voices are ranked by their catalog character (age, "deep", "high"...), so a
 * voice called deep gets a low level; the neutral voices take the female voice with a longer vocal tract.
 */
export const PITCH_LEVELS: Record<VoiceInfo["gender"], number[]> = {
  female: [0.8, 0.89, 0.99, 1.1, 1.22],
  male: [0.82, 0.91, 1, 1.1, 1.21],
  neutral: [0.76, 0.84, 0.93],
};
/**
 * Any two of these differ by 8% in vocal tract, or (the pairs sharing one) by 16% in pace, which a voice's
 * own lean (at most ~9%) cannot close.
 */
const CHARACTERS: { formant: number; tempo: number }[] = [
  { formant: 1, tempo: 1 },
  { formant: 0.92, tempo: 1.08 },
  { formant: 1.08, tempo: 0.92 },
  { formant: 0.92, tempo: 0.92 },
  { formant: 1.08, tempo: 1.08 },
];

function baseVoiceOf(voice: VoiceInfo): FestivalVoice {
  if (voice.gender === "male") return jitter(voice.id, "base") < 0 ? "kal" : "ked";
  return "slt";
}

const PLACES = (() => {
  const places = new Map<string, { level: number; pitch: number; character: { formant: number; tempo: number } }>();
  const groups = new Map<string, VoiceInfo[]>();
  for (const v of VOICES) {
    const key = `${baseVoiceOf(v)}:${v.gender}`;
    groups.set(key, [...(groups.get(key) ?? []), v]);
  }
  for (const members of groups.values()) {
    const levels = PITCH_LEVELS[members[0]!.gender];
    const ordered = [...members].sort((a, b) => lean(a).pitch - lean(b).pitch || jitter(a.id, "order") - jitter(b.id, "order"));
    const taken = new Map<number, number>();
    ordered.forEach((v, rank) => {
      const level = Math.min(levels.length - 1, Math.floor((rank * levels.length) / ordered.length));
      const slot = taken.get(level) ?? 0;
      taken.set(level, slot + 1);
      places.set(v.id, { level, pitch: levels[level]!, character: CHARACTERS[slot % CHARACTERS.length]! });
    });
  }
  return places;
})();

/** The catalog's gender, age and character tags become an engine voice and a shape. */
export function offlineVoiceFor(voice: VoiceInfo): OfflineVoice {
  const place = PLACES.get(voice.id)!;
  const formant = place.character.formant * (voice.gender === "neutral" ? 0.92 : 1);
  return {
    engine: "festival",
    festivalVoice: baseVoiceOf(voice),
    pitchLevel: place.level,
    shape: {
      pitch: clamp(place.pitch, 0.74, 1.25),
      formant: clamp(formant, 0.84, 1.1),
      tempo: clamp(place.character.tempo * Math.sqrt(lean(voice).tempo), 0.84, 1.16),
    },
  };
}

export function offlineVoice(voiceId: string): OfflineVoice | undefined {
  const voice = findVoice(voiceId);
  return voice && offlineVoiceFor(voice);
}

/** Catalog tags that say what a voice is for, not how it sounds: true of any voice. */
const USE_TAGS = new Set(["narration", "storytelling", "stories", "news", "explainer", "quiz", "social", "conversational", "drama", "comedy", "documentary", "motivational", "characters", "suspense", "informative"]);

/**
 * What the offline narrator really produces for a voice, in words: its engine's accent (the festival
 * voices installed are American English), its pitch level, pace and timbre. `GET /v1/options` shows this
 * on a deployment whose voices are the offline ones; a provider's catalog text is shown otherwise.
 */
export function offlineDescription(voice: VoiceInfo): { description: string; tags: string[] } {
  const offline = offlineVoiceFor(voice);
  const levels = PITCH_LEVELS[voice.gender].length;
  const pitchWords = levels === 3 ? ["low", "mid-pitched", "higher"] : ["deep", "low", "mid-pitched", "higher", "high"];
  const pitch = pitchWords[offline.pitchLevel]!;
  const pace = offline.shape.tempo < 0.95 ? "slow" : offline.shape.tempo > 1.05 ? "quick" : "even";
  const timbre = offline.shape.formant < 0.97 ? "full" : offline.shape.formant > 1.03 ? "light" : undefined;
  const kind = voice.gender === "neutral" ? "gender-neutral" : voice.gender;
  const sentence = `${pitch[0]!.toUpperCase()}${pitch.slice(1)}, ${pace}-paced ${kind} voice${timbre ? ` with a ${timbre} tone` : ""}, in American English (offline voice).`;
  return { description: sentence, tags: [pitch, pace, ...(timbre ? [timbre] : []), "american", ...voice.tags.filter((t) => USE_TAGS.has(t))] };
}

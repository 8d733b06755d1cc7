import { type SpeechWindow, speechPhrases } from "../../render/plan/ducking.ts";

/**
 * The music bed every template plays under its voice. The renderer brings each music track to the voice's
 * loudness (render/plan/audio-mix.ts) and ducks it DUCK_DB (8 dB) under speech, so a volume here is a level
 * against the voice: the default (30) puts the bed 9 dB under the voice between phrases and 17 dB under it
 * while it speaks, where creators mix a bed; 0 is no music.
 */
export const DEFAULT_MUSIC_VOLUME = 30;
/** The bed between phrases at the default volume, in dB against the voice. */
const DEFAULT_BED_DB = -9;

/** A caller's 0-100 music volume as the music track's linear gain: in proportion, 30 at DEFAULT_BED_DB. */
export function bedVolume(volume: number): number {
  if (!(volume > 0)) return 0;
  return Math.round(10 ** (DEFAULT_BED_DB / 20) * (volume / DEFAULT_MUSIC_VOLUME) * 10000) / 10000;
}

/** Where a template's voice speaks, as the Timeline's speech windows: its words (or clips) merged into phrases. */
export function speechWindows(words: readonly SpeechWindow[]): SpeechWindow[] {
  return speechPhrases(words).map((p) => ({ start: Math.round(p.start * 1000) / 1000, end: Math.round(p.end * 1000) / 1000 }));
}

/**
 * The mood of the built-in loop a template plays when the caller names no music: a story and a chat over
 * chill keys, as the genre does; an article by its tone.
 */
export const DEFAULT_MOOD = { story: "chill", chat: "chill" } as const;

import type { SoundCue } from "../sound-cues.ts";
import type { QuizVideoInputs } from "./inputs.ts";

/**
 * Pure: a quiz's sounds from its Timeline's own times. The title pops in; each countdown ticks once a
 * second, on the second, from its start until the answer shows; each reveal chimes.
 */
export function quizSoundCues(times: { countdowns: readonly { start: number; end: number }[]; reveals: readonly number[] }): SoundCue[] {
  const cues: SoundCue[] = [{ effect: "pop", at: 0 }];
  for (const { start, end } of times.countdowns) {
    for (let s = 0; start + s < end - 1e-6; s++) cues.push({ effect: "tick", at: start + s });
  }
  for (const at of times.reveals) cues.push({ effect: "chime", at });
  return cues.sort((a, b) => a.at - b.at);
}

/** A quiz has no music field: its theme picks the mood, and the video's seed one of the mood's loops. */
export const QUIZ_MUSIC_MOOD: Record<QuizVideoInputs["theme"], string> = { neon: "upbeat", sunset: "chill", classic: "suspense" };

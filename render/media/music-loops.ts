import { biquad, envelope, mixInto, multiply, noise, peak, RATE, seconds, tone } from "./synth.ts";

/**
 * The built-in music loops, two per mood, synthesised at set-up (no samples). Written for phone speakers:
 * chords, keys and plucks sit between 200 Hz and 3 kHz and the bass carries harmonics, so most of the
 * energy is above 200 Hz. Every note is mixed circularly into a buffer of a whole number of bars, so a
 * note ringing past the end continues at the start: the loop has no seam and no fade.
 */
export interface MusicRecipe {
  mood: "chill" | "upbeat" | "suspense";
  name: string;
  bpm: number;
  bars: number;
  /** One chord per `barsPerChord` bars, as MIDI note numbers (the lowest is the bass note). */
  chords: number[][];
  barsPerChord: number;
  /** Which parts play. */
  parts: { pad?: number; keys?: "beats" | "offbeats" | "arp8" | "arp16"; keysLevel?: number; bass?: "roots" | "pulse8"; kick?: number; clap?: number; hats?: number; ticks?: number };
}

export const MUSIC_RECIPES: MusicRecipe[] = [
  { mood: "chill", name: "lofi-pad", bpm: 80, bars: 8, barsPerChord: 2, chords: [[57, 60, 64, 67], [50, 60, 65, 69], [55, 59, 65, 69], [48, 59, 64, 67]], parts: { pad: 0.5, keys: "offbeats", keysLevel: 0.5, bass: "roots", kick: 0.35, hats: 0.12 } },
  { mood: "chill", name: "soft-keys", bpm: 72, bars: 8, barsPerChord: 2, chords: [[53, 64, 69, 72], [52, 62, 67, 71], [50, 60, 65, 69], [48, 59, 64, 67]], parts: { pad: 0.3, keys: "arp8", keysLevel: 0.55, bass: "roots", hats: 0.06 } },
  { mood: "upbeat", name: "bright-pulse", bpm: 120, bars: 8, barsPerChord: 2, chords: [[48, 64, 67, 72], [55, 62, 67, 71], [57, 64, 69, 72], [53, 65, 69, 72]], parts: { pad: 0.25, keys: "offbeats", keysLevel: 0.6, bass: "pulse8", kick: 0.5, clap: 0.3, hats: 0.15 } },
  { mood: "upbeat", name: "pop-pluck", bpm: 112, bars: 8, barsPerChord: 2, chords: [[50, 62, 66, 69], [57, 61, 64, 69], [59, 62, 66, 71], [55, 62, 67, 71]], parts: { pad: 0.2, keys: "arp16", keysLevel: 0.45, bass: "roots", kick: 0.45, clap: 0.25, hats: 0.12 } },
  { mood: "suspense", name: "low-drone", bpm: 60, bars: 6, barsPerChord: 3, chords: [[48, 60, 63, 67, 68], [44, 60, 63, 68, 70]], parts: { pad: 0.6, keys: "beats", keysLevel: 0.3, bass: "roots", ticks: 0.12 } },
  { mood: "suspense", name: "tension-pulse", bpm: 92, bars: 8, barsPerChord: 2, chords: [[52, 64, 67, 71], [48, 64, 67, 72], [45, 64, 69, 72], [47, 63, 66, 71]], parts: { pad: 0.35, keys: "arp8", keysLevel: 0.4, bass: "pulse8", kick: 0.3, ticks: 0.1 } },
];

const hz = (midi: number) => 440 * 2 ** ((midi - 69) / 12);

/** Length of a loop in samples: a whole number of bars of 4 beats. */
export function loopLength(recipe: MusicRecipe): number {
  return seconds((recipe.bars * 4 * 60) / recipe.bpm);
}

/** A saw-like pad voice: harmonics falling off as 1/k, softened by a low-pass. */
const PAD_PARTIALS: [number, number][] = Array.from({ length: 8 }, (_, k) => [k + 1, 1 / (k + 1)]);
/** An electric-piano-like pluck: strong low harmonics with a bell overtone. */
const KEYS_PARTIALS: [number, number][] = [[1, 1], [2, 0.45], [3, 0.18], [4, 0.1], [7.1, 0.03]];
/** The bass keeps its 2nd-4th harmonics so phones (which cannot play under ~200 Hz) still hear its line. */
const BASS_PARTIALS: [number, number][] = [[1, 0.45], [2, 0.7], [3, 0.5], [4, 0.3]];

/** Both channels of one loop, at RATE. */
export function synthesizeMusic(recipe: MusicRecipe): [Float32Array, Float32Array] {
  const length = loopLength(recipe);
  const beat = (60 / recipe.bpm) * RATE;
  const left = new Float32Array(length);
  const right = new Float32Array(length);
  const both = (source: Float32Array, at: number, gain: number, pan = 0) => {
    mixInto(left, source, Math.round(at), gain * (1 - pan), true);
    mixInto(right, source, Math.round(at), gain * (1 + pan), true);
  };
  const { parts } = recipe;
  const chordBeats = recipe.barsPerChord * 4;
  const totalBeats = recipe.bars * 4;

  recipe.chords.forEach((chord, c) => {
    for (let start = c * chordBeats; start < totalBeats; start += chordBeats * recipe.chords.length) {
      const [root, ...upper] = chord as [number, ...number[]];
      const span = chordBeats * beat;
      if (parts.pad) {
        // Two slightly detuned voices per note, one per side: a wide pad that still sums to mono.
        const hold = Math.round(span + beat);
        upper.forEach((note, k) => {
          for (const [side, detune] of [[-0.6, 0.997], [0.6, 1.003]] as const) {
            const voice = tone(hold, hz(note) * detune, PAD_PARTIALS);
            biquad(voice, "lowpass", 2200);
            multiply(voice, envelope(hold, 0.35, 2.5, beat / RATE));
            both(voice, start * beat, (parts.pad! * 0.06) / (1 + k * 0.1), side);
          }
        });
      }
      if (parts.keys) {
        const steps = parts.keys === "arp16" ? 4 : parts.keys === "beats" ? 1 : 2;
        for (let s = 0; s < chordBeats * steps; s++) {
          if (parts.keys === "offbeats" && s % 2 === 0) continue;
          const note = parts.keys.startsWith("arp") ? upper[s % upper.length]! + (Math.floor(s / upper.length) % 2 === 1 ? 12 : 0) : undefined;
          const notes = note === undefined ? upper : [note];
          const hold = Math.round(beat * (parts.keys === "beats" ? 1.5 : 0.9));
          for (const n of notes) {
            const key = tone(hold, hz(n), KEYS_PARTIALS);
            multiply(key, envelope(hold, 0.004, parts.keys === "beats" ? 0.5 : 0.22, 0.05));
            both(key, (start + s / steps) * beat, ((parts.keysLevel ?? 0.5) * 0.12) / Math.sqrt(notes.length), (s % 2 ? 0.25 : -0.25));
          }
        }
      }
      if (parts.bass) {
        const hits = parts.bass === "pulse8" ? chordBeats * 2 : recipe.barsPerChord * 2;
        const every = (chordBeats * beat) / hits;
        for (let h = 0; h < hits; h++) {
          const hold = Math.round(every * 0.95);
          const note = tone(hold, hz(root), BASS_PARTIALS);
          biquad(note, "lowpass", 900);
          multiply(note, envelope(hold, 0.006, parts.bass === "pulse8" ? 0.12 : 0.6, 0.03));
          both(note, start * beat + h * every, 0.07);
        }
      }
    }
  });

  for (let b = 0; b < totalBeats; b++) {
    if (parts.kick && b % 2 === 0) {
      const hold = seconds(0.25);
      // A soft low thump carried mostly by its knock and second harmonic, which a phone plays.
      const kick = tone(hold, (t) => 60 + 110 * Math.exp(-t / 0.03), [[1, 0.6], [2, 0.5], [3, 0.2]]);
      multiply(kick, envelope(hold, 0.002, 0.08, 0.03));
      const knock = biquad(noise(seconds(0.02), b), "bandpass", 1800, 1.2);
      multiply(knock, envelope(knock.length, 0.0005, 0.004, 0.005));
      mixInto(kick, knock, 0, 0.8);
      both(kick, b * beat, parts.kick * 0.2);
    }
    if (parts.clap && b % 2 === 1) {
      const hold = seconds(0.18);
      const clap = biquad(noise(hold, 1000 + b), "bandpass", 1500, 0.9);
      multiply(clap, envelope(hold, 0.002, 0.05, 0.03));
      both(clap, b * beat, parts.clap * 0.3);
    }
    if (parts.hats) {
      for (const half of [0, 0.5]) {
        const hold = seconds(0.05);
        const hat = biquad(noise(hold, 2000 + b * 2 + half * 2), "highpass", 7000);
        multiply(hat, envelope(hold, 0.001, 0.012, 0.01));
        both(hat, (b + half) * beat, parts.hats * (half ? 0.35 : 0.2), half ? 0.3 : -0.3);
      }
    }
    if (parts.ticks) {
      const hold = seconds(0.08);
      const tick = tone(hold, 2400, [[1, 1], [2.7, 0.3]]);
      multiply(tick, envelope(hold, 0.001, 0.015, 0.02));
      both(tick, b * beat, parts.ticks * 0.4, b % 2 ? 0.4 : -0.4);
    }
  }
  return levelled(left, right);
}

/** Music loops sit at about -20 dBFS RMS (near -18 LUFS for this content), peaks under -3 dBFS. */
const TARGET_RMS = 0.1;
const MAX_PEAK = 0.7;

function levelled(left: Float32Array, right: Float32Array): [Float32Array, Float32Array] {
  let sum = 0;
  for (let i = 0; i < left.length; i++) sum += (left[i]! ** 2 + right[i]! ** 2) / 2;
  const rms = Math.sqrt(sum / left.length);
  const gain = Math.min(TARGET_RMS / rms, MAX_PEAK / Math.max(peak(left), peak(right)));
  for (let i = 0; i < left.length; i++) {
    left[i]! *= gain;
    right[i]! *= gain;
  }
  return [left, right];
}

import { biquad, envelope, mixInto, multiply, noise, normalize, seconds, tone } from "./synth.ts";

/**
 * The built-in sound effects, synthesised at set-up. Each lives in the range a phone speaker plays
 * (roughly 300 Hz-8 kHz: nothing rests on bass), starts within a few milliseconds of its placed time and
 * starts and ends at zero (no click). Peaks sit at -6 dBFS; templates set each effect's level in the mix.
 */
export const SOUND_EFFECTS = ["send", "receive", "typing", "whoosh", "tick", "chime", "pop"] as const;
export type SoundEffect = (typeof SOUND_EFFECTS)[number];

const PEAK = 0.5;

/** A rising bubble: a sine gliding up an octave over a breath of filtered air, like a message leaving. */
function send(): Float32Array {
  const length = seconds(0.22);
  const glide = tone(length, (t) => 640 * 2 ** Math.min(1, t / 0.12), [[1, 1], [2, 0.25]]);
  multiply(glide, envelope(length, 0.004, 0.07, 0.03));
  const air = biquad(noise(length, 11), "bandpass", (i) => 1800 + 2600 * (i / length), 1.2);
  multiply(air, envelope(length, 0.01, 0.05, 0.03));
  mixInto(glide, air, 0, 0.35);
  return normalize(glide, PEAK);
}

/** A two-note glassy ding, a fourth apart: a message arriving. */
function receive(): Float32Array {
  const out = new Float32Array(seconds(0.5));
  const bell: [number, number][] = [[1, 1], [2.76, 0.3], [5.4, 0.08]];
  [[1175, 0], [1568, 0.09]].forEach(([f, at]) => {
    const note = tone(seconds(0.5 - at!), f!, bell);
    mixInto(out, multiply(note, envelope(note.length, 0.003, 0.11, 0.05)), seconds(at!));
  });
  return normalize(out, PEAK);
}

/** Soft key taps at an uneven typist's rhythm over about a second: band-passed clicks with a small body. */
function typing(): Float32Array {
  const out = new Float32Array(seconds(1));
  const next = (() => {
    let s = 0.02;
    const gaps = [0.11, 0.07, 0.16, 0.09, 0.12, 0.06, 0.14, 0.1];
    let k = 0;
    return () => (s += gaps[k++ % gaps.length]!);
  })();
  for (let at = 0.02, k = 0; at < 0.92; at = next(), k++) {
    const tap = biquad(noise(seconds(0.03), 100 + k), "bandpass", 2600 + (k % 3) * 500, 2);
    mixInto(tap, tone(tap.length, 900 + (k % 2) * 150), 0, 0.15);
    multiply(tap, envelope(tap.length, 0.001, 0.006, 0.008));
    mixInto(out, tap, seconds(at), k % 4 === 2 ? 0.7 : 1);
  }
  return normalize(out, PEAK);
}

/** Air rushing past: noise through a band-pass that sweeps up and back, swelling then fading. */
function whoosh(): Float32Array {
  const length = seconds(0.6);
  const sweep = (i: number) => {
    const x = i / length;
    return 400 + 3200 * Math.sin(Math.PI * Math.min(1, x * 1.3)) ** 2;
  };
  const air = biquad(biquad(noise(length, 7), "bandpass", sweep, 1.4), "highpass", 300);
  // Swells for the first 35%, then falls away, both as raised cosines (no corner to click on).
  const shape = Float32Array.from({ length }, (_, i) => {
    const x = i / length;
    return x < 0.35 ? 0.5 - 0.5 * Math.cos((Math.PI * x) / 0.35) : 0.5 + 0.5 * Math.cos((Math.PI * (x - 0.35)) / 0.65);
  });
  // Noise peaks far above its body: a soft saturation brings the body up (it is heard, not just its crests).
  const body = normalize(multiply(air, shape), 1).map((x) => Math.tanh(3 * x));
  return normalize(body, PEAK);
}

/** A clock tick: a short woody click with a 2.1 kHz ring. */
function tick(): Float32Array {
  const length = seconds(0.09);
  const click = biquad(noise(length, 3), "bandpass", 3200, 1.5);
  multiply(click, envelope(length, 0.0008, 0.004, 0.01));
  const ring = tone(length, 2100, [[1, 1], [2.3, 0.2]]);
  multiply(ring, envelope(length, 0.001, 0.018, 0.02));
  mixInto(ring, click, 0, 0.8);
  return normalize(ring, PEAK);
}

/** The right answer: a bright rising major arpeggio of bell tones that rings out. */
function chime(): Float32Array {
  const out = new Float32Array(seconds(1.2));
  const bell: [number, number][] = [[1, 1], [2, 0.35], [3.01, 0.15], [4.2, 0.06]];
  [[1047, 0], [1319, 0.08], [1568, 0.16], [2093, 0.24]].forEach(([f, at], k) => {
    const note = tone(out.length - seconds(at!), f!, bell);
    mixInto(out, multiply(note, envelope(note.length, 0.003, 0.28 + 0.06 * k, 0.08)), seconds(at!), k === 3 ? 0.8 : 1);
  });
  return normalize(out, PEAK);
}

/** A title appearing: a quick upward bloop with a soft tick on its front. */
function pop(): Float32Array {
  const length = seconds(0.16);
  const body = tone(length, (t) => 620 + 980 * Math.min(1, t / 0.05), [[1, 1], [2, 0.3], [3, 0.1]]);
  multiply(body, envelope(length, 0.002, 0.035, 0.04));
  const transient = biquad(noise(seconds(0.01), 5), "bandpass", 4000, 1);
  multiply(transient, envelope(transient.length, 0.0005, 0.002, 0.004));
  mixInto(body, transient, 0, 0.4);
  return normalize(body, PEAK);
}

const MAKERS: Record<SoundEffect, () => Float32Array> = { send, receive, typing, whoosh, tick, chime, pop };

/** One effect's samples, mono at RATE. */
export function synthesizeEffect(name: SoundEffect): Float32Array {
  return MAKERS[name]();
}


import { seededRandom } from "../seeded-random.ts";

/**
 * A small synthesiser for the built-in sounds (effects and music loops): plain sample arithmetic, no
 * samples and no network, so set-up makes the same files on every machine. Buffers are Float32 at RATE.
 */
export const RATE = 48000;

export const seconds = (s: number) => Math.round(s * RATE);

/** White noise in [-1, 1), seeded: the same noise on every run. */
export function noise(length: number, seed: number): Float32Array {
  const next = seededRandom(seed);
  return Float32Array.from({ length }, () => next() * 2 - 1);
}

/** A biquad filter (RBJ cookbook) applied in place; `cutoff` may change over time. */
export function biquad(buffer: Float32Array, type: "lowpass" | "highpass" | "bandpass", cutoff: number | ((i: number) => number), q = Math.SQRT1_2): Float32Array {
  let x1 = 0, x2 = 0, y1 = 0, y2 = 0;
  let coefficients: number[] = [];
  let last = Number.NaN;
  for (let i = 0; i < buffer.length; i++) {
    const f = typeof cutoff === "number" ? cutoff : cutoff(i);
    if (f !== last) {
      coefficients = design(type, Math.min(f, RATE * 0.45), q);
      last = f;
    }
    const [b0, b1, b2, a1, a2] = coefficients as [number, number, number, number, number];
    const x = buffer[i]!;
    const y = b0 * x + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2;
    x2 = x1, x1 = x, y2 = y1, y1 = y;
    buffer[i] = y;
  }
  return buffer;
}

function design(type: "lowpass" | "highpass" | "bandpass", f: number, q: number): number[] {
  const w = (2 * Math.PI * f) / RATE;
  const alpha = Math.sin(w) / (2 * q);
  const cos = Math.cos(w);
  const a0 = 1 + alpha;
  const b =
    type === "lowpass" ? [(1 - cos) / 2, 1 - cos, (1 - cos) / 2]
    : type === "highpass" ? [(1 + cos) / 2, -(1 + cos), (1 + cos) / 2]
    : [alpha, 0, -alpha];
  return [b[0]! / a0, b[1]! / a0, b[2]! / a0, (-2 * cos) / a0, (1 - alpha) / a0];
}

/**
 * An attack-decay envelope: a raised-cosine rise over `attack` seconds (no click at the onset), then an
 * exponential fall with time constant `decay`, faded to exactly zero over the last `release` seconds.
 */
export function envelope(length: number, attack: number, decay: number, release = 0.01): Float32Array {
  const a = Math.max(1, seconds(attack));
  const r = Math.max(1, seconds(release));
  return Float32Array.from({ length }, (_, i) => {
    const rise = i < a ? 0.5 - 0.5 * Math.cos((Math.PI * i) / a) : Math.exp(-(i - a) / (decay * RATE));
    const fall = i >= length - r ? 0.5 - 0.5 * Math.cos((Math.PI * (length - 1 - i)) / r) : 1;
    return rise * fall;
  });
}

export function multiply(buffer: Float32Array, by: Float32Array): Float32Array {
  for (let i = 0; i < buffer.length; i++) buffer[i]! *= by[i] ?? 0;
  return buffer;
}

/**
 * A tone whose frequency may glide: partials as [ratio, gain] pairs (bells are inharmonic, plucks
 * harmonic). The phase is integrated, so a glide has no discontinuity.
 */
export function tone(length: number, frequency: number | ((t: number) => number), partials: [number, number][] = [[1, 1]]): Float32Array {
  const out = new Float32Array(length);
  let phase = 0;
  for (let i = 0; i < length; i++) {
    const f = typeof frequency === "number" ? frequency : frequency(i / RATE);
    phase += f / RATE;
    let v = 0;
    for (const [ratio, gain] of partials) v += gain * Math.sin(2 * Math.PI * phase * ratio);
    out[i] = v;
  }
  return out;
}

/** Adds `source` into `target` starting at sample `at`; with `wrap`, what runs past the end continues at the start (seamless loops). */
export function mixInto(target: Float32Array, source: Float32Array, at: number, gain = 1, wrap = false): void {
  for (let i = 0; i < source.length; i++) {
    let k = at + i;
    if (k >= target.length) {
      if (!wrap) break;
      k %= target.length;
    }
    target[k]! += source[i]! * gain;
  }
}

export function peak(buffer: Float32Array): number {
  let p = 0;
  for (const v of buffer) p = Math.max(p, Math.abs(v));
  return p;
}

/** Scales a buffer so its sample peak is `level` (linear). */
export function normalize(buffer: Float32Array, level: number): Float32Array {
  const p = peak(buffer);
  if (p > 0) for (let i = 0; i < buffer.length; i++) buffer[i]! *= level / p;
  return buffer;
}

/** A 16-bit PCM WAV of one or two channels (interleaved on write). */
export function wavBytes(channels: Float32Array[]): Uint8Array {
  const frames = channels[0]!.length;
  const count = channels.length;
  const data = new DataView(new ArrayBuffer(44 + frames * count * 2));
  const text = (offset: number, s: string) => [...s].forEach((c, i) => data.setUint8(offset + i, c.charCodeAt(0)));
  text(0, "RIFF");
  data.setUint32(4, 36 + frames * count * 2, true);
  text(8, "WAVE");
  text(12, "fmt ");
  data.setUint32(16, 16, true);
  data.setUint16(20, 1, true);
  data.setUint16(22, count, true);
  data.setUint32(24, RATE, true);
  data.setUint32(28, RATE * count * 2, true);
  data.setUint16(32, count * 2, true);
  data.setUint16(34, 16, true);
  text(36, "data");
  data.setUint32(40, frames * count * 2, true);
  for (let i = 0; i < frames; i++) {
    for (let c = 0; c < count; c++) {
      const v = Math.max(-1, Math.min(1, channels[c]![i]!));
      data.setInt16(44 + (i * count + c) * 2, Math.round(v * 32767), true);
    }
  }
  return new Uint8Array(data.buffer);
}

/** Share of a signal's energy above `frequency` (a 4th-order high-pass): how much a phone speaker can play. */
export function energyAbove(buffer: Float32Array, frequency: number): number {
  const high = biquad(biquad(Float32Array.from(buffer), "highpass", frequency), "highpass", frequency);
  let all = 0;
  let above = 0;
  for (let i = 0; i < buffer.length; i++) {
    all += buffer[i]! ** 2;
    above += high[i]! ** 2;
  }
  return all > 0 ? above / all : 0;
}

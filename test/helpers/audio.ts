import { readFileSync } from "node:fs";
import { readWavInfo } from "../../src/narration/engines/engine.ts";

/** Mono 16-bit WAV samples as floats in [-1, 1]. */
export async function readPcm(path: string): Promise<{ samples: Float32Array; rate: number }> {
  const info = await readWavInfo(path);
  const bytes = readFileSync(path).subarray(info.dataOffset, info.dataOffset + info.dataBytes);
  const ints = new Int16Array(bytes.buffer, bytes.byteOffset, Math.floor(bytes.byteLength / 2));
  return { samples: Float32Array.from(ints, (x) => x / 32768), rate: info.sampleRate };
}

export function rms(samples: Float32Array, rate: number, from: number, to: number): number {
  const a = Math.max(0, Math.floor(from * rate));
  const b = Math.min(samples.length, Math.floor(to * rate));
  let sum = 0;
  for (let i = a; i < b; i++) sum += samples[i]! ** 2;
  return Math.sqrt(sum / Math.max(1, b - a));
}

/** Median fundamental frequency of voiced 40 ms frames, by autocorrelation (60-400 Hz). */
export function medianPitch(samples: Float32Array, rate: number): number {
  const frame = Math.round(rate * 0.04);
  const pitches: number[] = [];
  for (let start = 0; start + frame * 2 < samples.length; start += frame) {
    if (rms(samples, rate, start / rate, (start + frame) / rate) < 0.02) continue;
    let bestLag = 0;
    let best = 0;
    for (let lag = Math.floor(rate / 400); lag <= Math.floor(rate / 60); lag++) {
      let sum = 0;
      for (let i = 0; i < frame; i++) sum += samples[start + i]! * samples[start + i + lag]!;
      if (sum > best) (best = sum), (bestLag = lag);
    }
    if (bestLag > 0) pitches.push(rate / bestLag);
  }
  pitches.sort((a, b) => a - b);
  return pitches[Math.floor(pitches.length / 2)] ?? 0;
}

/** Mean zero-crossing rate of voiced audio: a cheap stand-in for spectral brightness (timbre). */
export function brightness(samples: Float32Array, rate: number): number {
  let crossings = 0;
  let voiced = 0;
  const frame = Math.round(rate * 0.02);
  for (let start = 0; start + frame < samples.length; start += frame) {
    if (rms(samples, rate, start / rate, (start + frame) / rate) < 0.02) continue;
    voiced += frame;
    for (let i = start + 1; i < start + frame; i++) if (samples[i - 1]! < 0 !== samples[i]! < 0) crossings++;
  }
  return voiced > 0 ? (crossings / voiced) * rate : 0;
}

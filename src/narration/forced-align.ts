/**
 * Forced alignment by dynamic time warping: the same text spoken by a reference voice with known word
 * times is warped onto the target recording, frame by frame on MFCC features, and the reference word
 * times are carried across the warping path. Pure: samples in, times out.
 */
export const ALIGN_RATE = 16000;
const FRAME = 400; // 25 ms
const HOP = 160; // 10 ms
const FFT_SIZE = 512;
const MELS = 26;
const CEPSTRA = 13;

function fft(re: Float64Array, im: Float64Array): void {
  const n = re.length;
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      [re[i], re[j]] = [re[j]!, re[i]!];
      [im[i], im[j]] = [im[j]!, im[i]!];
    }
  }
  for (let len = 2; len <= n; len <<= 1) {
    const angle = (-2 * Math.PI) / len;
    const wr = Math.cos(angle);
    const wi = Math.sin(angle);
    for (let i = 0; i < n; i += len) {
      let cr = 1;
      let ci = 0;
      for (let k = 0; k < len / 2; k++) {
        const a = i + k;
        const b = a + len / 2;
        const tr = re[b]! * cr - im[b]! * ci;
        const ti = re[b]! * ci + im[b]! * cr;
        re[b] = re[a]! - tr;
        im[b] = im[a]! - ti;
        re[a] = re[a]! + tr;
        im[a] = im[a]! + ti;
        [cr, ci] = [cr * wr - ci * wi, cr * wi + ci * wr];
      }
    }
  }
}

const melOf = (hz: number) => 2595 * Math.log10(1 + hz / 700);
const hzOf = (mel: number) => 700 * (10 ** (mel / 2595) - 1);

const FILTERS: Float64Array[] = (() => {
  const low = melOf(80);
  const high = melOf(7600);
  const points = Array.from({ length: MELS + 2 }, (_, i) => Math.floor(((FFT_SIZE + 1) * hzOf(low + ((high - low) * i) / (MELS + 1))) / ALIGN_RATE));
  return Array.from({ length: MELS }, (_, m) => {
    const filter = new Float64Array(FFT_SIZE / 2 + 1);
    const [a, b, c] = [points[m]!, points[m + 1]!, points[m + 2]!];
    for (let k = a; k < b; k++) filter[k] = (k - a) / Math.max(1, b - a);
    for (let k = b; k < c; k++) filter[k] = (c - k) / Math.max(1, c - b);
    return filter;
  });
})();

const WINDOW = Float64Array.from({ length: FRAME }, (_, i) => 0.54 - 0.46 * Math.cos((2 * Math.PI * i) / (FRAME - 1)));

/** MFCC frames (10 ms hop), each normalized over the utterance (mean and variance) to cancel voice colour. */
export function mfcc(samples: Float32Array): Float32Array[] {
  const count = Math.max(1, Math.floor((samples.length - FRAME) / HOP) + 1);
  const frames: Float32Array[] = [];
  const re = new Float64Array(FFT_SIZE);
  const im = new Float64Array(FFT_SIZE);
  for (let f = 0; f < count; f++) {
    re.fill(0);
    im.fill(0);
    for (let i = 0; i < FRAME; i++) {
      const x = samples[f * HOP + i] ?? 0;
      const prev = samples[f * HOP + i - 1] ?? 0;
      re[i] = (x - 0.97 * prev) * WINDOW[i]!;
    }
    fft(re, im);
    const energies = FILTERS.map((filter) => {
      let e = 0;
      for (let k = 0; k < filter.length; k++) if (filter[k]) e += filter[k]! * (re[k]! ** 2 + im[k]! ** 2);
      return Math.log(e + 1e-10);
    });
    const cep = new Float32Array(CEPSTRA);
    for (let c = 0; c < CEPSTRA; c++) {
      let sum = 0;
      for (let m = 0; m < MELS; m++) sum += energies[m]! * Math.cos((Math.PI * c * (m + 0.5)) / MELS);
      cep[c] = sum;
    }
    frames.push(cep);
  }
  for (let c = 0; c < CEPSTRA; c++) {
    let mean = 0;
    for (const f of frames) mean += f[c]!;
    mean /= frames.length;
    let variance = 0;
    for (const f of frames) variance += (f[c]! - mean) ** 2;
    const sd = Math.sqrt(variance / frames.length) || 1;
    for (const f of frames) f[c] = (f[c]! - mean) / sd;
  }
  return frames;
}

function distance(a: Float32Array, b: Float32Array): number {
  let d = 0;
  for (let i = 0; i < a.length; i++) d += (a[i]! - b[i]!) ** 2;
  return Math.sqrt(d);
}

/**
 * DTW inside a band around the diagonal (memory grows with length x band, not length squared). Returns,
 * for each reference frame, the first target frame the path pairs it with.
 */
export function warp(reference: Float32Array[], target: Float32Array[], bandFraction = 0.25): Int32Array {
  const n = reference.length;
  const m = target.length;
  const band = Math.max(Math.abs(n - m) + 20, Math.ceil(Math.max(n, m) * bandFraction));
  const width = 2 * band + 1;
  const center = (i: number) => Math.round((i * (m - 1)) / Math.max(1, n - 1));
  const cost = new Float32Array(n * width).fill(Number.POSITIVE_INFINITY);
  const move = new Uint8Array(n * width); // 0 diagonal, 1 from previous reference frame, 2 from previous target frame
  const at = (i: number, j: number) => j - center(i) + band;
  for (let i = 0; i < n; i++) {
    const lo = Math.max(0, center(i) - band);
    const hi = Math.min(m - 1, center(i) + band);
    for (let j = lo; j <= hi; j++) {
      const d = distance(reference[i]!, target[j]!);
      const get = (ii: number, jj: number) => {
        if (ii < 0 || jj < 0) return Number.POSITIVE_INFINITY;
        const k = at(ii, jj);
        return k >= 0 && k < width ? cost[ii * width + k]! : Number.POSITIVE_INFINITY;
      };
      // Equal step weights favour the diagonal, which regularizes the path when both voices keep a similar pace.
      let low = i === 0 && j === 0 ? 0 : Number.POSITIVE_INFINITY;
      let step = 0;
      const diag = get(i - 1, j - 1);
      const up = get(i - 1, j);
      const left = get(i, j - 1);
      if (diag < low) (low = diag), (step = 0);
      if (up < low) (low = up), (step = 1);
      if (left < low) (low = left), (step = 2);
      cost[i * width + at(i, j)] = low + d;
      move[i * width + at(i, j)] = step;
    }
  }
  const firstTarget = new Int32Array(n).fill(-1);
  // Walking back, the last target frame seen for a reference frame is its first.
  let i = n - 1;
  let j = m - 1;
  while (i > 0 || j > 0) {
    firstTarget[i] = j;
    const step = i === 0 ? 2 : j === 0 ? 1 : move[i * width + at(i, j)];
    if (step === 0) (i--, j--);
    else if (step === 1) i--;
    else j--;
  }
  firstTarget[0] = 0;
  return firstTarget;
}

/** Carries reference times (seconds) onto the target through the warping path. */
export function alignTimes(reference: Float32Array, target: Float32Array, times: readonly { start: number; end: number }[]): { start: number; end: number }[] {
  const path = warp(mfcc(reference), mfcc(target));
  const toTarget = (seconds: number) => {
    const frame = Math.min(path.length - 1, Math.max(0, Math.round((seconds * ALIGN_RATE) / HOP)));
    return (path[frame]! * HOP) / ALIGN_RATE;
  };
  return times.map((t) => ({ start: toTarget(t.start), end: toTarget(t.end) }));
}

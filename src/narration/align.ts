import { comparable } from "./normalize.ts";
import type { ScriptWord, WordTiming } from "./words.ts";

/**
 * Aligns an engine's token sequence to the script's words (both in order) by edit distance, so a token the
 * engine split, merged or dropped does not shift every later caption. Returns, for each script word, the
 * indices of the engine tokens that belong to it (possibly none).
 */
export function alignTokens(scriptWords: readonly string[], engineTokens: readonly string[]): number[][] {
  const a = scriptWords.map(comparable);
  const b = engineTokens.map(comparable);
  const n = a.length;
  const m = b.length;
  // Fast path: the usual case, one engine token per script word with matching text.
  if (n === m && a.every((w, i) => w === b[i] || similarity(w, b[i]!) >= 0.5)) return a.map((_, i) => [i]);
  const GAP = 1;
  const cost = Array.from({ length: n + 1 }, () => new Float64Array(m + 1));
  const move = Array.from({ length: n + 1 }, () => new Uint8Array(m + 1)); // 1 diag, 2 up (skip word), 3 left (extra token)
  for (let i = 1; i <= n; i++) (cost[i]![0] = i * GAP), (move[i]![0] = 2);
  for (let j = 1; j <= m; j++) (cost[0]![j] = j * GAP), (move[0]![j] = 3);
  for (let i = 1; i <= n; i++) {
    for (let j = 1; j <= m; j++) {
      const diag = cost[i - 1]![j - 1]! + (1 - similarity(a[i - 1]!, b[j - 1]!)) * 1.5;
      const up = cost[i - 1]![j]! + GAP;
      const left = cost[i]![j - 1]! + GAP;
      const best = Math.min(diag, up, left);
      cost[i]![j] = best;
      move[i]![j] = best === diag ? 1 : best === up ? 2 : 3;
    }
  }
  const owners: number[][] = a.map(() => []);
  let i = n;
  let j = m;
  while (i > 0 || j > 0) {
    const step = move[i]![j]!;
    if (step === 1) {
      owners[i - 1]!.unshift(j - 1);
      i--, j--;
    } else if (step === 2) i--;
    else {
      // An extra engine token (a word split in two) belongs with the word it sits next to.
      owners[Math.min(Math.max(i - 1, 0), n - 1)]?.unshift(j - 1);
      j--;
    }
  }
  for (const list of owners) list.sort((x, y) => x - y);
  return owners;
}

function similarity(x: string, y: string): number {
  if (x === y) return 1;
  if (!x || !y) return 0;
  if (x.startsWith(y) || y.startsWith(x)) return Math.min(x.length, y.length) / Math.max(x.length, y.length) + 0.3;
  let common = 0;
  const pool = [...y];
  for (const ch of x) {
    const k = pool.indexOf(ch);
    if (k >= 0) (common++, pool.splice(k, 1));
  }
  return (2 * common) / (x.length + y.length);
}

export interface TimedToken {
  text: string;
  start: number;
  end: number;
}

/**
 * Times script words from an engine's timed tokens: each word spans the tokens aligned to it; a word with
 * none (or only silent ones) is left untimed (NaN) for `tidyTimings` to place.
 */
export function timeWords<W extends ScriptWord>(words: readonly W[], spoken: readonly string[], tokens: readonly TimedToken[]): (W & WordTiming)[] {
  const owners = alignTokens(spoken, tokens.map((t) => t.text));
  return words.map((w, i) => {
    const own = owners[i]!.map((j) => tokens[j]!).filter((t) => t.end > t.start);
    return own.length > 0
      ? { ...w, start: Math.min(...own.map((t) => t.start)), end: Math.max(...own.map((t) => t.end)) }
      : { ...w, start: Number.NaN, end: Number.NaN };
  });
}

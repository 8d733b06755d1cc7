import type { TimeLog } from "../db/schema/index.ts";

export type { TimeLog };

/**
 * What a subject did inside a window, as runs of [time (ms), how many at that time], oldest first. A log
 * never changes in place: every operation returns a new log (or the same one when nothing changed), so a
 * caller may keep the log it passed in.
 *
 * Under a limit of up to EXACT_UP_TO a window keeps every admission's own millisecond (at most that many
 * runs). Above it, times are rounded up to a RUNS_PER_WINDOW-th of the window (1 s of a minute), so a
 * log holds at most that many runs however fast its subject is admitted: an admission then counts up to
 * that much longer than its window (the limit is that much stricter, never looser), and deciding and
 * writing a log cost the same at 60,000 a minute as at 60. Retry-After is in whole seconds anyway.
 */
export const EXACT_UP_TO = 600;
export const RUNS_PER_WINDOW = 60;

/** The time an admission at `now` is logged at, under `limit` per `span` (the shortest window the log serves). */
export function logTime(now: number, limit: number, span: number): number {
  if (limit <= EXACT_UP_TO) return now;
  const quantum = Math.ceil(span / RUNS_PER_WINDOW);
  return Math.ceil(now / quantum) * quantum;
}

/**
 * The counts of logs already counted. A log never changes in place, so its count holds as long as the log
 * does; a log made from a counted one (logAdd, logAfter) is counted from it, so a window of many runs is
 * not walked again for every admission.
 */
const counts = new WeakMap<TimeLog, number>();
/** Logs this short are walked: a lookup would cost as much. */
const WALK_UP_TO = 8;

export function logCount(log: TimeLog): number {
  if (log.length <= WALK_UP_TO) return walkCount(log, 0, log.length);
  let n = counts.get(log);
  if (n === undefined) {
    n = walkCount(log, 0, log.length);
    counts.set(log, n);
  }
  return n;
}

function walkCount(log: TimeLog, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) n += log[i]![1];
  return n;
}

/** The runs after `cutoff` (the same log when none is at or before it). */
export function logAfter(log: TimeLog, cutoff: number): TimeLog {
  let first = 0;
  while (first < log.length && log[first]![0] <= cutoff) first++;
  if (first === 0) return log;
  const out = log.slice(first);
  const before = counts.get(log);
  if (before !== undefined && out.length > WALK_UP_TO) counts.set(out, before - walkCount(log, 0, first));
  return out;
}

/**
 * `count` more at `time`. A time before the log's last run (logged rounded up, under a higher limit
 * that has since been lowered) joins that run, so the log stays in order and the admission counts longer.
 */
export function logAdd(log: TimeLog, time: number, count = 1): TimeLog {
  const last = log[log.length - 1];
  // One copy of the log either way: this runs for every admitted request.
  const out = log.slice();
  if (last && last[0] >= time) out[out.length - 1] = [last[0], last[1] + count];
  else out.push([time, count]);
  if (out.length > WALK_UP_TO) counts.set(out, logCount(log) + count);
  return out;
}

/** The time of the `n`-th newest admission (1 is the newest); undefined when the log holds fewer. */
export function logNthNewest(log: TimeLog, n: number): number | undefined {
  let seen = 0;
  for (let i = log.length - 1; i >= 0; i--) {
    seen += log[i]![1];
    if (seen >= n) return log[i]![0];
  }
  return undefined;
}

/** Both logs in one, oldest first; runs at the same time add up. */
export function logMerge(a: TimeLog, b: TimeLog): TimeLog {
  if (b.length === 0) return a;
  if (a.length === 0) return b;
  const out: (readonly [number, number])[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a[i]!;
    const y = b[j]!;
    if (x[0] < y[0]) out.push(a[i++]!);
    else if (y[0] < x[0]) out.push(b[j++]!);
    else {
      out.push([x[0], x[1] + y[1]]);
      i++;
      j++;
    }
  }
  while (i < a.length) out.push(a[i++]!);
  while (j < b.length) out.push(b[j++]!);
  return out;
}

/**
 * `log` with `newer`'s runs in place of its own at the same times (and added where it has none): what a
 * log read earlier becomes once the runs that changed since are read again, each with its whole count.
 */
export function logOverwrite(log: TimeLog, newer: TimeLog): TimeLog {
  if (newer.length === 0) return log;
  // What changes is mostly at the end: the runs before the first newer time are kept as they are.
  let lo = 0;
  let hi = log.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (log[mid]![0] < newer[0]![0]) lo = mid + 1;
    else hi = mid;
  }
  const out = log.slice(0, lo) as (readonly [number, number])[];
  let i = lo;
  let j = 0;
  while (i < log.length || j < newer.length) {
    const x = log[i];
    const y = newer[j];
    if (!y || (x && x[0] < y[0])) out.push(log[i++]!);
    else {
      if (x && x[0] === y[0]) i++;
      out.push(newer[j++]!);
    }
  }
  return out;
}

/** An empty log, shared: logs are never changed in place. */
export const NO_RUNS: TimeLog = Object.freeze([]);

/**
 * A window's log in two parts, so that an admission copies only what changed since the log was last
 * settled: `base`, the runs as last settled (up to RUNS_PER_WINDOW, replaced only when its keeper settles
 * it: a store at each sync), and `recent`, what was added since (a run or a few). It holds the admissions
 * of both; every run of `recent` is at or after the last of `base`.
 */
export interface SplitLog {
  readonly base: TimeLog;
  readonly recent: TimeLog;
}

export const splitLog = (base: TimeLog, recent: TimeLog = NO_RUNS): SplitLog => ({ base, recent });

/** An empty split log, shared. */
export const NO_SPLIT: SplitLog = Object.freeze(splitLog(NO_RUNS));

/** The admissions after `cutoff` (the same log when none is at or before it). */
export function splitAfter(log: SplitLog, cutoff: number): SplitLog {
  const base = logAfter(log.base, cutoff);
  const recent = logAfter(log.recent, cutoff);
  return base === log.base && recent === log.recent ? log : { base, recent };
}

export const splitCount = (log: SplitLog): number => logCount(log.base) + logCount(log.recent);

/** The oldest admission's time; undefined when the log is empty. */
export const splitOldest = (log: SplitLog): number | undefined => (log.base.length > 0 ? log.base[0]![0] : log.recent[0]?.[0]);

/** `count` more at `time`, added to `recent`; an earlier time than the newest run joins its time (logAdd's rule). */
export function splitAdd(log: SplitLog, time: number, count = 1): SplitLog {
  const newest = log.recent.length > 0 ? undefined : log.base[log.base.length - 1];
  return { base: log.base, recent: logAdd(log.recent, newest && newest[0] > time ? newest[0] : time, count) };
}

/** The time of the `n`-th newest admission (1 is the newest); undefined when the log holds fewer. */
export function splitNthNewest(log: SplitLog, n: number): number | undefined {
  const inRecent = logCount(log.recent);
  return n <= inRecent ? logNthNewest(log.recent, n) : logNthNewest(log.base, n - inRecent);
}

/** Both parts as one log, oldest first. */
export const splitRuns = (log: SplitLog): TimeLog => logMerge(log.base, log.recent);

/** Both parts as one base (what a keeper does once it has written `recent`). */
export const splitSettled = (log: SplitLog): SplitLog => (log.recent.length === 0 ? log : splitLog(splitRuns(log)));

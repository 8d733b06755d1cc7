import type { RunKind, WindowRun } from "../db/schema/index.ts";
import { WINDOW_SPANS_MS, type Windows } from "./account-actor.ts";
import { NO_SPLIT, type TimeLog, logAfter, logMerge, logOverwrite, splitLog } from "./time-log.ts";

/**
 * The planning of a batch of admissions (memory-window-store.ts), pure: what a batch writes, and what a
 * process counts once it has read back what changed. The requests and free-tool windows are kept as rows of
 * runs; creates are written in the create's own transaction and are not part of a batch.
 */
export type RunLogs = Readonly<Record<"requests" | "freeTools", TimeLog>>;

const LOGS: readonly (readonly [RunKind, keyof RunLogs])[] = [
  ["requests", "requests"],
  ["free_tools", "freeTools"],
];

export const emptyRuns = (): RunLogs => ({ requests: [], freeTools: [] });

/** Runs at or before these times have left their window at `now`. */
export function expiredAt(now: number): Record<RunKind, number> {
  return { requests: now - WINDOW_SPANS_MS.requests, free_tools: now - WINDOW_SPANS_MS.freeTools };
}

/**
 * What a batch writes: each subject's admissions not yet written, one row per run (the write adds each
 * count to what the run's row holds), leaving out runs already past their window. Never the runs the rows
 * already hold, so a batch costs what was added since the last one, not the size of the windows.
 */
export function planBatch(unwritten: ReadonlyMap<string, RunLogs>, now: number): WindowRun[] {
  const expired = expiredAt(now);
  const rows: WindowRun[] = [];
  for (const [subject, logs] of unwritten) {
    for (const [kind, key] of LOGS) {
      for (const [at, count] of logAfter(logs[key], expired[kind])) if (count > 0) rows.push({ subject, kind, at, count });
    }
  }
  return rows;
}

function logOfKind(runs: readonly Omit<WindowRun, "subject">[], kind: RunKind): TimeLog {
  const log: [number, number][] = [];
  for (const run of runs) if (run.kind === kind) log.push([run.at, run.count]);
  return log.sort((a, b) => a[0] - b[0]);
}

/** Rows of runs (in any order) as a subject's logs, oldest first, without what has left its window. */
export function logsOf(runs: readonly Omit<WindowRun, "subject">[], now: number): RunLogs {
  const expired = expiredAt(now);
  return { requests: logAfter(logOfKind(runs, "requests"), expired.requests), freeTools: logAfter(logOfKind(runs, "free_tools"), expired.free_tools) };
}

/**
 * A subject's stored logs once a batch has read back the runs changed since the version they were read at:
 * each changed run carries the whole count its row now holds (this process's additions and every other
 * process's), so it replaces the run of the same time rather than adding to it.
 */
export function applyChanged(stored: RunLogs, changed: readonly Omit<WindowRun, "subject">[], now: number): RunLogs {
  const read = logsOf(changed, now);
  const expired = expiredAt(now);
  return {
    requests: logAfter(logOverwrite(stored.requests, read.requests), expired.requests),
    freeTools: logAfter(logOverwrite(stored.freeTools, read.freeTools), expired.free_tools),
  };
}

/** What a process counts for a subject: the runs as last read back (the base), and its own admissions not yet written (recent). */
export function knownWindows(stored: RunLogs, unwritten: RunLogs): Windows {
  return { requests: splitLog(stored.requests, unwritten.requests), creates: NO_SPLIT, freeTools: splitLog(stored.freeTools, unwritten.freeTools) };
}

/** What a decision's windows hold that their keeper has not written: each log's recent part. */
export const unwrittenOf = (windows: Windows): RunLogs => ({ requests: windows.requests.recent, freeTools: windows.freeTools.recent });

/** `b`'s admissions added to `a`'s (what failed to be written goes back before what came since). */
export function mergeRuns(a: RunLogs, b: RunLogs): RunLogs {
  return { requests: logMerge(a.requests, b.requests), freeTools: logMerge(a.freeTools, b.freeTools) };
}

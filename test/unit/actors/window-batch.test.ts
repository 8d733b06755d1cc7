import { describe, expect, test } from "bun:test";
import { applyChanged, expiredAt, knownWindows, logsOf, planBatch } from "../../../actors/window-batch.ts";
import { logOverwrite, splitCount } from "../../../actors/time-log.ts";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const NOW = 10 * DAY;

describe("batch planning", () => {
  test("a batch writes each subject's admissions not yet written, one row per run, and nothing it wrote before", () => {
    // A minute of one run a second is already written (stored); one admission and a free-tool call wait.
    const stored = { requests: Array.from({ length: 59 }, (_, i) => [NOW - 59_000 + i * 1000, 100] as const), freeTools: [] };
    const unwritten = new Map([
      ["acct:a", { requests: [[NOW, 1]] as const, freeTools: [[NOW, 1]] as const }],
      ["acct:b", { requests: [[NOW - 5, 2], [NOW, 3]] as const, freeTools: [] }],
    ]);
    const rows = planBatch(unwritten, NOW);
    expect(rows).toEqual([
      { subject: "acct:a", kind: "requests", at: NOW, count: 1 },
      { subject: "acct:a", kind: "free_tools", at: NOW, count: 1 },
      { subject: "acct:b", kind: "requests", at: NOW - 5, count: 2 },
      { subject: "acct:b", kind: "requests", at: NOW, count: 3 },
    ]);
    // What the process counts is the stored minute and the waiting admission; only the latter is written.
    const known = knownWindows(stored, unwritten.get("acct:a")!).requests;
    expect(splitCount(known)).toBe(59 * 100 + 1);
    // Kept as the two logs they are: a decision's admission copies the short one.
    expect(known.base).toBe(stored.requests);
    expect(rows.filter((row) => row.subject === "acct:a" && row.kind === "requests")).toHaveLength(1);
  });

  test("admissions that left their window while they waited (the database was away) are not written", () => {
    const unwritten = new Map([["acct:a", { requests: [[NOW - MINUTE, 4], [NOW - MINUTE + 1, 1]] as const, freeTools: [[NOW - MINUTE, 1]] as const }]]);
    expect(planBatch(unwritten, NOW)).toEqual([
      { subject: "acct:a", kind: "requests", at: NOW - MINUTE + 1, count: 1 },
      // A free-tool call counts for a day.
      { subject: "acct:a", kind: "free_tools", at: NOW - MINUTE, count: 1 },
    ]);
    expect(planBatch(new Map([["acct:a", { requests: [[NOW - MINUTE, 4]] as const, freeTools: [] }]]), NOW)).toEqual([]);
    expect(expiredAt(NOW)).toEqual({ requests: NOW - MINUTE, free_tools: NOW - DAY });
  });

  test("runs read back replace the runs of the same time with their whole count, never add to them", () => {
    // This process wrote 3 at NOW - 1000 (already in stored); another process added 4 to that run and 2 at NOW.
    const stored = { requests: [[NOW - 2000, 1], [NOW - 1000, 3]] as const, freeTools: [] };
    const changed = [
      { kind: "requests" as const, at: NOW, count: 2 },
      { kind: "requests" as const, at: NOW - 1000, count: 7 },
    ];
    expect(applyChanged(stored, changed, NOW).requests).toEqual([[NOW - 2000, 1], [NOW - 1000, 7], [NOW, 2]]);
    // Nothing changed: the same log.
    expect(applyChanged(stored, [], NOW).requests).toBe(stored.requests);
  });

  test("what has left its window is dropped when runs are read back or read at start", () => {
    const stored = { requests: [[NOW - MINUTE, 5], [NOW - 10, 1]] as const, freeTools: [[NOW - DAY + 1, 1]] as const };
    expect(applyChanged(stored, [], NOW)).toEqual({ requests: [[NOW - 10, 1]], freeTools: [[NOW - DAY + 1, 1]] });
    const rows = [
      { kind: "free_tools" as const, at: NOW - DAY, count: 1 },
      { kind: "requests" as const, at: NOW - 10, count: 2 },
      { kind: "requests" as const, at: NOW - 20, count: 1 },
      { kind: "requests" as const, at: NOW - MINUTE - 1, count: 9 },
    ];
    expect(logsOf(rows, NOW)).toEqual({ requests: [[NOW - 20, 1], [NOW - 10, 2]], freeTools: [] });
  });

  test("overwriting a log keeps its order and adds runs at new times", () => {
    expect(logOverwrite([[100, 1], [300, 2]], [[50, 9], [300, 5], [400, 1]])).toEqual([[50, 9], [100, 1], [300, 5], [400, 1]]);
    expect(logOverwrite([], [[100, 1]])).toEqual([[100, 1]]);
    expect(logOverwrite([[100, 1], [200, 1], [300, 2]], [[200, 5]])).toEqual([[100, 1], [200, 5], [300, 2]]);
    expect(logOverwrite([[100, 1], [200, 1]], [[250, 1], [400, 3]])).toEqual([[100, 1], [200, 1], [250, 1], [400, 3]]);
  });
});

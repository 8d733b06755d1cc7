import { describe, expect, test } from "bun:test";
import { NO_RUNS, logAdd, logAfter, logCount, logMerge, logNthNewest, logTime, splitAdd, splitAfter, splitCount, splitLog, splitNthNewest, splitOldest, splitRuns, splitSettled } from "../../../actors/time-log.ts";

describe("time logs", () => {
  test("adding at the last run's time counts it there; a later time starts a run; an earlier one joins the last", () => {
    const log = logAdd(logAdd(logAdd([], 100), 100), 200);
    expect(log).toEqual([[100, 2], [200, 1]]);
    expect(logAdd(log, 150)).toEqual([[100, 2], [200, 2]]);
    expect(logCount(log)).toBe(3);
  });

  test("the n-th newest admission, counting through runs", () => {
    const log = [[100, 2], [200, 3]] as const;
    expect(logNthNewest(log, 3)).toBe(200);
    expect(logNthNewest(log, 4)).toBe(100);
    expect(logNthNewest(log, 6)).toBeUndefined();
  });

  test("what is after a cutoff is a tail, the same log when nothing is dropped", () => {
    const log = [[100, 1], [200, 1]] as const;
    expect(logAfter(log, 50)).toBe(log);
    expect(logAfter(log, 100)).toEqual([[200, 1]]);
  });

  test("merging adds runs of the same time", () => {
    expect(logMerge([[100, 1], [300, 2]], [[100, 4], [200, 1]])).toEqual([[100, 5], [200, 1], [300, 2]]);
  });

  test("a split log adds to its recent part only, and holds the admissions of both parts", () => {
    const base = [[100, 2], [200, 3]] as const;
    const log = splitAdd(splitAdd(splitLog(base), 300), 300);
    // The base is shared, not copied.
    expect(log.base).toBe(base);
    expect(log.recent).toEqual([[300, 2]]);
    expect(splitCount(log)).toBe(7);
    expect(splitOldest(log)).toBe(100);
    expect(splitRuns(log)).toEqual([[100, 2], [200, 3], [300, 2]]);
    // Newest first through both parts.
    expect([1, 2, 3, 5, 6, 7, 8].map((n) => splitNthNewest(log, n))).toEqual([300, 300, 200, 200, 100, 100, undefined]);
    // An earlier time than the base's newest run (a limit lowered since) joins that run's time, so the parts stay in order.
    expect(splitAdd(splitLog(base), 150).recent).toEqual([[200, 1]]);
  });

  test("a split log's cutoff drops from both parts; settling joins them into a base", () => {
    const log = splitLog([[100, 1], [200, 1]], [[300, 1]]);
    expect(splitAfter(log, 50)).toBe(log);
    expect(splitAfter(log, 100)).toEqual({ base: [[200, 1]], recent: [[300, 1]] });
    expect(splitAfter(log, 300)).toEqual({ base: [], recent: [] });
    expect(splitOldest(splitLog(NO_RUNS, [[300, 1]]))).toBe(300);
    expect(splitSettled(log)).toEqual({ base: [[100, 1], [200, 1], [300, 1]], recent: [] });
    const settled = splitLog([[100, 1]]);
    expect(splitSettled(settled)).toBe(settled);
  });

  test("times are exact up to 600 a window and rounded up to a 60th of the window above", () => {
    expect(logTime(12_345, 600, 60_000)).toBe(12_345);
    expect(logTime(12_345, 601, 60_000)).toBe(13_000);
    expect(logTime(13_000, 10_000, 60_000)).toBe(13_000);
    expect(logTime(1, 1000, 3_600_000)).toBe(60_000);
  });

  test("a long log's count, kept from the log it was made from, is what walking it gives", () => {
    const walked = (log: readonly (readonly [number, number])[]) => log.reduce((n, run) => n + run[1], 0);
    let log: readonly (readonly [number, number])[] = [];
    // A minute of one-second runs of different sizes, then a second minute dropping the first run by run.
    for (let at = 1_000; at <= 120_000; at += 250) {
      log = logAdd(logAfter(log, at - 60_000), Math.ceil(at / 1_000) * 1_000, (at % 3) + 1);
      expect(logCount(log)).toBe(walked(log));
    }
    expect(log.length).toBe(60);
    // Counted once, a log's count holds for the logs cut from it, whatever was cut.
    const older = logAfter(log, 90_500);
    expect(logCount(older)).toBe(walked(older));
    expect(logCount(logAfter(log, 200_000))).toBe(0);
  });
});

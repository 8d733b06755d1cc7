import { expect, test } from "bun:test";
import { DEFAULT_THROUGHPUT } from "../../src/estimate/service.ts";
import { throughputFrom } from "../../src/videos/throughput.ts";
import { secondsRemaining } from "../../src/videos/present.ts";

test("measured throughput is the median processing time per video second, after three samples", () => {
  expect(throughputFrom([{ durationSeconds: 60, processingSeconds: 30 }])).toEqual(DEFAULT_THROUGHPUT);
  const measured = throughputFrom([
    { durationSeconds: 60, processingSeconds: 30 },
    { durationSeconds: 40, processingSeconds: 40 },
    { durationSeconds: 50, processingSeconds: 35 },
    { durationSeconds: 0, processingSeconds: 10 },
  ]);
  expect(measured).toEqual({ overheadSeconds: 0, secondsPerVideoSecond: 0.7 });
});

test("seconds remaining: the whole estimate while queued, the unfinished share while working, null when finished", () => {
  expect(secondsRemaining({ status: "queued", progress: null, estimatedSeconds: 80 })).toBe(80);
  expect(secondsRemaining({ status: "rendering", progress: 75, estimatedSeconds: 80 })).toBe(20);
  expect(secondsRemaining({ status: "completed", progress: 100, estimatedSeconds: 80 })).toBeNull();
});

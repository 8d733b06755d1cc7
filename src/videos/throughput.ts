import type { Db } from "../../db/client.ts";
import { recentCompletions } from "../../db/repos/videos.ts";
import { DEFAULT_THROUGHPUT, type Throughput } from "../estimate/service.ts";

const SAMPLES = 20;
const MIN_SAMPLES = 3;
const CACHE_MS = 60_000;

/** Pure: processing seconds per video second, the median of recent completions; the prior until there are enough. */
export function throughputFrom(samples: { durationSeconds: number; processingSeconds: number }[]): Throughput {
  const ratios = samples
    .filter((s) => s.durationSeconds > 0 && s.processingSeconds > 0)
    .map((s) => s.processingSeconds / s.durationSeconds)
    .sort((a, b) => a - b);
  if (ratios.length < MIN_SAMPLES) return DEFAULT_THROUGHPUT;
  const median = ratios[Math.floor(ratios.length / 2)]!;
  return { overheadSeconds: 0, secondsPerVideoSecond: Math.round(median * 100) / 100 };
}

/** This deployment's measured throughput, read from its recent completed videos (cached for a minute). */
export function createThroughputMeter(db: Db, now: () => number = Date.now): () => Promise<Throughput> {
  let cached: { at: number; value: Throughput } | undefined;
  return async () => {
    if (cached && now() - cached.at < CACHE_MS) return cached.value;
    const value = throughputFrom(await recentCompletions(db, SAMPLES));
    cached = { at: now(), value };
    return value;
  };
}

import { availableParallelism } from "node:os";
import { join } from "node:path";
import { MessageChannel } from "node:worker_threads";
import Piscina from "piscina";
import type { EncoderChoice } from "./encoder-probe.ts";
import { FfmpegAborted } from "./ffmpeg.ts";
import type { StillPaths } from "./plan/stills.ts";
import type { Timeline } from "./timeline.ts";

export interface RenderPoolStats {
  threads: number;
  maxConcurrentRenders: number;
  rendersRunning: number;
  rendersWaiting: number;
}

export interface RenderTaskOptions {
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  stills?: StillPaths;
  /** Where the render keeps its working files (RenderOptions.workDir). */
  workDir?: string;
}

export interface RenderPool {
  readonly encoder: EncoderChoice;
  /**
   * Aborting `signal` gives up the render: its turn if it is waiting, its ffmpeg if it is running.
   * `stills` are written by the same run. `seconds` is the render's own wall time, its wait for a turn left out.
   */
  render(timeline: Timeline, outPath: string, options?: RenderTaskOptions): Promise<{ maxRssBytes: number; seconds: number }>;
  drawSvg(svg: string, outPath: string): Promise<void>;
  stats(): RenderPoolStats;
  close(): Promise<void>;
}

/**
 * Renders and frame drawing on worker threads sized to the host. x264 already uses every core, so only a
 * few ffmpeg renders run at once (one per four cores by default, at least one); the rest wait their turn.
 */
export function createRenderPool(encoder: EncoderChoice, options: { maxConcurrentRenders?: number; threads?: number } = {}): RenderPool {
  const cores = availableParallelism();
  const threads = options.threads ?? Math.max(1, cores);
  const maxConcurrentRenders = options.maxConcurrentRenders ?? Math.max(1, Math.floor(cores / 4));
  const pool = new Piscina({ filename: join(import.meta.dir, "pool-worker.ts"), maxThreads: threads, minThreads: 0, idleTimeout: 30_000 });
  let running = 0;
  const waiting: (() => void)[] = [];
  const acquire = async (signal: AbortSignal | undefined) => {
    if (running >= maxConcurrentRenders) {
      await new Promise<void>((resolve, reject) => {
        const take = () => {
          signal?.removeEventListener("abort", leave);
          resolve();
        };
        const leave = () => {
          waiting.splice(waiting.indexOf(take), 1);
          reject(new FfmpegAborted());
        };
        waiting.push(take);
        signal?.addEventListener("abort", leave, { once: true });
      });
    }
    if (signal?.aborted) throw new FfmpegAborted();
    running++;
  };
  const release = () => {
    running--;
    waiting.shift()?.();
  };
  return {
    encoder,
    async render(timeline, outPath, { onProgress, signal, stills, workDir } = {}) {
      await acquire(signal);
      try {
        const { port1, port2 } = new MessageChannel();
        port1.on("message", (f: number) => onProgress?.(f));
        // Piscina's own abort ends the worker thread, which would leave its ffmpeg running: the abort
        // crosses to the thread as a message on the progress port instead, and the thread stops ffmpeg.
        const abort = () => port1.postMessage("abort");
        signal?.addEventListener("abort", abort, { once: true });
        if (signal?.aborted) abort();
        try {
          // Piscina types the transfer list after Node's postMessage; Bun's types differ, the value is right.
          const transferList = [port2] as never;
          const started = performance.now();
          const result: { maxRssBytes: number } = await pool.run({ timeline, outPath, encoder: encoder.settings, stills, workDir, port: port2 }, { name: "render", transferList });
          return { ...result, seconds: (performance.now() - started) / 1000 };
        } finally {
          signal?.removeEventListener("abort", abort);
          port1.close();
        }
      } finally {
        release();
      }
    },
    async drawSvg(svg, outPath) {
      await pool.run({ svg, outPath }, { name: "drawSvg" });
    },
    stats: () => ({ threads, maxConcurrentRenders, rendersRunning: running, rendersWaiting: waiting.length }),
    close: () => pool.destroy(),
  };
}

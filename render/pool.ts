import { availableParallelism } from "node:os";
import { join } from "node:path";
import { MessageChannel } from "node:worker_threads";
import Piscina from "piscina";
import type { EncoderChoice } from "./encoder-probe.ts";
import type { Timeline } from "./timeline.ts";

export interface RenderPoolStats {
  threads: number;
  maxConcurrentRenders: number;
  rendersRunning: number;
  rendersWaiting: number;
}

export interface RenderPool {
  readonly encoder: EncoderChoice;
  render(timeline: Timeline, outPath: string, onProgress?: (fraction: number) => void): Promise<{ maxRssBytes: number }>;
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
  const acquire = async () => {
    if (running >= maxConcurrentRenders) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
  };
  const release = () => {
    running--;
    waiting.shift()?.();
  };
  return {
    encoder,
    async render(timeline, outPath, onProgress) {
      await acquire();
      try {
        const { port1, port2 } = new MessageChannel();
        port1.on("message", (f: number) => onProgress?.(f));
        try {
          // Piscina types the transfer list after Node's postMessage; Bun's types differ, the value is right.
          const transferList = [port2] as never;
          return await pool.run({ timeline, outPath, encoder: encoder.settings, port: port2 }, { name: "render", transferList });
        } finally {
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

import { availableParallelism, freemem, totalmem } from "node:os";
import { join } from "node:path";
import { MessageChannel } from "node:worker_threads";
import Piscina from "piscina";
import type { EncoderChoice } from "./encoder-probe.ts";
import { FfmpegAborted } from "./ffmpeg.ts";
import { DEFAULT_RUN_PEAK_BYTES, memoryForRender, SEGMENT_CORES, segmentsForRender, withThreads } from "./plan/segments.ts";
import type { StillPaths } from "./plan/stills.ts";
import { renderTimeline, type SegmentsDone, type WindowFiles, type WindowPlacer, type WindowTask } from "./renderer.ts";
import type { Timeline } from "./timeline.ts";

export interface RenderPoolStats {
  threads: number;
  maxConcurrentRenders: number;
  rendersRunning: number;
  rendersWaiting: number;
  /** One ffmpeg run's peak memory as the pool now estimates it (the default, or the largest it has seen). */
  runPeakBytes: number;
}

export interface RenderTaskOptions {
  /** 0-1; in a segmented render, with how many of its segments are done. */
  onProgress?: (fraction: number, segments?: SegmentsDone) => void;
  signal?: AbortSignal;
  stills?: StillPaths;
  /** Where the render keeps its working files (RenderOptions.workDir). */
  workDir?: string;
  /**
   * Where a segmented render's windows go (other processes may take some): such a render runs on this
   * thread, where the placer's queue and storage are, with as many windows at once here as its cores allow.
   */
  placer?: WindowPlacer;
}

export interface RenderPool {
  readonly encoder: EncoderChoice;
  /**
   * Aborting `signal` gives up the render: its turn if it is waiting, its ffmpeg if it is running.
   * `stills` are written by the same run. `seconds` is the render's own wall time, its wait for a turn left out.
   */
  render(timeline: Timeline, outPath: string, options?: RenderTaskOptions): Promise<RenderTaskResult>;
  /** One window of another process's segmented render, whole on this pool's share, in its turn. */
  renderWindow(task: WindowTask, files: WindowFiles, workDir: string, signal?: AbortSignal): Promise<{ seconds: number }>;
  drawSvg(svg: string, outPath: string): Promise<void>;
  stats(): RenderPoolStats;
  close(): Promise<void>;
}

export interface RenderTaskResult {
  maxRssBytes: number;
  seconds: number;
  /** A segmented render's segments (each one's wall seconds) and its join's seconds. */
  segments?: { seconds: number[]; joinSeconds: number };
}

export interface RenderPoolOptions {
  maxConcurrentRenders?: number;
  threads?: number;
  /** The cores the pool shares out (the host's by default). */
  cores?: number;
  /**
   * Segments a video is rendered in: absent or 0, one per core of its share (SEGMENT_CORES), and of the
   * idle cores when no other render waits; 1, always whole; K, always K where the video is long enough.
   */
  segments?: number;
  /**
   * The memory the pool's ffmpeg runs may hold at once, which bounds a render's segments (memoryForRender):
   * by default HOST_MEMORY_SHARE of the host's memory and of what is free as a render starts.
   */
  memoryBytes?: number;
  /** One run's peak before the pool has seen a larger one (DEFAULT_RUN_PEAK_BYTES). */
  runPeakBytes?: number;
}

/**
 * Renders and frame drawing on worker threads sized to the host. x264 already uses every core, so only a
 * few ffmpeg renders run at once (one per four cores by default, at least one); the rest wait their turn.
 * Each render holds its share of the cores (cores / maxConcurrentRenders) and is cut into segments rendered
 * at once, one per core (SEGMENT_CORES), as many as its length is worth (segmentsForRender): one x264
 * thread a run costs less processor than several. A render that starts while no other waits takes the
 * idle cores too, so a lone video uses the machine; while renders wait, each keeps to its own share, as
 * many at once as before, so throughput never drops. The segments
 * are bounded by memory too: no more runs than fit in the memory free for them, each counted at the largest
 * peak the pool has seen (the default until one is larger), and held by the render until it ends.
 */
export function createRenderPool(encoder: EncoderChoice, options: RenderPoolOptions = {}): RenderPool {
  const cores = options.cores ?? availableParallelism();
  const threads = options.threads ?? Math.max(1, cores);
  const maxConcurrentRenders = options.maxConcurrentRenders ?? Math.max(1, Math.floor(cores / 4));
  const share = Math.max(1, Math.floor(cores / maxConcurrentRenders));
  const pool = new Piscina({ filename: join(import.meta.dir, "pool-worker.ts"), maxThreads: threads, minThreads: 0, idleTimeout: 30_000 });
  let running = 0;
  let held = 0;
  let heldBytes = 0;
  let runPeakBytes = options.runPeakBytes ?? DEFAULT_RUN_PEAK_BYTES;
  const waiting: (() => void)[] = [];
  const fits = () => running < maxConcurrentRenders && held + share <= cores;
  const take = () => {
    running++;
    held += share;
  };
  const release = (cores: number) => {
    running--;
    held -= cores;
    // The turns are taken here, not by the woken: a segmented render gives back more than one share,
    // and as many waiting renders start as then fit, no more.
    while (waiting.length > 0 && fits()) waiting.shift()!();
  };
  const acquire = async (signal: AbortSignal | undefined) => {
    if (signal?.aborted) throw new FfmpegAborted();
    if (waiting.length === 0 && fits()) return take();
    await new Promise<void>((resolve, reject) => {
      const turn = () => {
        signal?.removeEventListener("abort", leave);
        take();
        resolve();
      };
      const leave = () => {
        waiting.splice(waiting.indexOf(turn), 1);
        reject(new FfmpegAborted());
      };
      waiting.push(turn);
      signal?.addEventListener("abort", leave, { once: true });
    });
  };
  /**
   * Runs `name` in a pool thread with a port of its own (`port` in the task): the thread's messages go to
   * `onMessage`. Piscina's own abort ends the worker thread, which would leave its ffmpeg running: the
   * abort crosses to the thread as a message on the port instead, and the thread stops ffmpeg.
   */
  const runInThread = async <T, M = unknown>(name: string, task: object, signal: AbortSignal | undefined, onMessage?: (message: M) => void): Promise<T> => {
    const { port1, port2 } = new MessageChannel();
    if (onMessage) port1.on("message", onMessage);
    const abort = () => port1.postMessage("abort");
    signal?.addEventListener("abort", abort, { once: true });
    if (signal?.aborted) abort();
    try {
      // Piscina types the transfer list after Node's postMessage; Bun's types differ, the value is right.
      return await pool.run({ ...task, port: port2 }, { name, transferList: [port2] as never });
    } finally {
      signal?.removeEventListener("abort", abort);
      port1.close();
    }
  };
  return {
    encoder,
    async render(timeline, outPath, { onProgress, signal, stills, workDir, placer } = {}) {
      await acquire(signal);
      const memory = { freeBytes: memoryForRender({ budgetBytes: options.memoryBytes, totalBytes: totalmem(), freeBytes: freemem() }, heldBytes), runBytes: runPeakBytes };
      const cut = segmentsForRender(timeline.duration, { idleCores: Math.max(0, cores - held), shareCores: share, othersWaiting: waiting.length > 0, forced: options.segments, memory });
      const extra = cut.extraCores;
      // Counted at the estimate the cut was made with, so the release gives back what was taken.
      const bytes = cut.count * memory.runBytes;
      held += extra;
      heldBytes += bytes;
      try {
        if (placer && cut.count > 1) {
          const cores = share + extra;
          const localSlots = Math.max(1, Math.floor(cores / SEGMENT_CORES));
          const started = performance.now();
          const rendered = await renderTimeline(timeline, outPath, { encoder: encoder.settings, stills, workDir, signal, onProgress, segments: cut.count, threads: Math.floor(cores / localSlots), placer, localSlots });
          runPeakBytes = Math.max(runPeakBytes, rendered.maxRssBytes);
          return { ...rendered, seconds: (performance.now() - started) / 1000 };
        }
        const started = performance.now();
        const task = { timeline, outPath, encoder: encoder.settings, stills, workDir, segments: cut.count, threads: cut.threads };
        const result: Omit<RenderTaskResult, "seconds"> = await runInThread("render", task, signal, (m: { fraction: number; segments?: SegmentsDone }) => onProgress?.(m.fraction, m.segments));
        // A segmented render reports its largest segment run's peak, a whole one its one run's.
        runPeakBytes = Math.max(runPeakBytes, result.maxRssBytes);
        return { ...result, seconds: (performance.now() - started) / 1000 };
      } finally {
        heldBytes -= bytes;
        release(share + extra);
      }
    },
    async renderWindow(task, files, workDir, signal) {
      await acquire(signal);
      try {
        // On this pool's share of the cores, whatever the owner's were.
        return await runInThread("renderWindow", { task: { ...task, encoder: withThreads(task.encoder, share) }, files, workDir }, signal);
      } finally {
        release(share);
      }
    },
    async drawSvg(svg, outPath) {
      await pool.run({ svg, outPath }, { name: "drawSvg" });
    },
    stats: () => ({ threads, maxConcurrentRenders, rendersRunning: running, rendersWaiting: waiting.length, runPeakBytes }),
    close: () => pool.destroy(),
  };
}

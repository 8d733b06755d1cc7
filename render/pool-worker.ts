import type { MessagePort } from "node:worker_threads";
import sharp from "sharp";
import type { EncoderSettings } from "./plan/encoder.ts";
import type { StillPaths } from "./plan/stills.ts";
import { renderTimeline, renderWindow as renderOneWindow, type SegmentsDone, type WindowFiles, type WindowTask } from "./renderer.ts";
import type { Timeline } from "./timeline.ts";

/** Runs `work` with a signal that a message on `port` aborts (the pool's way to stop the thread's ffmpeg), and closes the port after. */
async function stoppedByPort<T>(port: MessagePort | undefined, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  port?.once("message", () => controller.abort());
  try {
    return await work(controller.signal);
  } finally {
    port?.close();
  }
}

/** Runs in a pool thread: one render, reporting progress on `port`; a message on `port` stops it. */
export function render(task: { timeline: Timeline; outPath: string; encoder: EncoderSettings; stills?: StillPaths; workDir?: string; port?: MessagePort; segments?: number; threads?: number }) {
  return stoppedByPort(task.port, (signal) =>
    renderTimeline(task.timeline, task.outPath, {
      encoder: task.encoder,
      stills: task.stills,
      workDir: task.workDir,
      segments: task.segments,
      threads: task.threads,
      onProgress: (fraction: number, segments?: SegmentsDone) => task.port?.postMessage({ fraction, segments }),
      signal,
    }),
  );
}

/** Runs in a pool thread: one window of another process's segmented render; a message on `port` stops it. */
export function renderWindow(job: { task: WindowTask; files: WindowFiles; workDir: string; port?: MessagePort }) {
  return stoppedByPort(job.port, async (signal) => ({ seconds: (await renderOneWindow(job.task, job.files, job.workDir, { signal })).seconds }));
}

/** Runs in a pool thread: an SVG drawn to a PNG (cards, chat frames). */
export async function drawSvg(task: { svg: string; outPath: string }) {
  await sharp(Buffer.from(task.svg)).png({ compressionLevel: 3 }).toFile(task.outPath);
  return { outPath: task.outPath };
}

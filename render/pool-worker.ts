import type { MessagePort } from "node:worker_threads";
import sharp from "sharp";
import type { EncoderSettings } from "./plan/encoder.ts";
import type { StillPaths } from "./plan/stills.ts";
import { renderTimeline, renderWindow as renderOneWindow, type SegmentsDone, type WindowFiles, type WindowTask } from "./renderer.ts";
import type { Timeline } from "./timeline.ts";

/** Runs in a pool thread: one render, reporting progress on `port`; a message on `port` stops it. */
export async function render(task: { timeline: Timeline; outPath: string; encoder: EncoderSettings; stills?: StillPaths; workDir?: string; port?: MessagePort; segments?: number; threads?: number }) {
  const controller = new AbortController();
  task.port?.once("message", () => controller.abort());
  try {
    return await renderTimeline(task.timeline, task.outPath, {
      encoder: task.encoder,
      stills: task.stills,
      workDir: task.workDir,
      segments: task.segments,
      threads: task.threads,
      onProgress: (fraction: number, segments?: SegmentsDone) => task.port?.postMessage({ fraction, segments }),
      signal: controller.signal,
    });
  } finally {
    task.port?.close();
  }
}

/** Runs in a pool thread: one window of another process's segmented render; a message on `port` stops it. */
export async function renderWindow(job: { task: WindowTask; files: WindowFiles; workDir: string; port?: MessagePort }) {
  const controller = new AbortController();
  job.port?.once("message", () => controller.abort());
  try {
    const { seconds } = await renderOneWindow(job.task, job.files, job.workDir, { signal: controller.signal });
    return { seconds };
  } finally {
    job.port?.close();
  }
}

/** Runs in a pool thread: an SVG drawn to a PNG (cards, chat frames). */
export async function drawSvg(task: { svg: string; outPath: string }) {
  await sharp(Buffer.from(task.svg)).png({ compressionLevel: 3 }).toFile(task.outPath);
  return { outPath: task.outPath };
}

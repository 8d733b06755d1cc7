import { copyFileSync, existsSync, mkdirSync, readdirSync, rmdirSync, rmSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { isAttemptRendering } from "../../db/repos/videos.ts";
import type { Database } from "../../db/client.ts";
import { taskFiles, relocateTask, type WindowTask } from "../../render/plan/segments.ts";
import type { RenderPool } from "../../render/pool.ts";
import type { WindowFiles, WindowPlacer } from "../../render/renderer.ts";
import type { Logger } from "../kernel/logger.ts";
import { type JobQueue, SEGMENT_HEARTBEAT_SECONDS } from "../queue/job-queue.ts";
import type { Storage } from "../storage/local.ts";

/**
 * A segmented render shared with other workers (SEGMENT_JOBS=1, on Postgres). The attempt that renders a
 * video keeps its first window and offers the others as jobs on the render-segment queue, with each
 * window's task and input files in storage. An idle worker takes one, renders it on its own pool and
 * stores the segment (and the stills it holds); the attempt brings it back and joins as usual. A window
 * no one has taken within SEGMENT_OFFER_MS when the attempt has a free slot, and one whose worker failed
 * or was lost, the attempt takes back and renders itself: a video never waits for a worker that is not
 * there.
 *
 * Fencing: a worker renders and stores a window only while the attempt that offered it is the video's
 * attempt and it is rendering; a superseded attempt's windows are discarded. Every key an attempt's
 * windows may write is listed in its index in storage before it is written, so whatever is left behind
 * (the attempt died mid-render) is removed by the video's next attempt.
 */

/** How often the attempt looks at the windows it offered, and an idle worker for a window to take. */
export const SEGMENT_POLL_MS = 500;
/**
 * How long a window stays on offer before its attempt, with a slot free, takes it back: an idle worker
 * looks every SEGMENT_POLL_MS, so a window no one took in four looks has no idle worker to take it.
 */
export const SEGMENT_OFFER_MS = 4 * SEGMENT_POLL_MS;

/** A window's task in storage: the task as the offering machine planned it, and its files' keys by path. */
interface StoredTask {
  task: WindowTask;
  inputs: Record<string, string>;
}

/** What a worker stored for a window: the segment, and the poster and sheet tiles it holds. */
interface WindowOutput {
  segment: string;
  poster?: string;
  tiles: { name: string; key: string }[];
}

const attemptPrefix = (videoId: string, attempt: number) => `segment-${videoId}-a${attempt}`;
const indexKey = (videoId: string, attempt: number) => `${attemptPrefix(videoId, attempt)}-index.json`;
const taskKey = (videoId: string, attempt: number, index: number) => `${attemptPrefix(videoId, attempt)}-w${index}-task.json`;
const outputKey = (videoId: string, attempt: number, index: number, name: string) => `${attemptPrefix(videoId, attempt)}-w${index}-${name}`;
const safeName = (path: string) => basename(path).replace(/[^A-Za-z0-9_.-]/g, "_").slice(-80);

/** The keys a window's worker may store: its segment, the poster and any of the sheet's tiles. */
export function windowOutputKeys(videoId: string, attempt: number, task: WindowTask): string[] {
  const tiles = task.stills ? task.stills.sheetTimes.map((_, i) => outputKey(videoId, attempt, task.window.index, tileName(i))) : [];
  return [outputKey(videoId, attempt, task.window.index, "segment.mp4"), ...(task.stills ? [outputKey(videoId, attempt, task.window.index, "poster.jpg")] : []), ...tiles];
}

const tileName = (i: number) => `tile-${String(i).padStart(2, "0")}.png`;

export interface SharedRender {
  placer: WindowPlacer;
  /** Removes every key this attempt stored or may have had stored for it, and its index. */
  cleanUp(): Promise<void>;
}

/**
 * The placer for one attempt's segmented render. `workDir`: the attempt's working folder, where a task's
 * JSON is written before it is stored.
 */
export function shareWindows(deps: { queue: JobQueue; storage: Storage; log: Logger }, video: { id: string; attempt: number }, workDir: string): SharedRender {
  const { queue, storage } = deps;
  const keys = new Set<string>();
  const inputs = new Map<string, Promise<string>>();
  const offered: string[] = [];
  let indexWrites = Promise.resolve();
  // Each key is listed in the index before it is written, so nothing stored is ever unlisted.
  const remember = (more: string[]) => {
    for (const key of more) keys.add(key);
    const path = join(workDir, "segment-index.json");
    const list = [...keys];
    indexWrites = indexWrites.then(async () => {
      await Bun.write(path, JSON.stringify(list));
      await storage.put(indexKey(video.id, video.attempt), path, { keep: true });
    });
    return indexWrites;
  };
  // Windows share files (the footage): each is stored once, and a window is offered only once its files are.
  const storeInput = (path: string): Promise<string> => {
    let stored = inputs.get(path);
    if (!stored) {
      const key = `${attemptPrefix(video.id, video.attempt)}-in${inputs.size}-${safeName(path)}`;
      stored = remember([key]).then(() => storage.put(key, path, { keep: true }).then(() => key));
      inputs.set(path, stored);
    }
    return stored;
  };
  const storeInputs = async (task: WindowTask): Promise<Record<string, string>> =>
    Object.fromEntries(await Promise.all(taskFiles(task).map(async (path) => [path, await storeInput(path)] as const)));
  const offer = async (task: WindowTask): Promise<string> => {
    const stored: StoredTask = { task, inputs: await storeInputs(task) };
    const key = taskKey(video.id, video.attempt, task.window.index);
    await remember([key, ...windowOutputKeys(video.id, video.attempt, task)]);
    const path = join(workDir, `segment-task-${task.window.index}.json`);
    await Bun.write(path, JSON.stringify(stored));
    await storage.put(key, path);
    const id = await queue.sendSegment({ videoId: video.id, attempt: video.attempt, index: task.window.index });
    offered.push(id);
    return id;
  };
  const bringBack = async (output: unknown, files: WindowFiles): Promise<boolean> => {
    const wrote = output as Partial<WindowOutput> | undefined;
    if (!wrote?.segment) return false;
    const copies: [string, string][] = [[wrote.segment, files.output]];
    if (wrote.poster && files.poster) copies.push([wrote.poster, files.poster]);
    if (files.tiles) for (const tile of wrote.tiles ?? []) copies.push([tile.key, join(dirname(files.tiles), tile.name)]);
    for (const [key, to] of copies) {
      const from = await storage.fetch(key);
      if (!from) return false;
      copyFileSync(from, to);
    }
    return true;
  };
  const placer: WindowPlacer = {
    async place(task, files, here) {
      // The first window is the attempt's own: it starts at once, whoever else is there.
      if (task.window.index === 0) return here.render();
      const id = await offer(task);
      const offeredAt = Date.now();
      for (;;) {
        here.signal.throwIfAborted();
        const { state, output } = await queue.segmentState(id);
        if (state === "done") {
          if (await bringBack(output, files)) return;
          deps.log.warn("a shared window's segment could not be brought back; rendering it here", { videoId: video.id, window: task.window.index });
          return here.render();
        }
        if (state === "gone") {
          deps.log.info("a shared window came back unrendered; rendering it here", { videoId: video.id, window: task.window.index });
          return here.render();
        }
        if (state === "waiting" && here.free() && Date.now() - offeredAt >= SEGMENT_OFFER_MS && (await queue.takeBackSegment(id))) {
          deps.log.info("took a shared window back; rendering it here", { videoId: video.id, window: task.window.index });
          return here.render();
        }
        await Bun.sleep(SEGMENT_POLL_MS);
      }
    },
  };
  return {
    placer,
    async cleanUp() {
      // Windows still on offer or in a worker's hands are withdrawn first: nothing is stored for them after this.
      await queue.withdrawSegments(offered).catch(() => {});
      await indexWrites.catch(() => {});
      for (const key of [...keys, indexKey(video.id, video.attempt)]) await storage.remove(key).catch(() => {});
    },
  };
}

/** Removes what earlier attempts at the video left of their shared renders (their indexes list it). */
export async function dropEarlierSharedRenders(storage: Storage, videoId: string, attempt: number): Promise<void> {
  for (let earlier = 1; earlier < attempt; earlier++) {
    const index = await storage.fetch(indexKey(videoId, earlier));
    if (!index) continue;
    const keys = (await Bun.file(index).json()) as string[];
    for (const key of keys) await storage.remove(key).catch(() => {});
    await storage.remove(indexKey(videoId, earlier));
  }
}

export interface SegmentHelperDeps {
  database: Database;
  queue: JobQueue;
  storage: Storage;
  renderPool: RenderPool;
  workRoot: string;
  log: Logger;
}

/**
 * Takes other attempts' windows while this worker's render pool is idle (a busy worker renders its own
 * videos; an idle one helps), one at a time. `stop` ends the loop; a window in hand is given up (its job
 * fails and goes back to be taken again).
 */
export function startSegmentHelper(deps: SegmentHelperDeps): { stop(): Promise<void> } {
  const stopping = new AbortController();
  const idle = () => {
    const stats = deps.renderPool.stats();
    return stats.rendersRunning === 0 && stats.rendersWaiting === 0;
  };
  const loop = (async () => {
    while (!stopping.signal.aborted) {
      try {
        const job = idle() ? await deps.queue.fetchSegment() : undefined;
        if (job) await renderSharedWindow(deps, job, stopping.signal);
        else await Bun.sleep(SEGMENT_POLL_MS);
      } catch (error) {
        deps.log.warn("taking a shared window failed", { error: error instanceof Error ? error.message : String(error) });
        await Bun.sleep(SEGMENT_POLL_MS);
      }
    }
  })();
  return {
    async stop() {
      stopping.abort();
      await loop;
    },
  };
}

/** Renders one window another attempt offered, if that attempt still renders the video, and stores it. */
async function renderSharedWindow(deps: SegmentHelperDeps, job: { id: string; retryCount: number; data: { videoId: string; attempt: number; index: number } }, stop: AbortSignal): Promise<void> {
  const { videoId, attempt, index } = job.data;
  const fields = { videoId, attempt, window: index };
  if (!(await isAttemptRendering(deps.database.db, videoId, attempt))) {
    await deps.queue.settleSegment(job, { output: { discarded: "the attempt that offered it no longer renders the video" } });
    return;
  }
  const storedPath = await deps.storage.fetch(taskKey(videoId, attempt, index));
  if (!storedPath) {
    await deps.queue.settleSegment(job, { error: "the window's task is not in storage" });
    return;
  }
  const stored = (await Bun.file(storedPath).json()) as StoredTask;
  // Segments joined by copy must be encoded alike: a worker with another encoder leaves the window to others.
  if (stored.task.encoder.name !== deps.renderPool.encoder.settings.name) {
    await deps.queue.settleSegment(job, { error: `this worker encodes with ${deps.renderPool.encoder.settings.name}, the window with ${stored.task.encoder.name}` });
    return;
  }
  const dir = join(deps.workRoot, videoId, `segment-a${attempt}-w${index}`);
  mkdirSync(dir, { recursive: true });
  const lost = new AbortController();
  const signal = AbortSignal.any([stop, lost.signal]);
  // Half the heartbeat pg-boss allows: a refused touch means the window is no longer this worker's.
  const heartbeat = setInterval(() => {
    deps.queue.touchSegment(job).then(
      (held) => held || lost.abort(),
      () => {},
    );
  }, (SEGMENT_HEARTBEAT_SECONDS * 1000) / 2);
  const started = performance.now();
  try {
    const moved = new Map<string, string>();
    for (const [path, key] of Object.entries(stored.inputs)) {
      const local = await deps.storage.fetch(key);
      if (!local) throw new Error(`the window's input ${basename(path)} is not in storage`);
      moved.set(path, local);
    }
    const task = relocateTask(stored.task, moved);
    const files: WindowFiles = { output: join(dir, "segment.mp4"), ...(task.stills && { poster: join(dir, "poster.jpg"), tiles: join(dir, "tile-%02d.png") }) };
    await deps.renderPool.renderWindow(task, files, dir, signal);
    // The fence again, after the render: a video taken over meanwhile gets nothing from this one.
    if (!(await deps.queue.touchSegment(job)) || !(await isAttemptRendering(deps.database.db, videoId, attempt))) {
      deps.log.info("a shared window was rendered for an attempt that no longer has it; discarded", fields);
      return;
    }
    const output: WindowOutput = { segment: outputKey(videoId, attempt, index, "segment.mp4"), tiles: [] };
    await deps.storage.put(output.segment, files.output);
    if (files.poster && existsSync(files.poster)) await deps.storage.put((output.poster = outputKey(videoId, attempt, index, "poster.jpg")), files.poster);
    for (const name of readdirSync(dir).filter((f) => /^tile-\d+\.png$/.test(f)).sort()) {
      const key = outputKey(videoId, attempt, index, name);
      await deps.storage.put(key, join(dir, name));
      output.tiles.push({ name, key });
    }
    if (await deps.queue.settleSegment(job, { output: output as unknown as object })) deps.log.info("shared window rendered", { ...fields, seconds: Math.round((performance.now() - started) / 10) / 100 });
    else for (const key of [output.segment, output.poster, ...output.tiles.map((t) => t.key)]) if (key) await deps.storage.remove(key);
  } catch (error) {
    if (!stop.aborted && !lost.signal.aborted) deps.log.warn("a shared window failed here", { ...fields, error: error instanceof Error ? error.message : String(error) });
    await deps.queue.settleSegment(job, { error: error instanceof Error ? error.message : String(error) }).catch(() => {});
  } finally {
    clearInterval(heartbeat);
    for (const key of Object.values(stored.inputs)) deps.storage.forget(key);
    rmSync(dir, { recursive: true, force: true });
    // The video's folder goes too when nothing else is in it (on a machine that is not the video's own).
    try {
      rmdirSync(dirname(dir));
    } catch {
      // the video's own attempt works in it, or another window
    }
  }
}

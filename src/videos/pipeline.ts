import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { type Database, isDatabaseUnavailable, whileDatabaseUnavailable } from "../../db/client.ts";
import { findAccountById } from "../../db/repos/accounts.ts";
import { findAccountProject } from "../../db/repos/projects.ts";
import { beginVideoAttempt, findAccountVideo, updateVideoForAttempt, type VideoPatch } from "../../db/repos/videos.ts";
import type { VideoRow } from "../../db/schema/index.ts";
import { FfmpegError } from "../../render/ffmpeg.ts";
import type { RenderPool } from "../../render/pool.ts";
import { companionPaths, writeCaptionFiles } from "../../render/companions.ts";
import { isLegacyPlan, videoCharges } from "../billing/charges.ts";
import type { FailureCode } from "../kernel/errors.ts";
import type { Logger } from "../kernel/logger.ts";
import { FootageNotReady } from "../media/footage-supply.ts";
import { ImportTurnBusy } from "../media/import-turns.ts";
import type { JobQueue } from "../queue/job-queue.ts";
import type { Recorder } from "../kernel/recorder.ts";
import { type Storage, videoCompanionKey, videoFileKey } from "../storage/local.ts";
import { runTemplateStage, StageFailure } from "../templates/production.ts";
import type { TemplateRegistry } from "../templates/registry.ts";
import type { PreRenderStage, ProductionContext, ProductionPorts, Template } from "../templates/template.ts";
import { completeVideo, failVideo, type FinishContext, Superseded } from "./finish.ts";
import { dropStageFiles, keepStageFiles, relocateOutputs, restoreStageFiles } from "./stage-files.ts";
import { type FootageWait, nextFootageWait, waitingLabel } from "./footage-wait.ts";
import { STAGE_LABELS } from "./model.ts";
import { VIDEO_FILES } from "./files.ts";
import type { PublishKitWriter } from "../publishing/kit-writer.ts";
import type { ContentSigner } from "../content-credentials/signer.ts";
import { signVideoFiles } from "../content-credentials/sign-video.ts";
import { dropEarlierSharedRenders, shareWindows } from "./segment-jobs.ts";
import { keepPublishing, keptPublishing, PUBLISH_FILE, publishFileText, writePublishing } from "../publishing/publishing.ts";

export interface PipelineDeps {
  database: Database;
  queue: JobQueue;
  storage: Storage;
  renderPool: RenderPool;
  ports: Omit<ProductionPorts, "drawPng">;
  workRoot: string;
  publicBaseUrl: string;
  log: Logger;
  now(): Date;
  /** The templates videos are made with. */
  templates: TemplateRegistry;
  /** Told each stage's time and each render's speed (metrics). */
  recorder: Recorder;
  /** Writes each finished video's publish kit (with the model when one is configured). */
  publishKit: PublishKitWriter;
  /** Embeds signed Content Credentials in each rendered MP4 and poster; null when C2PA=0. */
  contentSigner: ContentSigner | null;
  /** Whether a segmented render offers its windows to other workers (segment-jobs.ts). */
  segmentJobs: boolean;
}

export interface AttemptInfo {
  /** pg-boss's retry count of this job: 0 on the first attempt. */
  retryCount: number;
  retryLimit: number;
  /** The video's wait for its background category's footage so far, carried in its job. */
  footageWait?: FootageWait;
}

/**
 * How an attempt ended. "stopped": `stop` ended it, and the video is the caller's to hand back.
 * "deferred": an own-media import found no turn free for the account (ImportTurnBusy), and the video is
 * the caller's to queue again a little later. `waitForFootage`: its background category has no footage
 * yet and is being generated; the video is the caller's to queue again with this wait in its job. A
 * video queued again keeps its finished stages, and nothing counts against its retries.
 */
export type AttemptOutcome = "done" | "stopped" | "deferred" | { waitForFootage: FootageWait };

/** How often a working attempt proves it is alive (the watchdog's clock). */
export const VIDEO_HEARTBEAT_MS = 10_000;
/**
 * A rendered and stored video waits this long for an unavailable database (a restart, a failover) to
 * finish it, trying every FINISH_RETRY_MS, instead of failing a render that succeeded; past it the
 * attempt ends as interrupted and the queue retries it.
 */
export const FINISH_WAITS_FOR_DATABASE_MS = 5 * 60_000;
export const FINISH_RETRY_MS = 1_000;
/** The rendering stage's label while a video renders in segments. */
export function renderingLabel(segments: { done: number; count: number }): string {
  return `${STAGE_LABELS.rendering} (${segments.done} of ${segments.count} segments done)`;
}

/** Before the render, stages share 0-50%; the render fills 50-99; 100 is completed. */
const RENDER_START = 50;

export function stageProgress(stages: readonly PreRenderStage[], index: number): number {
  return Math.round(5 + (index / Math.max(1, stages.length)) * (RENDER_START - 5));
}

export function finishContext(deps: PipelineDeps): FinishContext {
  return { db: deps.database.db, queue: deps.queue, publicBaseUrl: deps.publicBaseUrl, now: deps.now() };
}

/** "ffmpeg exited with 1: <its stderr>", as FfmpegError words it (also after crossing a worker thread). */
const TOOL_EXIT = /\b(ffmpeg|ffprobe) exited with (-?\d+): /;

/**
 * An error's words fit for a caller, and the tool output it carried. A tool's raw output (ffmpeg's
 * stderr: file paths, filter graphs, codec chatter) means nothing to a caller and may show server paths:
 * it goes to the logs only.
 */
export function publicDetail(error: unknown): { detail: string; toolOutput?: string } {
  if (error instanceof FfmpegError) return { detail: `${error.tool} exited with ${error.exitCode}`, toolOutput: error.stderrTail };
  const message = error instanceof Error ? error.message : String(error);
  const tool = TOOL_EXIT.exec(message);
  if (tool) return { detail: `${message.slice(0, tool.index)}${tool[1]} exited with ${tool[2]}`, toolOutput: message.slice(tool.index + tool[0].length) };
  return { detail: message };
}

/** A failure as the video's error, and whether another attempt could succeed. */
export function classifyFailure(error: unknown, stage: string): { code: FailureCode; message: string; retryable: boolean; toolOutput?: string } {
  const during = STAGE_LABELS[stage as keyof typeof STAGE_LABELS]?.toLowerCase() ?? stage;
  // The database was away: nothing is wrong with the video, and another attempt will make it.
  if (isDatabaseUnavailable(error)) return { code: "INTERRUPTED", message: `Processing was interrupted while ${during}: the database was unavailable.`, retryable: true };
  if (error instanceof StageFailure) {
    const { detail, toolOutput } = publicDetail(error);
    return { code: error.code, message: detail, retryable: error.retryable, toolOutput: error.toolOutput ?? toolOutput };
  }
  const { detail: full, toolOutput } = publicDetail(error);
  const detail = full.slice(0, 300);
  if (stage === "rendering") return { code: "RENDER_FAILED", message: `The render failed (${detail}); the service's logs have the details.`, retryable: false, toolOutput };
  return { code: "INTERRUPTED", message: `Processing was interrupted while ${during}: ${detail}`, retryable: true, toolOutput };
}

/**
 * One attempt at a video: takes the video (a fencing token that refuses a stalled attempt's late writes),
 * runs the template's stages it has not finished, renders, and finishes it. A retryable failure is
 * rethrown so the queue retries with backoff; anything else ends the video as failed (see AttemptOutcome).
 */
export async function processVideo(deps: PipelineDeps, videoId: string, info: AttemptInfo, stop?: AbortSignal): Promise<AttemptOutcome> {
  const db = deps.database.db;
  if (stop?.aborted) return "stopped";
  const started = await beginVideoAttempt(db, videoId, deps.now());
  if (!started) return "done"; // finished or cancelled meanwhile
  const attempt = started.attempts;
  deps.log.info("attempt started", { videoId, attempt, template: started.template, status: started.status });
  // An operator disabled the account after the video was queued: it stops here, before any work, uncharged.
  // CANCELLED (the spec's closed set has no code of its own for this) with a message that says why.
  const owner = await findAccountById(db, started.accountId);
  if (owner?.status !== "active") {
    await failVideo(finishContext(deps), started, attempt, "CANCELLED", "Cancelled because the account was disabled before this video was made; nothing was charged.").catch((e) => {
      if (!(e instanceof Superseded)) throw e;
    });
    removeWorkDir(deps, videoId);
    return "done";
  }
  const template = deps.templates.find(started.template);
  const controller = new AbortController();
  // A stopping worker stops the attempt where it is (its render at once, a stage at its end) to hand it back.
  const onStop = () => controller.abort();
  stop?.addEventListener("abort", onStop, { once: true });
  const write = async (patch: VideoPatch) => {
    if (!(await updateVideoForAttempt(db, videoId, attempt, { ...patch, updatedAt: deps.now(), heartbeatAt: deps.now() }))) {
      controller.abort();
      throw new Superseded(videoId);
    }
  };
  const heartbeat = setInterval(() => write({}).catch(() => {}), VIDEO_HEARTBEAT_MS);
  let stage: string = started.status;
  try {
    await runAttempt(deps, started, template, (s) => (stage = s), write, controller.signal, info.footageWait);
  } catch (thrown) {
    let error = thrown;
    if (stop?.aborted) {
      deps.log.info("attempt stopped to hand the video back", { videoId, attempt, stage });
      return "stopped";
    }
    // A refused write aborts the signal, which stops the render where it is (its error then says only that).
    if (error instanceof Superseded || controller.signal.aborted) {
      deps.log.warn("attempt superseded", { videoId, attempt });
      return "done";
    }
    if (error instanceof ImportTurnBusy) {
      deps.log.debug("attempt waits for an own-media import turn", { videoId, attempt, stage });
      return "deferred";
    }
    if (error instanceof FootageNotReady) {
      const next = nextFootageWait(info.footageWait, error.category, deps.ports.footage.generation(error.category));
      if ("wait" in next) {
        deps.log.debug("attempt waits for its background footage", { videoId, attempt, ...next.wait });
        const waiting = await write({ stage: waitingLabel(error.category) }).then(() => true, () => false);
        // A refused write: another attempt has the video.
        return waiting ? { waitForFootage: next.wait } : "done";
      }
      error = new StageFailure("BACKGROUND_UNAVAILABLE", next.fail);
    }
    const failure = classifyFailure(error, stage);
    deps.log.warn("video attempt failed", { videoId, attempt, stage, code: failure.code, retryable: failure.retryable, error: failure.message, toolOutput: failure.toolOutput });
    if (failure.retryable && info.retryCount < info.retryLimit) throw error;
    await failVideo(finishContext(deps), started, attempt, failure.code, failure.message).catch((e) => {
      if (!(e instanceof Superseded)) throw e;
    });
    // Failed for good: nothing will read its stage files again (a retry above keeps them).
    const last = await findAccountVideo(db, started.accountId, videoId);
    if (template && last) await dropStageFiles(deps.storage, template, videoId, workDirOf(deps, videoId), relocateOutputs(last.stageOutputs, videoId, workDirOf(deps, videoId)));
    removeWorkDir(deps, videoId);
  } finally {
    clearInterval(heartbeat);
    stop?.removeEventListener("abort", onStop);
  }
  return "done";
}

/** A video's working folder (narration, cards, the render before it is stored). */
export function workDirOf(deps: Pick<PipelineDeps, "workRoot">, videoId: string): string {
  return join(deps.workRoot, videoId);
}

export function removeWorkDir(deps: Pick<PipelineDeps, "workRoot">, videoId: string): void {
  rmSync(workDirOf(deps, videoId), { recursive: true, force: true });
}

async function runAttempt(
  deps: PipelineDeps,
  video: VideoRow,
  template: Template | undefined,
  enter: (stage: string) => void,
  write: (patch: VideoPatch) => Promise<void>,
  signal: AbortSignal,
  footageWait?: FootageWait,
) {
  if (!template) throw new Error(`this deployment has no template ${video.template}`);
  const workDir = workDirOf(deps, video.id);
  mkdirSync(workDir, { recursive: true });
  const ctx: ProductionContext = {
    videoId: video.id,
    accountId: video.accountId,
    inputs: video.inputs,
    projectId: video.projectId,
    workDir,
    ports: { ...deps.ports, drawPng: (svg, out) => deps.renderPool.drawSvg(svg, out) },
  };
  // Made by an attempt on another machine, the outputs name its working folder: they are moved onto this one.
  const outputs: Record<string, unknown> = relocateOutputs({ ...video.stageOutputs }, video.id, workDir);
  // A script or pack written by POST /v1/scripts is that stage's output: the step is skipped.
  if (video.projectId && template.stages.includes("generating_script") && outputs.generating_script === undefined) {
    const project = await findAccountProject(deps.database.db, video.accountId, video.projectId);
    if (project && project.kind !== "preview") outputs.generating_script = project.content;
  }
  // A video waiting for its footage looks again at the stage that waited (the first not done), still saying so.
  let waitingFor = footageWait?.category;
  for (const [index, stage] of template.stages.entries()) {
    const done = outputs[stage] !== undefined && (await restoreStageFiles(deps.storage, video.id, workDir, template.stageFiles(stage, outputs[stage])));
    if (done) continue;
    signal.throwIfAborted();
    enter(stage);
    await write({ status: stage, stage: waitingFor ? waitingLabel(waitingFor) : STAGE_LABELS[stage], progress: stageProgress(template.stages, index) });
    waitingFor = undefined;
    const stageStarted = performance.now();
    outputs[stage] = await runTemplateStage(template, stage, ctx, outputs);
    deps.recorder.stage(video.template, stage, (performance.now() - stageStarted) / 1000);
    // Its files are stored before its output is saved: a saved output's files are always somewhere.
    await keepStageFiles(deps.storage, video.id, workDir, template.stageFiles(stage, outputs[stage]));
    await write({ stageOutputs: outputs });
  }
  signal.throwIfAborted();
  enter("rendering");
  await write({ status: "rendering", stage: STAGE_LABELS.rendering, progress: RENDER_START });
  // The disclosure and publish kit are written once (a model may write the kit) and kept: a retry reuses them.
  let publishing = keptPublishing(outputs);
  if (!publishing) {
    publishing = await writePublishing(template, ctx.inputs, outputs, deps.publishKit);
    keepPublishing(outputs, publishing);
    await write({ stageOutputs: outputs });
  }
  // The signing certificate is read (on a new deployment, made and stored) before the render, not after
  // it: the database may be away by then.
  const signerReady = deps.contentSigner?.prepare();
  const { timeline, cutAtMs } = await template.compose(ctx, outputs);
  if (cutAtMs !== undefined) await write({ cutAtMs });
  await signerReady;
  const outPath = join(workDir, "video.mp4");
  let lastProgress = RENDER_START;
  const renderStarted = performance.now();
  const companionFiles = companionPaths(workDir);
  let segmentsDone = -1;
  const shared = deps.segmentJobs ? shareWindows(deps, { id: video.id, attempt: video.attempts }, workDir) : undefined;
  if (shared) await dropEarlierSharedRenders(deps.storage, video.id, video.attempts);
  const rendered = await deps.renderPool.render(timeline, outPath, {
    onProgress: (fraction, segments) => {
      const progress = Math.min(99, RENDER_START + Math.floor(fraction * (99 - RENDER_START)));
      // A segmented render says how many of its segments are done, each time one is.
      const stage = segments && segments.done !== segmentsDone ? renderingLabel(segments) : undefined;
      if (stage) segmentsDone = segments!.done;
      if (progress >= lastProgress + 5 || stage) {
        lastProgress = Math.max(lastProgress, progress);
        write(stage ? { progress: lastProgress, stage } : { progress }).catch(() => {});
      }
    },
    signal,
    stills: { poster: companionFiles.poster, contactSheet: companionFiles.contactSheet },
    // In the video's folder: a crash mid-render leaves the render's files where the sweep removes them.
    workDir,
    placer: shared?.placer,
  }).finally(() => shared?.cleanUp());
  // The caption files, poster and contact sheet are stored first: a stored MP4 always has its files.
  await writeCaptionFiles(timeline, companionFiles);
  await Bun.write(join(workDir, PUBLISH_FILE), publishFileText(publishing));
  // Signed as part of the render's output: each attempt renders afresh, so a stored file carries one manifest.
  // A certificate the database could not give before the render is asked for again until it can.
  if (deps.contentSigner) {
    const signer = deps.contentSigner;
    const signed = await whileDatabaseUnavailable(() => signVideoFiles(signer, video.template, template.madeOf(ctx.inputs, outputs), { video: outPath, poster: companionFiles.poster }), {
      forMs: FINISH_WAITS_FOR_DATABASE_MS,
      everyMs: FINISH_RETRY_MS,
      signal,
    });
    deps.log.info("content credentials signed", { videoId: video.id, seconds: Math.round(signed.seconds * 1000) / 1000, bytesAdded: signed.bytesAdded });
  }
  const companions = Object.values(VIDEO_FILES).map((file) => ({ file, path: join(workDir, file) }));
  const companionKeys = companions.map(({ file }) => videoCompanionKey(video.id, file));
  try {
    for (const [i, { path }] of companions.entries()) await deps.storage.put(companionKeys[i]!, path);
    await deps.storage.put(videoFileKey(video.id), outPath);
  } catch (error) {
    // A video whose MP4 could not be stored keeps none of its files.
    await Promise.all(companionKeys.map((key) => deps.storage.remove(key).catch(() => {})));
    throw error;
  }
  // The rendering stage counts its wait for a render turn and the store; the speed counts ffmpeg alone.
  deps.recorder.stage(video.template, "rendering", (performance.now() - renderStarted) / 1000);
  deps.recorder.render(video.template, timeline.duration, rendered.seconds);
  if (rendered.segments) {
    deps.recorder.segmentedRender(video.template, rendered.segments.seconds.length);
    const round = (x: number) => Math.round(x * 100) / 100;
    deps.log.info("video rendered in segments", { videoId: video.id, segmentSeconds: rendered.segments.seconds.map(round), joinSeconds: round(rendered.segments.joinSeconds), renderSeconds: round(rendered.seconds) });
  }
  // The finish is one fenced transaction, so running it again after a lost connection is safe: if the
  // lost one had committed, the fence refuses the second (Superseded) and nothing happens twice.
  await whileDatabaseUnavailable(
    async () => {
      const account = await findAccountById(deps.database.db, video.accountId);
      const legacy = isLegacyPlan(account?.planTier ?? null);
      const charges = videoCharges(template.usage(ctx.inputs, outputs), legacy);
      // The webhook presents the video as finished: with the stage outputs that hold its publishing.
      await completeVideo(finishContext(deps), { ...video, stageOutputs: outputs }, video.attempts, charges, timeline.duration, legacy);
    },
    { forMs: FINISH_WAITS_FOR_DATABASE_MS, everyMs: FINISH_RETRY_MS, signal },
  );
  await dropStageFiles(deps.storage, template, video.id, workDir, outputs);
  rmSync(workDir, { recursive: true, force: true });
}

import { type Db, withTransaction } from "../../db/client.ts";
import { completeIdempotencyKey } from "../../db/repos/idempotency.ts";
import { usageSince } from "../../db/repos/usage.ts";
import {
  cancelQueuedVideo,
  expectedChargesInProgress,
  findAccountVideo,
  insertVideo,
  latestDownloadLinks,
  listAccountVideos,
  type DownloadLinkRow,
} from "../../db/repos/videos.ts";
import { findAccountProject } from "../../db/repos/projects.ts";
import type { ProjectRow, VideoRow } from "../../db/schema/index.ts";
import { currentPeriod, findPlan } from "../billing/plans.ts";
import { ApiError, type FieldIssue } from "../kernel/errors.ts";
import { estimateVideo } from "../estimate/service.ts";
import { faultPoint } from "../kernel/faults.ts";
import type { AuthContext } from "../auth/authenticate.ts";
import { newId } from "../kernel/ids.ts";
import { OutboundError, callerUrlPolicy, checkUrl, checkUrlLiteral } from "../net/outbound.ts";
import { ownMediaUrls } from "../templates/own-media-urls.ts";
import { draftNotices, freeStepEndpoint } from "../templates/free-steps.ts";
import type { Template } from "../templates/template.ts";
import { refuseUncovered, validateTemplateRequest } from "../templates/validate.ts";
import { mintDownloadLink } from "./finish.ts";
import type { Charges } from "../billing/charges.ts";
import { checkGates } from "../billing/gates.ts";
import { CreateVideoEnvelope, STAGE_LABELS, type Video } from "./model.ts";
import { presentVideo } from "./present.ts";
import type { VideoRead } from "../account/reads.ts";
import { deepFreeze } from "../kernel/frozen-json.ts";

import type { Database } from "../../db/client.ts";
import type { Limiter } from "../../actors/limiter.ts";
import type { AccountReads } from "../account/reads.ts";
import type { ContentPorts } from "../content/ports.ts";
import type { Throughput } from "../estimate/service.ts";
import type { Config } from "../kernel/config.ts";
import type { Logger } from "../kernel/logger.ts";
import type { Narrator } from "../narration/narrator.ts";
import type { JobQueue } from "../queue/job-queue.ts";
import type { TemplateRegistry } from "../templates/registry.ts";

/** What creating, reading and cancelling videos uses. */
export interface VideoServiceDeps {
  accountReads: AccountReads;
  config: Config;
  content: ContentPorts;
  database: Database;
  limiter: Limiter;
  log: Logger;
  narrator: Narrator;
  queue: JobQueue;
  templates: TemplateRegistry;
  throughput(): Promise<Throughput>;
  now(): Date;
}

/** A row as the wire shows it, minting a fresh download link for a completed video whose link expired. */
async function presentWithLink(deps: VideoServiceDeps, row: VideoRow, link: DownloadLinkRow | undefined, now: Date): Promise<Video> {
  if (row.status !== "completed") return presentVideo(row, undefined, deps.config.publicBaseUrl);
  if (!link || link.expiresAt <= now) {
    link = await mintDownloadLink(deps.database.db, row.id, now);
    deps.accountReads.changed(row.accountId);
  }
  return presentVideo(row, link, deps.config.publicBaseUrl);
}

export async function presentVideos(deps: VideoServiceDeps, rows: VideoRow[]): Promise<Video[]> {
  const now = deps.now();
  const links = await latestDownloadLinks(deps.database.db, rows.filter((r) => r.status === "completed").map((r) => r.id));
  const out: Video[] = [];
  for (const row of rows) out.push(await presentWithLink(deps, row, links.get(row.id), now));
  return out;
}

/** Each cached read of a video, as it was presented: the same answer until the read is replaced. */
const presented = new WeakMap<VideoRead, Video>();

/**
 * GET /v1/videos/{id} when the process's cache of account data holds the video (most polls): a read is
 * presented once (frozen, so its JSON is taken once too) while its download link, if it has one, is
 * valid. Undefined when the video has to be read, or needs a new download link (getVideo).
 */
export function cachedVideo(deps: VideoServiceDeps, accountId: string, id: string): Video | undefined {
  const read = deps.accountReads.cachedVideo(accountId, id);
  if (!read || linkExpired(deps, read)) return undefined;
  return presentedRead(deps, read);
}

/** GET /v1/videos/{id}: a completed video whose link has expired gets a new link, which replaces the read. */
export async function getVideo(deps: VideoServiceDeps, accountId: string, id: string): Promise<Video> {
  const read = await deps.accountReads.video(accountId, id);
  if (!read) throw new ApiError("NOT_FOUND", `No video ${id} on this account.`);
  if (linkExpired(deps, read)) return presentWithLink(deps, read.row, read.link, deps.now());
  return presentedRead(deps, read);
}

function linkExpired(deps: VideoServiceDeps, read: VideoRead): boolean {
  return read.row.status === "completed" && (!read.link || read.link.expiresAt <= deps.now());
}

function presentedRead(deps: VideoServiceDeps, read: VideoRead): Video {
  let video = presented.get(read);
  if (!video) {
    video = deepFreeze(presentVideo(read.row, read.row.status === "completed" ? read.link : undefined, deps.config.publicBaseUrl));
    presented.set(read, video);
  }
  return video;
}

async function checkWebhookUrl(deps: VideoServiceDeps, url: string | undefined): Promise<void> {
  if (url === undefined) return;
  try {
    await checkUrl(url, callerUrlPolicy(deps.config));
  } catch (error) {
    if (error instanceof OutboundError) throw new ApiError("INVALID_WEBHOOK_URL", `webhookUrl ${error.message}; it must be an https URL on a public address.`);
    throw error;
  }
}

/**
 * Own media URLs are checked at create as far as they can be without DNS (scheme, credentials, literal
 * addresses), so `http://169.254.169.254/x.mp3` is refused now rather than failing the video later; the
 * fetch checks the resolved address again, at every hop.
 */
function checkOwnMediaUrls(deps: VideoServiceDeps, template: Template, inputs: unknown): void {
  const policy = callerUrlPolicy(deps.config);
  const issues: FieldIssue[] = [];
  for (const { path, url } of ownMediaUrls(template.inputs, inputs)) {
    try {
      checkUrlLiteral(url, policy);
    } catch (error) {
      if (!(error instanceof OutboundError)) throw error;
      issues.push({ path, code: "invalid_url", message: `${error.message}; own media must be an https URL on a public address` });
    }
  }
  if (issues.length > 0) throw new ApiError("INVALID_INPUT", `request body: ${issues.map((i) => `${i.path} ${i.message}`).join("; ")}`, { errors: issues });
}

/** A projectId must name a project of the template's own free step; a template without one takes none. */
async function checkProject(deps: VideoServiceDeps, accountId: string, template: Template, projectId: string | undefined): Promise<ProjectRow | undefined> {
  if (projectId === undefined) return undefined;
  const { id, freeStep } = template;
  if (!freeStep) {
    throw new ApiError("INVALID_INPUT", `${id} takes no projectId.`, { errors: [{ path: "projectId", message: `is not accepted by ${id}`, code: "unknown_field" }] });
  }
  const project = await findAccountProject(deps.database.db, accountId, projectId);
  if (!project || project.template !== id) {
    throw new ApiError("NOT_FOUND", `No ${id} project ${projectId} on this account; projects for ${id} come from ${freeStepEndpoint(freeStep)}.`);
  }
  return project;
}

/** Costs still to be charged for the account's unfinished videos: reserved against its balance. */
async function reservedCost(db: Db, accountId: string): Promise<Charges> {
  const reserved: Charges = { narration: 0, render: 0, videos: 0, narrationSeconds: 0 };
  for (const expected of await expectedChargesInProgress(db, accountId)) {
    reserved.narration += expected.narration;
    reserved.render += expected.render;
    reserved.videos += expected.videos;
    reserved.narrationSeconds += expected.narrationSeconds;
  }
  return reserved;
}

/**
 * POST /v1/videos. Validation, project and webhook checks come first; then, in one transaction holding
 * the account's limiter row, the in-progress count and the plan gates are checked against the database,
 * the video is inserted, the Idempotency-Key answered and the job queued: all of it commits, or none.
 */
export async function createVideo(deps: VideoServiceDeps, auth: AuthContext, body: unknown, idempotencyKey: string | undefined): Promise<Video> {
  const result = validateTemplateRequest<{ template: string; inputs: unknown; projectId?: string; webhookUrl?: string }>(deps.templates, CreateVideoEnvelope, body, deps.narrator.languages);
  if (!result.ok) throw result.error;
  const { template, inputs, envelope } = result.value;
  const project = await checkProject(deps, auth.account.id, template, envelope.projectId);
  // A written draft is the video's script stage, copied now: a later edit of the project (PATCH
  // /v1/scripts/{projectId}) is for videos made after it, never one already queued.
  const draft = project && template.freeStep?.kind === "script" && template.stages.includes("generating_script") ? project.content : undefined;
  // A project's draft is already written; otherwise content the writers cannot make is refused now, not
  // minutes later as a failed video.
  if (envelope.projectId === undefined) refuseUncovered(template, inputs, deps.content);
  await checkWebhookUrl(deps, envelope.webhookUrl);
  checkOwnMediaUrls(deps, template, inputs);

  const account = auth.account;
  const plan = findPlan(account.planTier);
  const estimate = estimateVideo(account, template, inputs, await deps.throughput());
  const cost: Charges = { ...estimate.charges, narrationSeconds: Math.round(estimate.expectedNarrationSeconds) };
  const now = deps.now();
  const id = newId("vid", now.getTime());
  const row = await withTransaction(deps.database.db, async (tx) => {
    // The limiter holds the account's windows, so creates of one account serialize here across processes.
    await deps.limiter.recordCreate(tx, account, now, async () => {
      const usage = await usageSince(tx, account.id, currentPeriod(account.periodStartedAt, now).start);
      const gate = checkGates(account, usage, await reservedCost(tx, account.id), cost);
      if (gate) throw gate;
      return usage;
    });
    const inserted = await insertVideo(tx, {
      id,
      accountId: account.id,
      template: template.id,
      status: "queued",
      stage: STAGE_LABELS.queued,
      progress: null,
      projectId: envelope.projectId ?? null,
      inputs,
      webhookUrl: envelope.webhookUrl ?? null,
      notices: draft === undefined ? template.notices : draftNotices(template, draft),
      ...(draft === undefined ? {} : { stageOutputs: { generating_script: draft } }),
      estimatedSeconds: estimate.expectedProcessingSeconds,
      expectedCharges: plan ? cost : null,
      createdAt: now,
      updatedAt: now,
    });
    if (idempotencyKey) {
      await completeIdempotencyKey(tx, account.id, idempotencyKey, { status: 202, body: { id }, headers: { location: `/v1/videos/${id}` }, resourceId: id });
    }
    try {
      await deps.queue.sendPipeline(tx, { videoId: id });
    } catch (error) {
      deps.log.error("queue refused a video job", { videoId: id, error: error instanceof Error ? error.message : String(error) });
      throw new ApiError("SERVICE_UNAVAILABLE", "The video queue is briefly unavailable; nothing was created or charged. Retry shortly (the same Idempotency-Key is safe).", {
        retryAfterSeconds: 5,
      });
    }
    return inserted;
  });
  deps.accountReads.changed(account.id);
  deps.queue.pipelineQueued();
  faultPoint("after-create-commit");
  return presentVideo(row, undefined, deps.config.publicBaseUrl);
}

export const LIST_DEFAULT = 20;
export const LIST_MAX = 50;

export function encodeCursor(videoId: string): string {
  return Buffer.from(JSON.stringify({ before: videoId })).toString("base64url");
}

export function decodeCursor(cursor: string): string {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as { before?: unknown };
    if (typeof parsed.before === "string" && /^vid_[0-9a-z]{26}$/.test(parsed.before)) return parsed.before;
  } catch {
    // fall through
  }
  throw new ApiError("INVALID_INPUT", "cursor is not a nextCursor this API returned.", { errors: [{ path: "cursor", message: "is not a valid cursor", code: "invalid_format" }] });
}

export function parseLimit(raw: string | null): number {
  if (raw === null) return LIST_DEFAULT;
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n < 1 || n > LIST_MAX) {
    throw new ApiError("INVALID_INPUT", `limit must be an integer from 1 to ${LIST_MAX}.`, { errors: [{ path: "limit", message: `must be an integer from 1 to ${LIST_MAX}`, code: "too_large" }] });
  }
  return n;
}

export async function listVideos(deps: VideoServiceDeps, accountId: string, query: URLSearchParams) {
  const limit = parseLimit(query.get("limit"));
  const cursor = query.get("cursor");
  const before = cursor ? decodeCursor(cursor) : undefined;
  const rows = await listAccountVideos(deps.database.db, accountId, limit + 1, before);
  const page = rows.slice(0, limit);
  return { data: await presentVideos(deps, page), nextCursor: rows.length > limit ? encodeCursor(page.at(-1)!.id) : null };
}

export async function cancelVideo(deps: VideoServiceDeps, accountId: string, id: string): Promise<Video> {
  const now = deps.now();
  const cancelled = await cancelQueuedVideo(deps.database.db, accountId, id, {
    status: "cancelled",
    stage: STAGE_LABELS.cancelled,
    errorCode: "CANCELLED",
    errorMessage: "Cancelled at your request while queued; nothing was charged.",
    updatedAt: now,
  });
  if (cancelled) {
    deps.accountReads.changed(accountId);
    return presentVideo(cancelled, undefined, deps.config.publicBaseUrl);
  }
  const current = await findAccountVideo(deps.database.db, accountId, id);
  if (!current) throw new ApiError("NOT_FOUND", `No video ${id} on this account.`);
  throw new ApiError("CANNOT_CANCEL", `Only a queued video can be cancelled; ${id} is ${current.status}.`);
}

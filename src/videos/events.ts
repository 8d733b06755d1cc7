import { findAccountVideo, findVideoForKey } from "../../db/repos/videos.ts";
import type { VideoRow } from "../../db/schema/index.ts";
import { type AuthContext, refusalNow } from "../auth/authenticate.ts";
import { ApiError, type Problem, toProblem } from "../kernel/errors.ts";
import type { VideoState } from "./change-feed.ts";
import { TERMINAL, type Video, type VideoStatus } from "./model.ts";
import { secondsRemaining } from "./present.ts";
import { presentVideos } from "./service.ts";

import type { ApiKeyCache } from "../auth/key-cache.ts";
import type { VideoChangeFeed } from "./change-feed.ts";
import type { VideoServiceDeps } from "./service.ts";

/** What a progress stream uses: the video reads, and what tells it its video or its key changed. */
export interface VideoEventsDeps extends VideoServiceDeps {
  apiKeys: ApiKeyCache;
  videoChanges: VideoChangeFeed;
}

/**
 * A stream reads its video and checks its key again at least this often, whatever it hears: a
 * notification lost with a dropped listening connection delays an event, or the end of a stream whose
 * key was revoked, by this much at most.
 */
export const STREAM_REREAD_MS = 10_000;

/** `Last-Event-ID`: the state version of the last event the client saw; anything else is ignored. */
export function parseLastEventId(header: string | null): number | undefined {
  const value = header?.trim();
  return value && /^\d{1,15}$/.test(value) ? Number(value) : undefined;
}

/** One event: the id is the video's state version, the data the video as GET /v1/videos/{id} shows it. */
export function videoEvent(version: number, video: Video): string {
  return `id: ${version}\nevent: video\ndata: ${JSON.stringify(video)}\n\n`;
}

/** The last thing a stream sends when it ends early: why, as the problem a new request would get. */
export function errorEvent(problem: Problem): string {
  return `event: error\ndata: ${JSON.stringify(problem)}\n\n`;
}

const isTerminal = (status: string) => TERMINAL.includes(status as VideoStatus);

/**
 * The video as it was in an earlier `state` that the row has already moved past (a state changes again
 * before the stream read it). Only status, stage and progress had changed since; a state before the end
 * has none of the end's fields (the end is always the last state, so a terminal state is never earlier).
 */
export function videoAsOf(video: Video, state: VideoState, estimatedSeconds: number | null): Video {
  const earlier: Video = {
    ...video,
    status: state.status as VideoStatus,
    stage: state.stage,
    progress: state.progress,
    estimatedSecondsRemaining: secondsRemaining({ status: state.status, progress: state.progress, estimatedSeconds }),
  };
  if (isTerminal(state.status)) return earlier;
  return { ...earlier, exportId: null, downloadUrl: null, downloadExpiresAt: null, files: null, error: null, creditsCharged: null, completedAt: null };
}

/**
 * GET /v1/videos/{id}/events: Server-Sent Events of the video. An event goes out at once (unless the
 * client resumes with the version it has), then one for every change of status, stage or progress that
 * this process hears of, in order; after the event of a terminal state the stream ends. A comment line
 * every heartbeat keeps proxies from closing a quiet stream. Everything the stream holds (its follower,
 * watcher, timers, its slot in the account's open streams) is let go when it ends or the client goes away.
 * An account holds at most its `concurrentStreams` open in this process; the next is refused with 429
 * STREAM_LIMIT before anything is held.
 *
 * The key is checked with every read of the video, in the same statement, so each event was read while
 * the key was live and its account active. A change to the account or its keys, heard from whichever
 * process made it, makes the stream read again at once: a revoked key or a disabled account ends it
 * with an `error` event (the problem a new request would get) within a query of the change being heard,
 * and within STREAM_REREAD_MS if the notification was lost.
 */
export async function openVideoEvents(deps: VideoEventsDeps, auth: AuthContext, id: string, request: Request, options: { heartbeatMs: number; requestId: string }): Promise<Response> {
  const db = deps.database.db;
  const accountId = auth.account.id;
  if (!(await findAccountVideo(db, accountId, id))) throw new ApiError("NOT_FOUND", `No video ${id} on this account.`);
  // Taken last before the stream exists, so that whatever ends the stream gives it back.
  const slot = deps.limiter.openStream(auth.account);
  if (slot instanceof ApiError) throw slot;
  let sent = parseLastEventId(request.headers.get("last-event-id"));
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let ended = false;
  /** States heard and not yet sent, in order; a wake without a state (a reconnection) only asks for a read. */
  const heard: VideoState[] = [];
  let woken = false;
  let resume: (() => void) | undefined;
  let unfollow: (() => void) | undefined;
  let unwatch: (() => void) | undefined;
  const wake = (state?: VideoState) => {
    if (state) heard.push(state);
    woken = true;
    resume?.();
  };
  const send = (text: string) => {
    if (ended) return;
    try {
      controller.enqueue(encoder.encode(text));
    } catch {
      end();
    }
  };
  const heartbeat = setInterval(() => send(": ping\n\n"), options.heartbeatMs);
  const end = () => {
    if (ended) return;
    ended = true;
    clearInterval(heartbeat);
    unfollow?.();
    unwatch?.();
    slot.release();
    request.signal.removeEventListener("abort", end);
    resume?.();
    try {
      controller.close();
    } catch {
      // already closed by the client going away
    }
  };
  /** Until something is heard, or STREAM_REREAD_MS pass. */
  const nextChange = () =>
    new Promise<void>((resolve) => {
      if (woken || ended) return resolve();
      const timer = setTimeout(resolve, STREAM_REREAD_MS);
      resume = () => {
        clearTimeout(timer);
        resolve();
      };
    }).finally(() => {
      resume = undefined;
      woken = false;
    });

  /**
   * Sends the states heard that the row has moved past, then the row itself if the client lacks it. A
   * state heard after the row was read waits for the next read.
   */
  const sendUpTo = async (row: VideoRow) => {
    let video: Video | undefined;
    const present = async () => (video ??= (await presentVideos(deps, [row]))[0]!);
    for (const state of heard.splice(0)) {
      if (sent !== undefined && state.version <= sent) continue;
      if (state.version > row.stateVersion) heard.push(state);
      else if (state.version < row.stateVersion) {
        send(videoEvent(state.version, videoAsOf(await present(), state, row.estimatedSeconds)));
        sent = state.version;
      }
    }
    if (row.stateVersion !== sent) {
      send(videoEvent(row.stateVersion, await present()));
      sent = row.stateVersion;
    }
  };

  const run = async () => {
    // Following and watching start before the first read, so a change between the two is not missed.
    const stop = await deps.videoChanges.follow(id, wake, end);
    if (ended) return stop();
    unfollow = stop;
    unwatch = deps.apiKeys.watchAccount(accountId, () => wake());
    while (!ended) {
      const found = await findVideoForKey(db, auth.key.id, id);
      const refused = refusalNow(found, "the stream");
      if (refused) {
        send(errorEvent(toProblem(refused, { errorsUrl: deps.config.errorsUrl, plansUrl: deps.config.plansUrl, requestId: options.requestId })));
        break;
      }
      const row = found!.video;
      if (!row) break;
      await sendUpTo(row);
      if (isTerminal(row.status)) break;
      await nextChange();
    }
  };

  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
      request.signal.addEventListener("abort", end, { once: true });
      run()
        .catch((error: Error) => deps.log.warn("video event stream ended on an error", { videoId: id, error: error.message }))
        .finally(end);
    },
    cancel: end,
  });
  return new Response(body, {
    status: 200,
    headers: { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-store", "x-accel-buffering": "no" },
  });
}

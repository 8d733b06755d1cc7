import type { AccountRow } from "../db/schema/index.ts";
import { NO_SPLIT, type SplitLog, logTime, splitAdd, splitAfter, splitCount, splitNthNewest, splitOldest } from "./time-log.ts";

/**
 * An account's limits as pure decisions: (state, now) -> [state, decision] for the sliding rate windows,
 * and the in-progress check for a new video. Nothing here knows where the windows are kept: the limiter
 * (limiter.ts) runs these inside an actor's mailbox over a window store (window-store.ts).
 */
export interface Limits {
  requestsPerMinute: number;
  createsPerMinute: number;
  freeToolsPerHour: number;
  freeToolsPerDay: number;
  concurrentRenders: number;
  /** Progress streams open at once, per serving process. */
  concurrentStreams: number;
}

/**
 * The persisted part of a state: what the subject did inside its windows. A decision adds to each log's
 * `recent` part and only trims its `base`, so what it added is the `recent` its keeper had not written.
 */
export interface Windows {
  /** Admitted requests in the last minute. */
  requests: SplitLog;
  /** Accepted video creations in the last minute. */
  creates: SplitLog;
  /** Free-tool calls in the last day (the hour window is its tail). */
  freeTools: SplitLog;
}

export interface ActorState extends Windows {
  limits: Limits;
}

/** The part of a state that is persisted (the limits come from the account). */
export function windowsOf(state: ActorState): Windows {
  return { requests: state.requests, creates: state.creates, freeTools: state.freeTools };
}

/** An account's limits, as set on its row. */
export function accountLimits(account: AccountRow): Limits {
  return {
    requestsPerMinute: account.requestsPerMinute,
    createsPerMinute: account.createsPerMinute,
    freeToolsPerHour: account.freeToolsPerHour,
    freeToolsPerDay: account.freeToolsPerDay,
    concurrentRenders: account.concurrentRenders,
    concurrentStreams: account.concurrentStreams,
  };
}

/** Public reference routes: per client address. */
export const PUBLIC_REQUESTS_PER_MINUTE = 60;
export const PUBLIC_LIMITS: Limits = { requestsPerMinute: PUBLIC_REQUESTS_PER_MINUTE, createsPerMinute: 0, freeToolsPerHour: 0, freeToolsPerDay: 0, concurrentRenders: 0, concurrentStreams: 0 };

export type RequestKind = "read" | "free_tool";

/**
 * How an admission counts: a request of its own kind (in the minute, and a free tool in its hour and day
 * too), or a free tool called inside a request the minute has already counted (an MCP message's tool
 * call): in its hour and day only.
 */
export type AdmissionKind = RequestKind | "free_tool_within";

/** X-RateLimit-* values: the per-minute request limit, what is left of it, and seconds until a slot frees. */
export interface RateHeaders {
  limit: number;
  remaining: number;
  resetSeconds: number;
}

export type Refusal = { admitted: false; code: "RATE_LIMITED" | "CONCURRENCY_LIMIT" | "STREAM_LIMIT"; retryAfterSeconds: number; detail: string };
export type Admission = ({ admitted: true } | Refusal) & { headers: RateHeaders };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** How long each window counts an admission (the free-tool hour window is the day's tail). */
export const WINDOW_SPANS_MS: Readonly<Record<keyof Windows, number>> = { requests: MINUTE, creates: MINUTE, freeTools: DAY };
/** The spec's wait after CONCURRENCY_LIMIT. */
export const CONCURRENCY_RETRY_SECONDS = 30;
/**
 * The wait after STREAM_LIMIT: a stream ends when its video does or its client leaves, which no one can
 * foresee; this is the low end of the polling advice (10-20 s), and the caller may poll meanwhile.
 */
export const STREAM_RETRY_SECONDS = 10;

export function initialState(limits: Limits, windows: Windows = { requests: NO_SPLIT, creates: NO_SPLIT, freeTools: NO_SPLIT }): ActorState {
  // Decisions never change an array in place, so the caller's windows are shared, not copied.
  return { limits, requests: windows.requests, creates: windows.creates, freeTools: windows.freeTools };
}

/** Logs are kept oldest first, so what is inside the window is a tail (the same log when all is). */
const within = (log: SplitLog, now: number, span: number): SplitLog => splitAfter(log, now - span);
const secondsUntil = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

function headersFor(requests: SplitLog, limit: number, now: number, count = splitCount(requests)): RateHeaders {
  const oldest = splitOldest(requests);
  return {
    limit,
    remaining: Math.max(0, limit - count),
    resetSeconds: oldest === undefined ? 0 : secondsUntil(oldest + MINUTE - now),
  };
}

/**
 * The window (`times`, at most `limit` per `span`) as a refusal when it is full; undefined when it has room.
 * `count` (what it holds), when known, spares a walk. Plain arguments: this runs for every request.
 */
function fullWindow(times: SplitLog, limit: number, span: number, what: string, now: number, count?: number) {
  if (limit > 0 && count !== undefined && count < limit) return undefined;
  // The limit-th newest admission is the one that must leave the window before another fits.
  const blocking = limit <= 0 ? now : splitNthNewest(times, limit);
  if (blocking === undefined) return undefined;
  const retry = secondsUntil(blocking + span - now);
  return { retry, detail: `${what}: ${limit} allowed; retry in ${retry} s.` };
}

/** A request of `kind` at `now`: counted when admitted, refused with the wait when a window is full. */
export function admitRequest(state: ActorState, kind: AdmissionKind, now: number): [ActorState, Admission] {
  const requests = within(state.requests, now, MINUTE);
  const creates = within(state.creates, now, MINUTE);
  const freeTools = within(state.freeTools, now, DAY);
  const { limits } = state;
  // Counted once: the count decides whether the minute is full and gives the headers.
  const counted = splitCount(requests);
  const inMinute = kind !== "free_tool_within";
  // A read has one window to check, a free tool three (two inside a counted request): the first full one refuses.
  const full =
    (inMinute ? fullWindow(requests, limits.requestsPerMinute, MINUTE, "requests per minute", now, counted) : undefined) ??
    (kind !== "read"
      ? (fullWindow(within(freeTools, now, HOUR), limits.freeToolsPerHour, HOUR, "free tool calls per hour", now) ??
        fullWindow(freeTools, limits.freeToolsPerDay, DAY, "free tool calls per day", now))
      : undefined);
  if (full) {
    const next: ActorState = { limits, requests, creates, freeTools };
    return [next, { admitted: false, code: "RATE_LIMITED", retryAfterSeconds: full.retry, detail: `Too many requests (${full.detail})`, headers: headersFor(requests, limits.requestsPerMinute, now, counted) }];
  }
  const next: ActorState = {
    limits,
    requests: inMinute ? splitAdd(requests, logTime(now, limits.requestsPerMinute, MINUTE)) : requests,
    creates,
    // The day's log also serves the hour window: its runs are made fine enough for the hour.
    freeTools: kind !== "read" ? splitAdd(freeTools, logTime(now, Math.max(limits.freeToolsPerHour, limits.freeToolsPerDay), HOUR)) : freeTools,
  };
  return [next, { admitted: true, headers: headersFor(next.requests, limits.requestsPerMinute, now, inMinute ? counted + 1 : counted) }];
}

/** A video accepted: counts against the creates window (the request itself was admitted already). */
export function recordCreate(state: ActorState, now: number): [ActorState, Admission] {
  const creates = within(state.creates, now, MINUTE);
  const headers = headersFor(within(state.requests, now, MINUTE), state.limits.requestsPerMinute, now);
  const full = fullWindow(creates, state.limits.createsPerMinute, MINUTE, "video creations per minute", now);
  if (full) return [{ ...state, creates }, { admitted: false, code: "RATE_LIMITED", retryAfterSeconds: full.retry, detail: `Too many video creations (${full.detail})`, headers }];
  return [{ ...state, creates: splitAdd(creates, logTime(now, state.limits.createsPerMinute, MINUTE)) }, { admitted: true, headers }];
}

/**
 * How many admissions of `kind` one process may make before the others hear of them, when each keeps
 * its windows in memory: a tenth of the smallest window the kind counts against (at least 1). With N
 * processes an account gets at most (N - 1) times this over a limit (README, "Limits across processes").
 */
export function unsyncedAllowance(limits: Limits, kind: AdmissionKind): number {
  // Without arrays: this runs for every request.
  let smallest = limits.requestsPerMinute > 0 ? limits.requestsPerMinute : Number.POSITIVE_INFINITY;
  if (kind !== "read") {
    if (limits.freeToolsPerHour > 0) smallest = Math.min(smallest, limits.freeToolsPerHour);
    if (limits.freeToolsPerDay > 0) smallest = Math.min(smallest, limits.freeToolsPerDay);
  }
  return Number.isFinite(smallest) ? Math.max(1, Math.floor(smallest / 10)) : 1;
}

/** A new video may start only while fewer than the limit are in progress (counted in the database). */
export function admitVideo(limits: Limits, inProgress: number): Refusal | undefined {
  if (inProgress < limits.concurrentRenders) return undefined;
  return {
    admitted: false,
    code: "CONCURRENCY_LIMIT",
    retryAfterSeconds: CONCURRENCY_RETRY_SECONDS,
    detail: `${inProgress} videos are already in progress (the limit is ${limits.concurrentRenders}); retry when one finishes.`,
  };
}

/** Another progress stream may open only while the account holds fewer than its limit open (in this process). */
export function admitStream(limits: Limits, open: number): Refusal | undefined {
  if (open < limits.concurrentStreams) return undefined;
  return {
    admitted: false,
    code: "STREAM_LIMIT",
    retryAfterSeconds: STREAM_RETRY_SECONDS,
    detail: `${open} progress streams of this account are already open (the limit is ${limits.concurrentStreams}); close one, or poll GET /v1/videos/{id} meanwhile.`,
  };
}

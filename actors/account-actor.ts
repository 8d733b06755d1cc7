/**
 * The account actor's decisions as a pure transition: (state, command, now) -> (state, result). It owns
 * the sliding windows of the rate limits and the in-progress slots; the mailbox runs its commands one at
 * a time and the IO (loading, persisting, the database's own checks) stays at the edge.
 */
export interface Limits {
  requestsPerMinute: number;
  createsPerMinute: number;
  freeToolsPerHour: number;
  freeToolsPerDay: number;
  concurrentRenders: number;
}

export interface ActorState {
  limits: Limits;
  /** Times (ms) of admitted requests in the last minute, oldest first. */
  requests: number[];
  creates: number[];
  /** Free-tool calls in the last day (the hour window is its tail). */
  freeTools: number[];
  /** Videos holding a slot: not yet completed, failed or cancelled. */
  inProgress: string[];
}

export type RequestKind = "read" | "write" | "create" | "free_tool";

/** X-RateLimit-* values: the per-minute request limit, what is left of it, and seconds until a slot frees. */
export interface RateHeaders {
  limit: number;
  remaining: number;
  resetSeconds: number;
}

export type Admission =
  | { admitted: true; headers: RateHeaders }
  | { admitted: false; code: "RATE_LIMITED" | "CONCURRENCY_LIMIT"; retryAfterSeconds: number; detail: string; headers: RateHeaders };

export type Command =
  | { type: "admit"; kind: RequestKind }
  | { type: "take_slot"; videoId: string }
  | { type: "free_slot"; videoId: string }
  | { type: "limits_changed"; limits: Limits };

export type Result = Admission | { slot: "taken" | "already_held" | "freed" | "not_held" } | { ok: true };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** The spec's wait after CONCURRENCY_LIMIT. */
export const CONCURRENCY_RETRY_SECONDS = 30;

export function initialState(limits: Limits, inProgress: string[] = []): ActorState {
  return { limits, requests: [], creates: [], freeTools: [], inProgress: [...inProgress] };
}

const within = (times: number[], now: number, span: number) => times.filter((t) => t > now - span);
const secondsUntil = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

function headersFor(requests: number[], limit: number, now: number): RateHeaders {
  const oldest = requests[0];
  return {
    limit,
    remaining: Math.max(0, limit - requests.length),
    resetSeconds: oldest === undefined ? 0 : secondsUntil(oldest + MINUTE - now),
  };
}

/** The first window that is full, as a refusal; undefined when all have room. */
function fullWindow(windows: { times: number[]; limit: number; span: number; what: string }[], now: number) {
  for (const w of windows) {
    if (w.times.length >= w.limit) {
      const retry = secondsUntil(w.times[w.times.length - w.limit]! + w.span - now);
      return { retry, detail: `${w.what}: ${w.limit} allowed; retry in ${retry} s.` };
    }
  }
  return undefined;
}

function admit(state: ActorState, kind: RequestKind, now: number): [ActorState, Admission] {
  const requests = within(state.requests, now, MINUTE);
  const creates = within(state.creates, now, MINUTE);
  const freeTools = within(state.freeTools, now, DAY);
  const { limits } = state;
  const windows = [{ times: requests, limit: limits.requestsPerMinute, span: MINUTE, what: "requests per minute" }];
  if (kind === "create") windows.push({ times: creates, limit: limits.createsPerMinute, span: MINUTE, what: "video creations per minute" });
  if (kind === "free_tool") {
    windows.push(
      { times: within(freeTools, now, HOUR), limit: limits.freeToolsPerHour, span: HOUR, what: "free tool calls per hour" },
      { times: freeTools, limit: limits.freeToolsPerDay, span: DAY, what: "free tool calls per day" },
    );
  }
  const full = fullWindow(windows, now);
  if (full) {
    const next = { ...state, requests, creates, freeTools };
    return [next, { admitted: false, code: "RATE_LIMITED", retryAfterSeconds: full.retry, detail: `Too many requests (${full.detail})`, headers: headersFor(requests, limits.requestsPerMinute, now) }];
  }
  if (kind === "create" && state.inProgress.length >= limits.concurrentRenders) {
    // Refused creates still count as requests: a client hammering create is rate limited too.
    const counted = [...requests, now];
    return [
      { ...state, requests: counted, creates, freeTools },
      {
        admitted: false,
        code: "CONCURRENCY_LIMIT",
        retryAfterSeconds: CONCURRENCY_RETRY_SECONDS,
        detail: `${state.inProgress.length} videos are already in progress (the limit is ${limits.concurrentRenders}); retry when one finishes.`,
        headers: headersFor(counted, limits.requestsPerMinute, now),
      },
    ];
  }
  const next: ActorState = {
    ...state,
    requests: [...requests, now],
    creates: kind === "create" ? [...creates, now] : creates,
    freeTools: kind === "free_tool" ? [...freeTools, now] : freeTools,
  };
  return [next, { admitted: true, headers: headersFor(next.requests, limits.requestsPerMinute, now) }];
}

export function transition(state: ActorState, command: Command, now: number): [ActorState, Result] {
  switch (command.type) {
    case "admit":
      return admit(state, command.kind, now);
    case "take_slot":
      if (state.inProgress.includes(command.videoId)) return [state, { slot: "already_held" }];
      return [{ ...state, inProgress: [...state.inProgress, command.videoId] }, { slot: "taken" }];
    case "free_slot":
      if (!state.inProgress.includes(command.videoId)) return [state, { slot: "not_held" }];
      return [{ ...state, inProgress: state.inProgress.filter((id) => id !== command.videoId) }, { slot: "freed" }];
    case "limits_changed":
      return [{ ...state, limits: command.limits }, { ok: true }];
  }
}

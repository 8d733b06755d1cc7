/**
 * The closed set of error codes and the one place that renders them as
 * RFC 9457 problem+json. Request errors carry an HTTP status; video failure
 * codes only ever appear in a video's `error` object and webhooks.
 */

export const REQUEST_ERRORS = {
  MISSING_API_KEY: { status: 401, title: "Missing API key" },
  INVALID_API_KEY: { status: 401, title: "Invalid API key" },
  UNSUPPORTED_TOKEN: { status: 401, title: "Unsupported token" },
  UNAUTHENTICATED: { status: 401, title: "Unauthenticated" },
  SUBSCRIPTION_REQUIRED: { status: 402, title: "Subscription required" },
  INSUFFICIENT_CREDITS: { status: 402, title: "Insufficient credits" },
  INSUFFICIENT_AI_CREDITS: { status: 402, title: "Insufficient AI credits" },
  VIDEO_ALLOWANCE_EXHAUSTED: { status: 402, title: "Video allowance exhausted" },
  CLIPPING_ALLOWANCE_EXHAUSTED: { status: 402, title: "Clipping allowance exhausted" },
  SOFT_CAP_REACHED: { status: 402, title: "Fair-use limit reached" },
  INVALID_INPUT: { status: 400, title: "Invalid input" },
  INVALID_VOICE: { status: 400, title: "Voice not available for this template" },
  UNKNOWN_TEMPLATE: { status: 400, title: "Unknown template" },
  TEMPLATE_NOT_AVAILABLE: { status: 400, title: "Step not available for this template" },
  NARRATION_REQUIRED: { status: 400, title: "Narration required" },
  INVALID_WEBHOOK_URL: { status: 400, title: "Invalid webhook URL" },
  SAFETY_REJECTED: { status: 400, title: "Content refused by safety checks" },
  INVALID_IDEMPOTENCY_KEY: { status: 400, title: "Invalid Idempotency-Key" },
  NOT_FOUND: { status: 404, title: "Not found" },
  IDEMPOTENCY_IN_PROGRESS: { status: 409, title: "Request with this key still running" },
  CANNOT_CANCEL: { status: 409, title: "Video cannot be cancelled" },
  LINK_EXPIRED: { status: 410, title: "Download link expired" },
  IDEMPOTENCY_KEY_REUSED: { status: 422, title: "Idempotency-Key reused with a different body" },
  IMAGE_UNAVAILABLE: { status: 422, title: "Image not usable" },
  INGEST_FAILED: { status: 422, title: "Article could not be read" },
  SOURCE_TOO_SHORT: { status: 422, title: "Article too short for a script" },
  SCRIPT_FAILED: { status: 422, title: "Script could not be written" },
  PACK_FAILED: { status: 422, title: "Quiz questions could not be written" },
  RATE_LIMITED: { status: 429, title: "Too many requests" },
  CONCURRENCY_LIMIT: { status: 429, title: "Too many videos in progress" },
  STREAM_LIMIT: { status: 429, title: "Too many open progress streams" },
  MEDIA_QUOTA_EXCEEDED: { status: 429, title: "Daily own-media quota used" },
  INTERNAL_ERROR: { status: 500, title: "Internal error" },
  UPSTREAM_FAILED: { status: 502, title: "Upstream generation failed" },
  RATE_LIMITER_UNAVAILABLE: { status: 503, title: "Rate limiting unavailable" },
  SERVICE_UNAVAILABLE: { status: 503, title: "Service unavailable" },
} as const satisfies Record<string, { status: number; title: string }>;

export type RequestErrorCode = keyof typeof REQUEST_ERRORS;

/** What a caller should do about each request error; served in the error reference and guides. */
export const REQUEST_ERROR_ADVICE: Record<RequestErrorCode, string> = {
  MISSING_API_KEY: "No bearer header was sent. Send `Authorization: Bearer <API_KEY>`.",
  INVALID_API_KEY: "The key is unknown or revoked. Create a new key.",
  UNSUPPORTED_TOKEN: "The bearer token is not an API key of this service (for example a session JWT). Use an API key.",
  UNAUTHENTICATED: "The request reached an endpoint without an authenticated account (for example the key's account is disabled).",
  SUBSCRIPTION_REQUIRED: "The step needs an active plan. Nothing was charged.",
  INSUFFICIENT_CREDITS: "Not enough credits for the step. Nothing was charged.",
  INSUFFICIENT_AI_CREDITS: "Not enough AI credits. Nothing was charged.",
  VIDEO_ALLOWANCE_EXHAUSTED: "The monthly video allowance is used up. Nothing was charged.",
  CLIPPING_ALLOWANCE_EXHAUSTED: "The monthly clipping minutes are used up. Nothing was charged.",
  SOFT_CAP_REACHED: "The fair-use limit for the period is reached. Nothing was charged.",
  INVALID_INPUT:
    "The body does not match the schema; `errors` names each field. Also sent with status 413 for a body over 2 MB.",
  INVALID_VOICE: "The voice id exists but is not available for this template; see GET /v1/options `voices[].templates`.",
  UNKNOWN_TEMPLATE: "No template with that id; see GET /v1/templates.",
  TEMPLATE_NOT_AVAILABLE: "The template has no such step through the API; the detail names what to call instead.",
  NARRATION_REQUIRED: "The video cannot be rendered without narration for this template.",
  INVALID_WEBHOOK_URL: "`webhookUrl` must be an https URL that resolves to a public address.",
  SAFETY_REJECTED: "Content refused by safety checks; change the topic or text.",
  INVALID_IDEMPOTENCY_KEY: "Idempotency-Key must be 1 to 255 characters.",
  NOT_FOUND: "No such endpoint, or no such video, project or download link on this account.",
  IDEMPOTENCY_IN_PROGRESS: "A request with this key is still running; retry after `Retry-After` seconds.",
  CANNOT_CANCEL: "Only a queued video can be cancelled.",
  LINK_EXPIRED: "The download link is older than 7 days; GET /v1/videos/{id} returns a fresh one.",
  IDEMPOTENCY_KEY_REUSED: "The key was already used with a different body; use a new key for a new request.",
  IMAGE_UNAVAILABLE: "POST /v1/images could not make an image of the URL (not public https, unreachable, over 15 MB, or not an image); the detail says which.",
  INGEST_FAILED: "POST /v1/scripts could not read the article at source.url (not public, unreachable, not HTML, or no article text); the detail says which.",
  SOURCE_TOO_SHORT: "The article or text has under 90 words after extraction; give a longer source.",
  SCRIPT_FAILED: "No script could be written and verified from the source; the detail names what could not be verified.",
  PACK_FAILED:
    "No question pack can be written for the topic. Without an LLM configured (LLM_BASE_URL), POST /v1/videos, POST /v1/scripts and POST /v1/estimate refuse a topic outside the built-in data before anything is queued or charged: `errors[0]` points at `inputs.topic`, and the detail and GET /v1/options `quizTopics` list the topics covered.",
  MEDIA_QUOTA_EXCEEDED: "More than 20 new media URLs today (UTC); URLs imported in the last 30 days are reused without counting. Retry after `Retry-After` seconds.",
  RATE_LIMITED: "Too many requests; wait `Retry-After` seconds.",
  CONCURRENCY_LIMIT: "Three videos are already in progress; retry after `Retry-After` seconds.",
  STREAM_LIMIT:
    "The account already holds its limit of open progress streams (GET /v1/videos/{id}/events; 20 unless the operator set another, GET /v1/me `limits.concurrentStreams`). Close one, or poll GET /v1/videos/{id} meanwhile; retry after `Retry-After` seconds.",
  INTERNAL_ERROR: "Failure on the service side; retry, the same Idempotency-Key is safe. Quote `requestId` when reporting it.",
  UPSTREAM_FAILED: "Script or pack generation failed upstream; retry shortly. Nothing was charged.",
  RATE_LIMITER_UNAVAILABLE: "Rate limiting is briefly unavailable, so the request was refused; retry shortly.",
  SERVICE_UNAVAILABLE: "The video queue is briefly unavailable; nothing was created or charged; retry shortly.",
};

/** Video failure codes and their meaning (the spec's table); each template names the ones it can end with. */
export const FAILURE_CODES = {
  MEDIA_FETCH_FAILED: {
    meaning:
      "Own background or music URL could not be downloaded: not public https, unreachable, refused, over 300 MB (video) / 30 MB (audio), or too slow (under the deployment's floor, 50 KB/s averaged once 10 s have passed unless configured otherwise).",
  },
  MEDIA_INVALID: { meaning: "File at the URL is not usable video or audio." },
  MEDIA_TOO_LONG: { meaning: "File longer than 10 minutes." },
  MEDIA_QUOTA_EXCEEDED: { meaning: "More than 20 new media URLs today." },
  BACKGROUND_UNAVAILABLE: { meaning: "Chosen background video or category has no usable footage." },
  MUSIC_UNAVAILABLE: { meaning: "Music id not in the library." },
  IMAGE_UNAVAILABLE: { meaning: "Avatar or photo id is not a usable image." },
  SCRIPT_FAILED: { meaning: "Script could not be written." },
  PACK_FAILED: { meaning: "Quiz questions could not be written." },
  INGEST_FAILED: { meaning: "Article at the URL could not be read." },
  SOURCE_TOO_SHORT: { meaning: "Article too short for a script." },
  NARRATION_FAILED: { meaning: "Narration could not be recorded." },
  VOICE_TTS_FAILED: { meaning: "Voice provider failed while recording." },
  RENDER_FAILED: { meaning: "Render failed; create the video again." },
  INTERRUPTED: { meaning: "Processing interrupted; create again." },
  CANCELLED: { meaning: "Cancelled while queued." },
} as const satisfies Record<string, { meaning: string }>;

/** Failures of the video lifecycle itself, which every template can end with. */
export const LIFECYCLE_FAILURES = ["RENDER_FAILED", "INTERRUPTED", "CANCELLED"] as const;

export type FailureCode = keyof typeof FAILURE_CODES;

export type Upsell = "subscribe" | "topup" | "none";

export interface FieldIssue {
  path: string;
  message: string;
  code: string;
}

export interface ApiErrorExtras {
  errors?: FieldIssue[];
  upsell?: Upsell;
  retryAfterSeconds?: number;
  /** Overrides the code's status; only INVALID_INPUT uses it (413 for an oversized body). */
  status?: number;
  headers?: Record<string, string>;
}

/**
 * An expected refusal. Services throw it and the HTTP edge (app.ts) renders it as problem+json; pure
 * decisions below them (the limiter's admissions, the plan gates) return refusals as values, which the
 * calling service throws.
 */
export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: RequestErrorCode,
    readonly detail: string,
    readonly extras: ApiErrorExtras = {},
  ) {
    // An ApiError is an answer, not a fault: its stack is never shown, and capturing one is most of what
    // building it costs (a 429 is answered as often as a success).
    const stackTraceLimit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(`${code}: ${detail}`);
    Error.stackTraceLimit = stackTraceLimit;
    this.status = extras.status ?? REQUEST_ERRORS[code].status;
  }
}

export interface ProblemContext {
  errorsUrl: string;
  plansUrl: string;
  requestId: string;
}

export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: RequestErrorCode;
  errors?: FieldIssue[];
  /** How many further failing fields were left out of `errors` (present only when some were). */
  errorsOmitted?: number;
  upsell?: Upsell;
  plansUrl?: string;
  requestId?: string;
}

/**
 * Bounds of a problem body: however many fields fail, the answer stays small (a few tens of KB), so a
 * crafted body cannot make the service build, send or store a huge refusal.
 */
export const PROBLEM_LIMITS = { maxErrors: 100, maxDetailChars: 2000, maxFieldChars: 300 } as const;

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function boundedIssues(problem: Problem, issues: FieldIssue[]): void {
  const { maxErrors, maxFieldChars } = PROBLEM_LIMITS;
  problem.errors = issues.slice(0, maxErrors).map((i) => ({ path: clip(i.path, maxFieldChars), message: clip(i.message, maxFieldChars), code: clip(i.code, 40) }));
  if (issues.length > maxErrors) problem.errorsOmitted = issues.length - maxErrors;
}

export function toProblem(error: ApiError, ctx: ProblemContext): Problem {
  const problem: Problem = {
    type: `${ctx.errorsUrl}#${error.code}`,
    title: REQUEST_ERRORS[error.code].title,
    status: error.status,
    detail: clip(error.detail, PROBLEM_LIMITS.maxDetailChars),
    code: error.code,
  };
  if (error.code === "INVALID_INPUT") boundedIssues(problem, error.extras.errors ?? []);
  else if (error.extras.errors) boundedIssues(problem, error.extras.errors);
  if (error.status === 402) {
    problem.upsell = error.extras.upsell ?? "none";
    problem.plansUrl = ctx.plansUrl;
  }
  if (error.status >= 500) problem.requestId = ctx.requestId;
  return problem;
}

export function problemResponse(error: ApiError, ctx: ProblemContext, headers: Record<string, string> = {}): Response {
  // One plain object: a 429 is answered as often as a success, and each Headers.set is a call into the server.
  const h: Record<string, string> = { "content-type": "application/problem+json", ...headers, ...error.extras.headers };
  if (error.status === 401) h["www-authenticate"] = 'Bearer realm="api"';
  if (error.extras.retryAfterSeconds !== undefined) h["retry-after"] = String(error.extras.retryAfterSeconds);
  return new Response(JSON.stringify(toProblem(error, ctx)), { status: error.status, headers: h });
}

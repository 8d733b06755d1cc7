import type { components, operations } from "./openapi.ts";
import { readSse } from "./sse.ts";

type Schemas = components["schemas"];
type JsonOf<R> = R extends { content: { "application/json": infer B } } ? B : never;
/** The JSON body of an operation's 2xx answer, as the served OpenAPI document describes it. */
export type Result<Op extends keyof operations> = operations[Op]["responses"] extends infer R
  ? { [S in keyof R]: S extends 200 | 201 | 202 ? JsonOf<R[S]> : never }[keyof R]
  : never;
/** The JSON request body of an operation. */
export type Body<Op extends keyof operations> = operations[Op] extends { requestBody?: { content: { "application/json": infer B } } } ? B : never;

export type Video = Schemas["Video"];
export type VideoStatus = Video["status"];
export type Problem = Schemas["Problem"];
export type Template = Result<"listTemplates">[number];
export type CreateVideoRequest = Body<"createVideo">;

export const TERMINAL_STATUSES: readonly VideoStatus[] = ["completed", "failed", "cancelled"];
export const isTerminal = (video: Pick<Video, "status">) => TERMINAL_STATUSES.includes(video.status);

/** A refusal from the service: the problem+json body, its HTTP status and Retry-After when sent. */
export class ShortvidError extends Error {
  constructor(
    readonly status: number,
    readonly problem: Problem,
    readonly retryAfterSeconds: number | undefined,
  ) {
    super(`${problem.code} (${status}): ${problem.detail}`);
    this.name = "ShortvidError";
  }

  get code(): string {
    return this.problem.code;
  }
}

export type FetchLike = (request: Request) => Promise<Response>;

export interface ClientOptions {
  /** Service address; default `SHORTVID_URL`, else http://localhost:3000. */
  baseUrl?: string;
  /** API key; default `SHORTVID_API_KEY`. Public routes work without one. */
  apiKey?: string;
  /** Sends every request (default: the global fetch). The service's own MCP endpoint passes its router here. */
  fetch?: FetchLike;
  /** How many times a 429 or 503 is retried after its Retry-After (default 3). */
  retries?: number;
  /** A Retry-After longer than this (seconds) is not waited for: the refusal is thrown (default 60). */
  maxRetryAfterSeconds?: number;
  /** Poll interval when the service has no progress stream (default 3000 ms: 20 of the 60 requests a minute). */
  pollIntervalMs?: number;
  /** Extra headers on every request. */
  headers?: Record<string, string>;
}

export interface CallOptions {
  signal?: AbortSignal;
  /** POST only. Default: a fresh random key, so retries of this call are safe; `null` sends none. */
  idempotencyKey?: string | null;
}

const env = (name: string): string | undefined => (typeof process === "undefined" ? undefined : process.env[name]) || undefined;

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(done, ms);
    function done() {
      signal?.removeEventListener("abort", abort);
      resolve();
    }
    function abort() {
      clearTimeout(timer);
      reject(signal!.reason);
    }
    signal?.addEventListener("abort", abort, { once: true });
  });
}

function retryAfterOf(response: Response): number | undefined {
  const value = response.headers.get("retry-after");
  if (value === null) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, (date - Date.now()) / 1000);
}

async function problemOf(response: Response): Promise<ShortvidError> {
  const text = await response.text();
  let problem: Problem;
  try {
    problem = JSON.parse(text) as Problem;
    if (typeof problem?.code !== "string") throw new Error("not a problem");
  } catch {
    problem = { type: "about:blank", title: response.statusText, status: response.status, detail: text.slice(0, 500), code: "INTERNAL_ERROR" } as Problem;
  }
  return new ShortvidError(response.status, problem, retryAfterOf(response));
}

/** The problem of a progress stream's `error` event, as the refusal it reports. */
function streamProblem(data: string): ShortvidError {
  let problem: Problem;
  try {
    problem = JSON.parse(data) as Problem;
    if (typeof problem?.code !== "string" || typeof problem.status !== "number") throw new Error("not a problem");
  } catch {
    problem = { type: "about:blank", title: "Stream ended", status: 500, detail: data.slice(0, 500), code: "INTERNAL_ERROR" } as Problem;
  }
  return new ShortvidError(problem.status, problem, undefined);
}

const changed = (a: Video | undefined, b: Video) => !a || a.status !== b.status || a.stage !== b.stage || a.progress !== b.progress;

/** The API as typed functions. Every answer type comes from the served OpenAPI document (openapi.ts). */
export class ShortvidClient {
  readonly baseUrl: string;
  private readonly send: FetchLike;
  private readonly settings: ClientOptions;

  constructor(options: ClientOptions = {}) {
    this.settings = options;
    this.baseUrl = (options.baseUrl ?? env("SHORTVID_URL") ?? "http://localhost:3000").replace(/\/+$/, "");
    this.send = options.fetch ?? ((request) => fetch(request));
  }

  private headers(extra: Record<string, string> = {}): Headers {
    const headers = new Headers({ accept: "application/json", ...this.settings.headers, ...extra });
    const key = this.settings.apiKey ?? env("SHORTVID_API_KEY");
    if (key && !headers.has("authorization")) headers.set("authorization", `Bearer ${key}`);
    return headers;
  }

  /**
   * One call, retried on 429 and 503 after Retry-After (the same Idempotency-Key each time). Answers
   * other than 2xx are thrown as ShortvidError, except the statuses in `pass`.
   */
  async request(
    method: "GET" | "POST" | "PATCH",
    path: string,
    init: CallOptions & { body?: unknown; query?: Record<string, string | number | undefined>; headers?: Record<string, string>; pass?: number[] } = {},
  ): Promise<Response> {
    const url = new URL(this.baseUrl + path);
    for (const [name, value] of Object.entries(init.query ?? {})) if (value !== undefined) url.searchParams.set(name, String(value));
    const headers = this.headers(init.headers);
    if (method !== "GET") headers.set("content-type", "application/json");
    // A PATCH replaces what it names, so repeating it is safe without a key; one given is sent.
    if (method === "POST") {
      const key = init.idempotencyKey === undefined ? crypto.randomUUID() : init.idempotencyKey;
      if (key !== null) headers.set("idempotency-key", key);
    } else if (method === "PATCH" && typeof init.idempotencyKey === "string") headers.set("idempotency-key", init.idempotencyKey);
    const body = method === "GET" ? undefined : JSON.stringify(init.body ?? {});
    const retries = this.settings.retries ?? 3;
    for (let attempt = 0; ; attempt++) {
      const response = await this.send(new Request(url.href, { method, headers, body, signal: init.signal }));
      if (response.ok || init.pass?.includes(response.status)) return response;
      const error = await problemOf(response);
      const wait = error.retryAfterSeconds ?? 2 ** attempt;
      if ((response.status === 429 || response.status === 503) && attempt < retries && wait <= (this.settings.maxRetryAfterSeconds ?? 60)) {
        await sleep(wait * 1000, init.signal);
        continue;
      }
      throw error;
    }
  }

  private async json<T>(method: "GET" | "POST" | "PATCH", path: string, init: Parameters<ShortvidClient["request"]>[2] = {}): Promise<T> {
    return (await (await this.request(method, path, init)).json()) as T;
  }

  private async text(path: string, signal?: AbortSignal): Promise<string> {
    return (await this.request("GET", path, { signal, headers: { accept: "text/plain" } })).text();
  }

  me(options: CallOptions = {}) {
    return this.json<Result<"getMe">>("GET", "/v1/me", options);
  }
  templates(options: CallOptions = {}) {
    return this.json<Result<"listTemplates">>("GET", "/v1/templates", options);
  }
  options(options: CallOptions = {}) {
    return this.json<Result<"getOptions">>("GET", "/v1/options", options);
  }
  estimate(body: Body<"estimate">, options: CallOptions = {}) {
    return this.json<Result<"estimate">>("POST", "/v1/estimate", { ...options, body });
  }
  writeScript(body: Body<"createScript">, options: CallOptions = {}) {
    return this.json<Result<"createScript">>("POST", "/v1/scripts", { ...options, body });
  }
  /** PATCH /v1/scripts/{projectId}: saves your own version of a written script or quiz pack. */
  editScript(projectId: string, body: Body<"editScript">, options: CallOptions = {}) {
    return this.json<Result<"editScript">>("PATCH", `/v1/scripts/${encodeURIComponent(projectId)}`, { ...options, body });
  }
  preview(body: Body<"createPreview">, options: CallOptions = {}) {
    return this.json<Result<"createPreview">>("POST", "/v1/previews", { ...options, body });
  }
  createVideo(body: CreateVideoRequest, options: CallOptions = {}) {
    return this.json<Video>("POST", "/v1/videos", { ...options, body });
  }
  getVideo(id: string, options: CallOptions = {}) {
    return this.json<Video>("GET", `/v1/videos/${encodeURIComponent(id)}`, options);
  }
  listVideos(query: { limit?: number; cursor?: string } = {}, options: CallOptions = {}) {
    return this.json<Result<"listVideos">>("GET", "/v1/videos", { ...options, query });
  }
  cancelVideo(id: string, options: CallOptions = {}) {
    return this.json<Video>("POST", `/v1/videos/${encodeURIComponent(id)}/cancel`, options);
  }
  /** GET /v1/llms.txt: the guide to the whole API. */
  guide(options: CallOptions = {}) {
    return this.text("/v1/llms.txt", options.signal);
  }
  /** GET /v1/templates/{id}.txt: one template's guide. */
  templateGuide(id: string, options: CallOptions = {}) {
    return this.text(`/v1/templates/${encodeURIComponent(id)}.txt`, options.signal);
  }
  openapi(options: CallOptions = {}) {
    return this.json<Record<string, unknown>>("GET", "/v1/openapi.json", options);
  }

  /**
   * A public file link (`downloadUrl`, a `files` link), its redirects followed here so any `fetch`
   * works; no key is sent. Returns the file's response, body unread.
   */
  async download(link: string, options: CallOptions = {}): Promise<Response> {
    let url = new URL(link, this.baseUrl);
    for (let hop = 0; hop < 5; hop++) {
      const response = await this.send(new Request(url.href, { redirect: "manual", signal: options.signal }));
      const location = response.headers.get("location");
      if (response.status >= 300 && response.status < 400 && location) {
        await response.body?.cancel();
        url = new URL(location, url);
        continue;
      }
      if (!response.ok) throw await problemOf(response);
      return response;
    }
    throw new Error(`too many redirects from ${link}`);
  }

  /**
   * The video at every change of status, stage or progress, ending with its terminal state. Reads the
   * progress stream (GET /v1/videos/{id}/events, one request however long), resuming with Last-Event-ID
   * when the connection drops; a service without the stream is polled instead. A stream the service
   * ends with an `error` event (its key was revoked, its account disabled) throws that problem.
   */
  async *watchVideo(id: string, options: { signal?: AbortSignal } = {}): AsyncGenerator<Video> {
    const { signal } = options;
    let lastEventId: string | undefined;
    let last: Video | undefined;
    while (!signal?.aborted) {
      const response = await this.request("GET", `/v1/videos/${encodeURIComponent(id)}/events`, {
        signal,
        headers: { accept: "text/event-stream", ...(lastEventId ? { "last-event-id": lastEventId } : {}) },
        pass: [404],
      });
      if (response.status === 404) {
        await response.body?.cancel();
        // An unknown video throws NOT_FOUND here; a known one means the service has no stream.
        yield* this.pollVideo(await this.getVideo(id, { signal }), signal);
        return;
      }
      let events = 0;
      for await (const event of readSse(response.body!, signal)) {
        lastEventId = event.id ?? lastEventId;
        // The service ended the stream for a reason a reconnection would meet too (a revoked key).
        if (event.event === "error") throw streamProblem(event.data);
        if (event.event !== "video") continue;
        events++;
        const video = JSON.parse(event.data) as Video;
        if (changed(last, video) || isTerminal(video)) yield video;
        last = video;
        if (isTerminal(video)) return;
      }
      // The stream closed before a terminal state (a proxy, a restart): resume, not in a tight loop.
      if (events === 0) await sleep(1000, signal).catch(() => {});
    }
  }

  private async *pollVideo(first: Video, signal: AbortSignal | undefined): AsyncGenerator<Video> {
    let last = first;
    yield first;
    while (!isTerminal(last)) {
      await sleep(this.settings.pollIntervalMs ?? 3000, signal);
      const video = await this.getVideo(first.id, { signal });
      if (changed(last, video)) yield video;
      last = video;
    }
  }

  /** Waits for a terminal state (completed, failed or cancelled); `onUpdate` sees every change. */
  async waitForVideo(id: string, options: { signal?: AbortSignal; timeoutMs?: number; onUpdate?: (video: Video) => void } = {}): Promise<Video> {
    const signals = [options.signal, options.timeoutMs === undefined ? undefined : AbortSignal.timeout(options.timeoutMs)].filter((s) => s !== undefined);
    const signal = signals.length > 0 ? AbortSignal.any(signals) : undefined;
    let last: Video | undefined;
    for await (const video of this.watchVideo(id, { signal })) {
      options.onUpdate?.(video);
      last = video;
      if (isTerminal(video)) return video;
    }
    if (signal?.aborted) throw signal.reason;
    throw new Error(`the progress stream of ${id} ended at ${last?.status ?? "no state"}`);
  }

  /**
   * The video once its status, stage or progress differs from what it is now, or at once when it has
   * ended; after `waitMs` without a change, the video as it is then.
   */
  async nextChange(id: string, waitMs: number, options: { signal?: AbortSignal } = {}): Promise<Video> {
    const timeout = AbortSignal.timeout(waitMs);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    let first: Video | undefined;
    let last: Video | undefined;
    try {
      for await (const video of this.watchVideo(id, { signal })) {
        if (!first) first = video;
        last = video;
        if (isTerminal(video) || video !== first) return video;
      }
    } catch (error) {
      if (!timeout.aborted || options.signal?.aborted) throw error;
    }
    return last ?? (await this.getVideo(id, options));
  }
}

export function createClient(options: ClientOptions = {}): ShortvidClient {
  return new ShortvidClient(options);
}

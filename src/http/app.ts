import { Elysia } from "elysia";
import type { Admission } from "../../actors/account-actor.ts";
import { rateHeaders, refusalError } from "../../actors/limiter.ts";
import { type AuthContext, authenticate } from "../auth/authenticate.ts";
import type { AppDeps } from "./deps.ts";
import { ApiError, problemResponse } from "../kernel/errors.ts";
import { readJsonBody } from "./body.ts";
import { hasForbiddenCharacters } from "./body-shape.ts";
import { bodyJson } from "../kernel/frozen-json.ts";
import { clientAddress } from "./client-address.ts";
import { readIdempotencyKey } from "../idempotency/keys.ts";
import { routeByRequestLine } from "./request-path.ts";
import { runIdempotent } from "../idempotency/run.ts";
import { type RouteContext, type RouteDef, type RouteResult, toRouterPath } from "./route.ts";
import { andThen } from "../kernel/and-then.ts";
import { newId } from "../kernel/ids.ts";
import { allRoutes } from "./routes/all.ts";

/** A route's JSON answer with every header in one object: each later `headers.set` costs a call into the server. */
function jsonResponse(result: RouteResult, requestId: string, limitHeaders: Record<string, string>): Response {
  const headers = { "content-type": "application/json; charset=utf-8", ...limitHeaders, ...result.headers, "x-request-id": requestId };
  return new Response(bodyJson(result.body), { status: result.status ?? 200, headers });
}

/** A Response a route built itself, with the request id and the rate headers it did not set. */
function withRequestHeaders(response: Response, requestId: string, limitHeaders: Record<string, string>): Response {
  response.headers.set("x-request-id", requestId);
  for (const name in limitHeaders) if (!response.headers.has(name)) response.headers.set(name, limitHeaders[name]!);
  return response;
}

const NO_HEADERS: Record<string, string> = Object.freeze({}) as Record<string, string>;

/** A route's result as the Response sent, with the request's headers. */
function toResponse(result: Response | RouteResult, requestId: string, limitHeaders: Record<string, string>): Response {
  return result instanceof Response ? withRequestHeaders(result, requestId, limitHeaders) : jsonResponse(result, requestId, limitHeaders);
}

/** `response`, counted in its route's metrics with the time since `started` (performance.now()). */
function recorded(record: (status: number, seconds: number) => void, response: Response, started: number): Response {
  record(response.status, (performance.now() - started) / 1000);
  return response;
}

/** Shared by every request without a query: no route changes the query it is given. */
const NO_QUERY = new URLSearchParams();

/** The query of a request's URL; most requests have none, and theirs is not parsed at all. */
function queryOf(url: string): URLSearchParams {
  const start = url.indexOf("?");
  if (start < 0) return NO_QUERY;
  const fragment = url.indexOf("#", start);
  return new URLSearchParams(url.slice(start + 1, fragment < 0 ? undefined : fragment));
}

const COMMON_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** Runs before the router on every request, over HTTP or handed in: the router then sees the request line's path. */
const routedByRequestLine = (route: (...args: unknown[]) => Function, request: Request) => {
  routeByRequestLine(request);
  return route;
};

/** A path parameter as the caller meant it (the router may hand it over still percent-encoded). */
function safeDecode(value: string): string {
  // Ids are plain: without a percent sign there is nothing to decode.
  if (!value.includes("%")) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** Builds the Elysia app without listening; tests drive it with `app.handle(new Request(...))`. */
export function createApp(deps: AppDeps, routes: readonly RouteDef[] = allRoutes(deps.templates)) {
  const problemContext = (requestId: string) => ({ errorsUrl: deps.config.errorsUrl, plansUrl: deps.config.plansUrl, requestId });

  // The rate headers go on every answer, refusals included; an error's own headers (a 429's) win.
  const fail = (error: unknown, requestId: string, request: Request, limitHeaders = NO_HEADERS): Response => {
    if (error instanceof ApiError) {
      return problemResponse(error, problemContext(requestId), { ...limitHeaders, "x-request-id": requestId });
    }
    deps.log.error("unhandled error", {
      requestId,
      method: request.method,
      path: new URL(request.url).pathname,
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
    const internal = new ApiError("INTERNAL_ERROR", `The service failed while handling the request. Request id: ${requestId}.`);
    return problemResponse(internal, problemContext(requestId), { ...limitHeaders, "x-request-id": requestId });
  };

  /** The rate headers of an admitted request, or its refusal (returned, not thrown: a 429 is as common as a success). */
  const admitted = (admission: Admission): Record<string, string> | ApiError => refusalError(admission) ?? rateHeaders(admission);
  /** Requests a route sends through the router as part of its own (an MCP message's tool calls): the minute counted them with it. */
  const partOfCounted = new WeakSet<Request>();
  // Most decisions are made at once from memory: they are not awaited (an await always yields).
  const admit = (route: RouteDef, request: Request, auth: RouteContext["auth"]): Record<string, string> | ApiError | Promise<Record<string, string> | ApiError> => {
    if (route.rate === "unlimited") return NO_HEADERS;
    if (!auth) return andThen(deps.limiter.admitAddress(clientAddress(request)), admitted);
    // Inside a counted request only a free tool's own windows are left to count.
    if (partOfCounted.has(request)) return route.rate === "free_tool" ? andThen(deps.limiter.admitAccount(auth.account, "free_tool_within"), admitted) : NO_HEADERS;
    return andThen(deps.limiter.admitAccount(auth.account, route.rate ?? "read"), admitted);
  };

  const authenticated = (request: Request, result: AuthContext | ApiError): AuthContext => {
    if (result instanceof ApiError) {
      deps.limiter.recordFailedAuth(clientAddress(request));
      throw result;
    }
    return result;
  };
  /** The route's caller: none on a public route; the refusal is thrown. */
  const authenticateFor = (route: RouteDef, request: Request): RouteContext["auth"] | Promise<RouteContext["auth"]> => {
    if (route.auth !== "key") return undefined;
    // The address is looked up only when some address has failed lately.
    const blocked = deps.limiter.anyFailedAuth ? deps.limiter.failedAuthRefusal(clientAddress(request)) : undefined;
    if (blocked) throw blocked;
    const found = authenticate(deps, request.headers.get("authorization"));
    return found instanceof Promise ? found.then((result) => authenticated(request, result)) : authenticated(request, found);
  };

  /** The route's own answer, with the request's headers; what it throws becomes its problem answer. */
  const answer = (route: RouteDef, ctx: RouteContext, limitHeaders: Record<string, string>): Response | Promise<Response> => {
    try {
      const handled = route.handle(ctx, deps);
      if (!(handled instanceof Promise)) return toResponse(handled, ctx.requestId, limitHeaders);
      return handled.then((result) => toResponse(result, ctx.requestId, limitHeaders)).catch((error: unknown) => fail(error, ctx.requestId, ctx.request, limitHeaders));
    } catch (error) {
      return fail(error, ctx.requestId, ctx.request, limitHeaders);
    }
  };

  /** An admitted request: its ids checked and its body read. */
  const proceed = (route: RouteDef, request: Request, params: Record<string, string>, requestId: string, auth: RouteContext["auth"], limitHeaders: Record<string, string>) => {
    // No id holds a control character or a lone surrogate: such a path names nothing (and never reaches a query).
    // The router gives null for a segment it could not decode: that names nothing either.
    for (const name in params) {
      const value = params[name];
      if (typeof value !== "string" || hasForbiddenCharacters(safeDecode(value))) throw new ApiError("NOT_FOUND", "No such resource: its id holds a control character.");
    }
    const idempotencyKey = route.idempotent ? readIdempotencyKey(request.headers) : undefined;
    const ctx: RouteContext = { request, params, query: NO_QUERY, requestId, auth, body: undefined, idempotencyKey, dispatch };
    // A GET has no body to wait for: it goes on at once, without a closure.
    if (route.method !== "POST") return withBody(route, ctx, limitHeaders);
    return readJsonBody(request).then((body) => {
      ctx.body = body;
      return withBody(route, ctx, limitHeaders);
    });
  };

  /** An admitted request with its body read: its query checked, then answered (once per idempotency key). */
  const withBody = (route: RouteDef, ctx: RouteContext, limitHeaders: Record<string, string>) => {
    const { request, requestId, auth, idempotencyKey } = ctx;
    const query = queryOf(request.url);
    if (query !== NO_QUERY) {
      for (const [name, value] of query) {
        if (hasForbiddenCharacters(name) || hasForbiddenCharacters(value)) {
          throw new ApiError("INVALID_INPUT", `Query parameter ${JSON.stringify(name).slice(0, 60)} contains a control character or an unpaired surrogate.`, {
            errors: [{ path: `query.${JSON.stringify(name).slice(1, -1).slice(0, 60)}`, message: "must not contain control characters or unpaired surrogates", code: "invalid_characters" }],
          });
        }
      }
      ctx.query = query;
    }
    if (!idempotencyKey || !auth) return answer(route, ctx, limitHeaders);
    const replay = route.replayResource;
    return runIdempotent({
      db: deps.database.db,
      accountId: auth.account.id,
      key: idempotencyKey,
      method: route.method,
      path: new URL(request.url).pathname,
      body: ctx.body,
      now: deps.now(),
      respond: async () => answer(route, ctx, limitHeaders),
      replayResource: replay && ((id) => replay(id, deps, auth)),
    }).then((response) => withRequestHeaders(response, requestId, limitHeaders)); // a replay was stored without this request's headers
  };

  /**
   * One request from its route to its answer. Every step memory can take (the key from the cache, the
   * rate decision, a cached read) is taken at once, so a request answered from memory returns its
   * Response without a promise: Bun serves such an answer for 3-5 us less than one that comes later.
   * A step that needs I/O goes on when it is done. Whatever a step throws becomes a problem answer.
   */
  const run = (route: RouteDef, suffixes: Record<string, string> | undefined, request: Request, params: Record<string, string>): Response | Promise<Response> => {
    const requestId = newId("req");
    try {
      if (suffixes) {
        for (const name in suffixes) {
          const suffix = suffixes[name]!;
          const value = params[name] ?? "";
          if (!value.endsWith(suffix)) throw new ApiError("NOT_FOUND", `No endpoint at ${new URL(request.url).pathname}.`);
          params[name] = value.slice(0, -suffix.length);
        }
      }
      // Each step goes on at once when the one before was decided from memory (no closure, no promise).
      const auth = authenticateFor(route, request);
      if (!(auth instanceof Promise)) return admitThenAnswer(route, request, params, requestId, auth);
      return auth.then((found) => admitThenAnswer(route, request, params, requestId, found)).catch((error: unknown) => fail(error, requestId, request));
    } catch (error) {
      return fail(error, requestId, request);
    }
  };

  /** An authenticated request (or a public one), admitted or refused by the limiter. */
  const admitThenAnswer = (route: RouteDef, request: Request, params: Record<string, string>, requestId: string, auth: RouteContext["auth"]): Response | Promise<Response> => {
    const admitted = admit(route, request, auth);
    if (!(admitted instanceof Promise)) return answerAdmitted(route, request, params, requestId, auth, admitted);
    return admitted.then((headers) => answerAdmitted(route, request, params, requestId, auth, headers)).catch((error: unknown) => fail(error, requestId, request));
  };

  /** The limiter's answer: a refusal, or the rate headers every answer of the request carries (its problems too). */
  const answerAdmitted = (route: RouteDef, request: Request, params: Record<string, string>, requestId: string, auth: RouteContext["auth"], headers: Record<string, string> | ApiError): Response | Promise<Response> => {
    if (headers instanceof ApiError) return fail(headers, requestId, request);
    try {
      const answered = proceed(route, request, params, requestId, auth, headers);
      return answered instanceof Promise ? answered.catch((error: unknown) => fail(error, requestId, request, headers)) : answered;
    } catch (error) {
      return fail(error, requestId, request, headers);
    }
  };

  const dispatch = (inner: Request) => {
    partOfCounted.add(inner);
    return app.handle(inner);
  };
  const unmatched = new Map([...COMMON_METHODS].map((method) => [method, deps.recorder.requests(method, "unmatched")]));
  const unmatchedOther = deps.recorder.requests("other", "unmatched");
  const app = new Elysia().wrap(routedByRequestLine).onError(({ code, error, request }) => {
    const requestId = newId("req");
    if (code === "NOT_FOUND") {
      const path = new URL(request.url).pathname;
      const response = fail(new ApiError("NOT_FOUND", `No endpoint ${request.method} ${path}.`), requestId, request);
      // One series for every unknown path (and unknown method): a raw path as a label would let callers mint series.
      (unmatched.get(request.method) ?? unmatchedOther)(response.status, 0);
      return response;
    }
    return fail(error, requestId, request);
  });

  for (const route of routes) {
    const { path, suffixes } = toRouterPath(route.path);
    // Only a route with suffixed parameters changes its params: the others use the router's object as it is.
    const suffixed = Object.keys(suffixes).length > 0 ? suffixes : undefined;
    const record = deps.recorder.requests(route.method, route.path);
    app.route(
      route.method,
      path,
      ({ request, params }) => {
        const started = performance.now();
        const answered = run(route, suffixed, request, suffixed ? { ...(params as Record<string, string>) } : (params as Record<string, string>));
        return answered instanceof Promise ? answered.then((response) => recorded(record, response, started)) : recorded(record, answered, started);
      },
      { parse: "none" },
    );
  }
  return app;
}

export type App = ReturnType<typeof createApp>;

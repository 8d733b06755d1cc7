import { Elysia } from "elysia";
import { newId } from "../kernel/ids.ts";
import { ApiError } from "../kernel/errors.ts";
import type { AppDeps } from "./deps.ts";
import { routeByRequestLine } from "./request-path.ts";
import { NO_QUERY, stepsFor } from "./request-steps.ts";
import { type RouteDef, toRouterPath } from "./route.ts";
import { allRoutes } from "./routes/all.ts";
import { NO_HEADERS, problemFor, type RequestState, runSteps } from "./run-steps.ts";

const COMMON_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** Runs before the router on every request, over HTTP or handed in: the router then sees the request line's path. */
const routedByRequestLine = (route: (...args: unknown[]) => Function, request: Request) => {
  routeByRequestLine(request);
  return route;
};

/**
 * Builds the Elysia app without listening; tests drive it with `app.handle(new Request(...))`. Each route
 * runs its steps (request-steps.ts) over one request state; runSteps answers, and turns what a step
 * throws into problem+json.
 */
export function createApp(deps: AppDeps, routes: readonly RouteDef[] = allRoutes(deps.templates)) {
  /** Requests a route sends through the router as part of its own (an MCP message's tool calls): the minute counted them with it. */
  const partOfCounted = new WeakSet<Request>();
  const dispatch = (inner: Request) => {
    partOfCounted.add(inner);
    return app.handle(inner);
  };

  const unmatched = new Map([...COMMON_METHODS].map((method) => [method, deps.recorder.requests(method, "unmatched")]));
  const unmatchedOther = deps.recorder.requests("other", "unmatched");
  const app = new Elysia().wrap(routedByRequestLine).onError(({ code, error, request }) => {
    const state = { deps, request, requestId: newId("req"), limitHeaders: NO_HEADERS };
    if (code !== "NOT_FOUND") return problemFor(error, state);
    const response = problemFor(new ApiError("NOT_FOUND", `No endpoint ${request.method} ${new URL(request.url).pathname}.`), state);
    // One series for every unknown path (and unknown method): a raw path as a label would let callers mint series.
    (unmatched.get(request.method) ?? unmatchedOther)(response.status, 0);
    return response;
  });

  for (const route of routes) {
    app.route(route.method, toRouterPath(route.path).path, routeRunner(deps, route, partOfCounted, dispatch), { parse: "none" });
  }
  return app;
}

export type App = ReturnType<typeof createApp>;

/**
 * What the router calls for `route`: its steps over a fresh request state. A request answered from
 * memory gets its Response back without a promise (test/integration/fast-path.test.ts holds it).
 */
export function routeRunner(
  deps: AppDeps,
  route: RouteDef,
  partOfCounted: { has(request: Request): boolean },
  dispatch: (request: Request) => Promise<Response>,
): (context: { request: Request; params: unknown }) => Response | Promise<Response> {
  const { suffixes } = toRouterPath(route.path);
  // Only a route with suffixed parameters changes its params: the others use the router's object as it is.
  const suffixed = Object.keys(suffixes).length > 0 ? suffixes : undefined;
  const steps = stepsFor(route, suffixed);
  const record = deps.recorder.requests(route.method, route.path);
  return ({ request, params }) => {
    const state: RequestState = {
      deps,
      route,
      request,
      params: suffixed ? { ...(params as Record<string, string>) } : (params as Record<string, string>),
      query: NO_QUERY,
      requestId: newId("req"),
      auth: undefined,
      body: undefined,
      idempotencyKey: undefined,
      limitHeaders: NO_HEADERS,
      partOfCounted: partOfCounted.has(request),
      started: performance.now(),
      record,
      dispatch,
    };
    return runSteps(steps, state);
  };
}

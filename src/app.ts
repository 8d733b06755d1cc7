import { Elysia } from "elysia";
import { rateHeaders, refusalError } from "../actors/limiter.ts";
import { authenticate } from "./auth/authenticate.ts";
import type { AppDeps } from "./deps.ts";
import { ApiError, problemResponse } from "./errors.ts";
import { readJsonBody } from "./http/body.ts";
import { hasForbiddenCharacters } from "./http/body-shape.ts";
import { clientAddress } from "./http/client-address.ts";
import { readIdempotencyKey } from "./idempotency/keys.ts";
import { runIdempotent } from "./idempotency/run.ts";
import { type RouteContext, type RouteDef, type RouteResult, toRouterPath } from "./http/route.ts";
import { newId } from "./ids.ts";
import { allRoutes } from "./routes.ts";

function jsonResponse(result: RouteResult, requestId: string): Response {
  const headers = new Headers({ "content-type": "application/json; charset=utf-8", ...result.headers });
  headers.set("x-request-id", requestId);
  return new Response(JSON.stringify(result.body), { status: result.status ?? 200, headers });
}

const COMMON_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** A path parameter as the caller meant it (the router may hand it over still percent-encoded). */
function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** Builds the Elysia app without listening; tests drive it with `app.handle(new Request(...))`. */
export function createApp(deps: AppDeps, routes: readonly RouteDef[] = allRoutes(deps.templates)) {
  const problemContext = (requestId: string) => ({ errorsUrl: deps.config.errorsUrl, plansUrl: deps.config.plansUrl, requestId });

  const fail = (error: unknown, requestId: string, request: Request): Response => {
    if (error instanceof ApiError) {
      return problemResponse(error, problemContext(requestId), { "x-request-id": requestId });
    }
    deps.log.error("unhandled error", {
      requestId,
      method: request.method,
      path: new URL(request.url).pathname,
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
    const internal = new ApiError("INTERNAL_ERROR", `The service failed while handling the request. Request id: ${requestId}.`);
    return problemResponse(internal, problemContext(requestId), { "x-request-id": requestId });
  };

  const toResponse = (result: Response | RouteResult, requestId: string) => {
    if (!(result instanceof Response)) return jsonResponse(result, requestId);
    result.headers.set("x-request-id", requestId);
    return result;
  };

  const admit = async (route: RouteDef, request: Request, auth: RouteContext["auth"]) => {
    if (route.rate === "unlimited") return {};
    const admission = auth
      ? await deps.limiter.admitAccount(auth.account, route.rate ?? "read")
      : await deps.limiter.admitAddress(clientAddress(request));
    const refusal = refusalError(admission);
    if (refusal) throw refusal;
    return rateHeaders(admission);
  };

  const run = async (route: RouteDef, suffixes: Record<string, string>, request: Request, params: Record<string, string>) => {
    const requestId = newId("req");
    let limitHeaders: Record<string, string> = {};
    const withLimits = (response: Response) => {
      for (const [name, value] of Object.entries(limitHeaders)) if (!response.headers.has(name)) response.headers.set(name, value);
      return response;
    };
    try {
      for (const [name, suffix] of Object.entries(suffixes)) {
        const value = params[name] ?? "";
        if (!value.endsWith(suffix)) throw new ApiError("NOT_FOUND", `No endpoint at ${new URL(request.url).pathname}.`);
        params[name] = value.slice(0, -suffix.length);
      }
      let auth: RouteContext["auth"];
      if (route.auth === "key") {
        const address = clientAddress(request);
        const blocked = deps.limiter.failedAuthRefusal(address);
        if (blocked) throw blocked;
        const result = await authenticate(deps, request.headers.get("authorization"));
        if (result instanceof ApiError) {
          deps.limiter.recordFailedAuth(address);
          throw result;
        }
        auth = result;
      }
      limitHeaders = await admit(route, request, auth);
      // No id holds a control character or a lone surrogate: such a path names nothing (and never reaches a query).
      for (const value of Object.values(params)) {
        if (hasForbiddenCharacters(safeDecode(value))) throw new ApiError("NOT_FOUND", "No such resource: its id holds a control character.");
      }
      const idempotencyKey = route.idempotent ? readIdempotencyKey(request.headers) : undefined;
      const body = route.method === "POST" ? await readJsonBody(request) : undefined;
      const url = new URL(request.url);
      for (const [name, value] of url.searchParams) {
        if (hasForbiddenCharacters(name) || hasForbiddenCharacters(value)) {
          throw new ApiError("INVALID_INPUT", `Query parameter ${JSON.stringify(name).slice(0, 60)} contains a control character or an unpaired surrogate.`, {
            errors: [{ path: `query.${JSON.stringify(name).slice(1, -1).slice(0, 60)}`, message: "must not contain control characters or unpaired surrogates", code: "invalid_characters" }],
          });
        }
      }
      const ctx: RouteContext = { request, params, query: url.searchParams, requestId, auth, body, idempotencyKey, dispatch: (inner) => app.handle(inner) };
      const respond = async () => {
        try {
          return toResponse(await route.handle(ctx, deps), requestId);
        } catch (error) {
          return fail(error, requestId, request);
        }
      };
      if (!idempotencyKey || !auth) return withLimits(await respond());
      const replay = route.replayResource;
      const response = await runIdempotent({
        db: deps.database.db,
        accountId: auth.account.id,
        key: idempotencyKey,
        method: route.method,
        path: url.pathname,
        body,
        now: deps.now(),
        respond,
        replayResource: replay && ((id) => replay(id, deps, auth)),
      });
      response.headers.set("x-request-id", requestId);
      return withLimits(response);
    } catch (error) {
      return withLimits(fail(error, requestId, request));
    }
  };

  const app = new Elysia().onError(({ code, error, request }) => {
    const requestId = newId("req");
    if (code === "NOT_FOUND") {
      const path = new URL(request.url).pathname;
      const response = fail(new ApiError("NOT_FOUND", `No endpoint ${request.method} ${path}.`), requestId, request);
      // One series for every unknown path (and unknown method): a raw path as a label would let callers mint series.
      deps.recorder.request(COMMON_METHODS.has(request.method) ? request.method : "other", "unmatched", response.status, 0);
      return response;
    }
    return fail(error, requestId, request);
  });

  for (const route of routes) {
    const { path, suffixes } = toRouterPath(route.path);
    app.route(
      route.method,
      path,
      async ({ request, params }) => {
        const started = performance.now();
        const response = await run(route, suffixes, request, { ...(params as Record<string, string>) });
        deps.recorder.request(route.method, route.path, response.status, (performance.now() - started) / 1000);
        return response;
      },
      { parse: "none" },
    );
  }
  return app;
}

export type App = ReturnType<typeof createApp>;

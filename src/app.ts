import { Elysia } from "elysia";
import { authenticate } from "./auth/authenticate.ts";
import type { AppDeps } from "./deps.ts";
import { ApiError, problemResponse } from "./errors.ts";
import { readJsonBody } from "./http/body.ts";
import { type RouteContext, type RouteDef, type RouteResult, toRouterPath } from "./http/route.ts";
import { newId } from "./ids.ts";
import { allRoutes } from "./routes.ts";

function jsonResponse(result: RouteResult, requestId: string): Response {
  const headers = new Headers({ "content-type": "application/json; charset=utf-8", ...result.headers });
  headers.set("x-request-id", requestId);
  return new Response(JSON.stringify(result.body), { status: result.status ?? 200, headers });
}

/** Builds the Elysia app without listening; tests drive it with `app.handle(new Request(...))`. */
export function createApp(deps: AppDeps, routes: readonly RouteDef[] = allRoutes()) {
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

  const run = async (route: RouteDef, suffixes: Record<string, string>, request: Request, params: Record<string, string>) => {
    const requestId = newId("req");
    try {
      for (const [name, suffix] of Object.entries(suffixes)) {
        const value = params[name] ?? "";
        if (!value.endsWith(suffix)) throw new ApiError("NOT_FOUND", `No endpoint at ${new URL(request.url).pathname}.`);
        params[name] = value.slice(0, -suffix.length);
      }
      let auth: RouteContext["auth"];
      if (route.auth === "key") {
        const result = await authenticate(deps, request.headers.get("authorization"));
        if (result instanceof ApiError) throw result;
        auth = result;
      }
      const body = route.method === "POST" ? await readJsonBody(request) : undefined;
      const ctx: RouteContext = { request, params, query: new URL(request.url).searchParams, requestId, auth, body };
      const result = await route.handle(ctx, deps);
      if (result instanceof Response) {
        result.headers.set("x-request-id", requestId);
        return result;
      }
      return jsonResponse(result, requestId);
    } catch (error) {
      return fail(error, requestId, request);
    }
  };

  const app = new Elysia().onError(({ code, error, request }) => {
    const requestId = newId("req");
    if (code === "NOT_FOUND") {
      const path = new URL(request.url).pathname;
      return fail(new ApiError("NOT_FOUND", `No endpoint ${request.method} ${path}.`), requestId, request);
    }
    return fail(error, requestId, request);
  });

  for (const route of routes) {
    const { path, suffixes } = toRouterPath(route.path);
    app.route(route.method, path, ({ request, params }) => run(route, suffixes, request, { ...(params as Record<string, string>) }), {
      parse: "none",
    });
  }
  return app;
}

export type App = ReturnType<typeof createApp>;

import type { AuthContext } from "../auth/authenticate.ts";
import { bodyJson } from "../kernel/frozen-json.ts";
import { ApiError, problemResponse } from "../kernel/errors.ts";
import type { AppDeps } from "./deps.ts";
import type { RouteContext, RouteDef, RouteResult } from "./route.ts";

/** Everything one request carries from step to step; the route's handler sees it as its RouteContext. */
export interface RequestState extends RouteContext {
  readonly deps: AppDeps;
  readonly route: RouteDef;
  /** The rate headers every answer of the request carries, once the limiter admitted it. */
  limitHeaders: Record<string, string>;
  /** Sent through the router by another request that was counted already (an MCP message's tool calls). */
  readonly partOfCounted: boolean;
  /** When the request arrived (performance.now()), for its route's latency. */
  readonly started: number;
  readonly record: (status: number, seconds: number) => void;
  auth: AuthContext | undefined;
}

/** A step's outcome: an answer ends the request (a route's result, or a refusal); nothing goes on to the next step. */
export type StepOutcome = Response | RouteResult | undefined;

/** One named step of the request path. It decides from memory when it can, and returns a promise when it needs I/O. */
export type Step = (state: RequestState) => StepOutcome | Promise<StepOutcome>;

export const NO_HEADERS: Record<string, string> = Object.freeze({}) as Record<string, string>;

/**
 * Runs `steps` in order from `from` until one answers, and sends the answer with the request's headers;
 * whatever a step throws becomes a problem answer. This is the only code that knows a step may answer
 * later: each step that decided from memory goes on to the next at once, so a request answered from
 * memory returns its Response without a promise (Bun serves such an answer 3-5 us sooner), and only a
 * step that returned a promise costs a closure.
 */
export function runSteps(steps: readonly Step[], state: RequestState, from = 0): Response | Promise<Response> {
  for (let i = from; i < steps.length; i++) {
    let outcome: StepOutcome | Promise<StepOutcome>;
    try {
      outcome = steps[i]!(state);
    } catch (error) {
      return recorded(problemFor(error, state), state);
    }
    if (outcome instanceof Promise) {
      return outcome.then(
        (later) => (later === undefined ? runSteps(steps, state, i + 1) : recorded(responseFor(later, state), state)),
        (error: unknown) => recorded(problemFor(error, state), state),
      );
    }
    if (outcome !== undefined) return recorded(responseFor(outcome, state), state);
  }
  return recorded(problemFor(new Error(`no step answered ${state.route.method} ${state.route.path}`), state), state);
}

/**
 * An answer as the Response sent, with the request id and the rate headers. A route's JSON is built with
 * every header in one object (each later `headers.set` is a call into the server); a Response the route
 * built itself gets the headers it did not set.
 */
export function responseFor(answer: Response | RouteResult, state: RequestState): Response {
  if (answer instanceof Response) {
    answer.headers.set("x-request-id", state.requestId);
    for (const name in state.limitHeaders) if (!answer.headers.has(name)) answer.headers.set(name, state.limitHeaders[name]!);
    return answer;
  }
  const headers = { "content-type": "application/json; charset=utf-8", ...state.limitHeaders, ...answer.headers, "x-request-id": state.requestId };
  return new Response(bodyJson(answer.body), { status: answer.status ?? 200, headers });
}

/** The problem answer for what a step threw: an ApiError as itself, anything else logged and sent as INTERNAL_ERROR. */
export function problemFor(error: unknown, state: Pick<RequestState, "deps" | "request" | "requestId" | "limitHeaders">): Response {
  const { deps, requestId } = state;
  const context = { errorsUrl: deps.config.errorsUrl, plansUrl: deps.config.plansUrl, requestId };
  // The rate headers go on every answer, refusals included; an error's own headers (a 429's) win.
  const headers = { ...state.limitHeaders, "x-request-id": requestId };
  if (error instanceof ApiError) return problemResponse(error, context, headers);
  deps.log.error("unhandled error", {
    requestId,
    method: state.request.method,
    path: new URL(state.request.url).pathname,
    error: error instanceof Error ? (error.stack ?? error.message) : String(error),
  });
  const internal = new ApiError("INTERNAL_ERROR", `The service failed while handling the request. Request id: ${requestId}.`);
  return problemResponse(internal, context, headers);
}

/** `response`, counted in its route's metrics with the time since the request arrived. */
function recorded(response: Response, state: RequestState): Response {
  state.record(response.status, (performance.now() - state.started) / 1000);
  return response;
}

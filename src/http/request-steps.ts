import type { Admission, AdmissionKind } from "../../actors/account-actor.ts";
import { rateHeaders, refusalError } from "../../actors/limiter.ts";
import { type AuthContext, authenticate, cachedCaller } from "../auth/authenticate.ts";
import { readIdempotencyKey } from "../idempotency/keys.ts";
import { runIdempotent } from "../idempotency/run.ts";
import { ApiError } from "../kernel/errors.ts";
import { readJsonBody } from "./body.ts";
import { hasForbiddenCharacters } from "./body-shape.ts";
import { clientAddress } from "./client-address.ts";
import { problemFor, type RequestState, responseFor, type Step, type StepOutcome } from "./run-steps.ts";
import type { RouteDef } from "./route.ts";

/**
 * The request path, as the steps each route runs in order (runSteps runs them). A step reads and sets
 * fields of the request's state, answers to end the request, or throws a refusal.
 */
export function stepsFor(route: RouteDef, suffixes: Record<string, string> | undefined): Step[] {
  return [
    ...(suffixes ? [stripSuffixes(suffixes)] : []),
    ...(route.auth === "key" ? [authenticateCaller] : []),
    ...(route.rate === "unlimited" ? [] : [admitRequest]),
    checkIds,
    ...(route.idempotent ? [readIdempotencyHeader] : []),
    ...(route.method !== "GET" ? [readBody] : []),
    checkQuery,
    route.idempotent ? answerOnce : answer,
  ];
}

/** `{id}.txt`-style segments: the router matched the whole segment; the suffix must be there, and is cut off. */
function stripSuffixes(suffixes: Record<string, string>): Step {
  return function stripSuffixes(state) {
    for (const name in suffixes) {
      const suffix = suffixes[name]!;
      const value = state.params[name] ?? "";
      if (!value.endsWith(suffix)) throw new ApiError("NOT_FOUND", `No endpoint at ${new URL(state.request.url).pathname}.`);
      state.params[name] = value.slice(0, -suffix.length);
    }
    return undefined;
  };
}

/** The key's account: from the key cache when it holds the key (most requests), else once it is looked up. */
export const authenticateCaller: Step = (state) => {
  const { limiter } = state.deps;
  // The address is looked up only when some address has failed lately.
  const blocked = limiter.anyFailedAuth ? limiter.failedAuthRefusal(clientAddress(state.request)) : undefined;
  if (blocked) throw blocked;
  const header = state.request.headers.get("authorization");
  const cached = cachedCaller(state.deps, header);
  return cached ? settleCaller(state, cached) : authenticateLater(state, header);
};

async function authenticateLater(state: RequestState, header: string | null): Promise<StepOutcome> {
  return settleCaller(state, await authenticate(state.deps, header));
}

function settleCaller(state: RequestState, found: AuthContext | ApiError): StepOutcome {
  if (found instanceof ApiError) {
    state.deps.limiter.recordFailedAuth(clientAddress(state.request));
    throw found;
  }
  state.auth = found;
  return undefined;
}

/**
 * Counts the request in its windows: a keyed request per account (plus creates or free tools), a public
 * one per client address. Inside a request counted already only a free tool's own windows are left.
 */
function admissionKind(state: RequestState): AdmissionKind | "address" | undefined {
  if (!state.auth) return "address";
  if (state.partOfCounted) return state.route.rate === "free_tool" ? "free_tool_within" : undefined;
  return state.route.rate === "unlimited" ? undefined : (state.route.rate ?? "read");
}

/** The limiter's decision: from memory when the subject's windows are there, else as its actor's next message. */
export const admitRequest: Step = (state) => {
  const kind = admissionKind(state);
  if (kind === undefined) return undefined;
  const { limiter } = state.deps;
  const decided = kind === "address" ? limiter.admitAddressFromMemory(clientAddress(state.request)) : limiter.admitAccountFromMemory(state.auth!.account, kind);
  return decided ? settleAdmission(state, decided) : admitLater(state, kind);
};

async function admitLater(state: RequestState, kind: AdmissionKind | "address"): Promise<StepOutcome> {
  const { limiter } = state.deps;
  const decided = kind === "address" ? await limiter.admitAddress(clientAddress(state.request)) : await limiter.admitAccount(state.auth!.account, kind);
  return settleAdmission(state, decided);
}

/** A refusal is answered, not thrown (a 429 is as common as a success); an admission's rate headers go on every later answer. */
function settleAdmission(state: RequestState, admission: Admission): StepOutcome {
  const refusal = refusalError(admission);
  if (refusal) return problemFor(refusal, state);
  state.limitHeaders = rateHeaders(admission);
  return undefined;
}

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

/**
 * No id holds a control character or a lone surrogate: such a path names nothing (and never reaches a
 * query). The router gives null for a segment it could not decode: that names nothing either.
 */
export function checkIds(state: RequestState): StepOutcome {
  for (const name in state.params) {
    const value = state.params[name];
    if (typeof value !== "string" || hasForbiddenCharacters(safeDecode(value))) throw new ApiError("NOT_FOUND", "No such resource: its id holds a control character.");
  }
  return undefined;
}

export function readIdempotencyHeader(state: RequestState): StepOutcome {
  state.idempotencyKey = readIdempotencyKey(state.request.headers);
  return undefined;
}

/** The JSON body, read and bounded as it arrives. */
export async function readBody(state: RequestState): Promise<StepOutcome> {
  state.body = await readJsonBody(state.request);
  return undefined;
}

/** Shared by every request without a query: no route changes the query it is given. */
export const NO_QUERY = new URLSearchParams();

/** The query of a request's URL; most requests have none, and theirs is not parsed at all. */
function queryOf(url: string): URLSearchParams {
  const start = url.indexOf("?");
  if (start < 0) return NO_QUERY;
  const fragment = url.indexOf("#", start);
  return new URLSearchParams(url.slice(start + 1, fragment < 0 ? undefined : fragment));
}

export function checkQuery(state: RequestState): StepOutcome {
  const query = queryOf(state.request.url);
  if (query === NO_QUERY) return undefined;
  for (const [name, value] of query) {
    if (hasForbiddenCharacters(name) || hasForbiddenCharacters(value)) {
      throw new ApiError("INVALID_INPUT", `Query parameter ${JSON.stringify(name).slice(0, 60)} contains a control character or an unpaired surrogate.`, {
        errors: [{ path: `query.${JSON.stringify(name).slice(1, -1).slice(0, 60)}`, message: "must not contain control characters or unpaired surrogates", code: "invalid_characters" }],
      });
    }
  }
  state.query = query;
  return undefined;
}

/** The route's own answer: from memory when the route has a cached read that holds it, else its handler's. */
export const answer: Step = (state) => {
  return state.route.cached?.(state, state.deps) ?? state.route.handle(state, state.deps);
};

/** The route's answer once per Idempotency-Key: a repeat replays the first answer. */
export const answerOnce: Step = (state) => {
  const { auth, deps, route, idempotencyKey } = state;
  if (!idempotencyKey || !auth) return answer(state);
  const replay = route.replayResource;
  return runIdempotent({
    db: deps.database.db,
    accountId: auth.account.id,
    key: idempotencyKey,
    method: route.method,
    path: new URL(state.request.url).pathname,
    body: state.body,
    now: deps.now(),
    respond: () => respondOnce(state),
    replayResource: replay && ((id) => replay(id, deps, auth)),
  });
};

/** The first answer as it is stored for replays: a problem too (the store decides what it keeps). */
async function respondOnce(state: RequestState): Promise<Response> {
  try {
    const answered = await answer(state);
    if (answered === undefined) throw new Error(`${state.route.operationId} gave no answer`);
    return responseFor(answered, state);
  } catch (error) {
    return problemFor(error, state);
  }
}

import type { TSchema } from "@sinclair/typebox";
import type { RequestKind } from "../../actors/account-actor.ts";
import type { AuthContext } from "../auth/authenticate.ts";
import type { AppDeps } from "./deps.ts";
import type { RequestErrorCode } from "../kernel/errors.ts";

export interface RouteContext {
  request: Request;
  params: Record<string, string>;
  query: URLSearchParams;
  requestId: string;
  /** Set on `auth: "key"` routes. */
  auth: AuthContext | undefined;
  /** Parsed JSON body on routes that declare one; undefined when the body was empty. */
  body: unknown;
  /** The request's Idempotency-Key on idempotent routes; a handler that commits may record its answer in the same transaction. */
  idempotencyKey: string | undefined;
  /**
   * Sends a request through this app's router, as if it had come over HTTP (the MCP tools call the API
   * this way), as part of this one: authenticated and refused alike, but not counted again in the
   * account's minute (a free tool still counts in its hour and day).
   */
  dispatch(request: Request): Promise<Response>;
}

export interface RouteResult {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** A cached read's answer: its body, or undefined when memory did not hold it. */
export function bodyOf(body: unknown): RouteResult | undefined {
  return body === undefined ? undefined : { body };
}

export interface ParameterDoc {
  name: string;
  in: "path" | "query" | "header";
  required: boolean;
  description: string;
  schema: TSchema;
}

export interface HeaderDoc {
  description: string;
  schema: TSchema;
}

/**
 * One route, defined once: the router registers `handle`, and the OpenAPI document and the guides are
 * written from the rest, so they cannot drift apart.
 */
export interface RouteDef {
  method: "GET" | "POST" | "PATCH";
  /** OpenAPI form; a segment may carry a suffix after its parameter: `/v1/templates/{id}.txt`. */
  path: string;
  operationId: string;
  tag: string;
  summary: string;
  description: string;
  auth: "key" | "none";
  parameters?: ParameterDoc[];
  body?: { schema: TSchema; description: string; required: boolean };
  /** Accepts the Idempotency-Key header. */
  idempotent?: boolean;
  /** Builds a replay's body from the resource the first request made (create: the video as it is now). */
  replayResource?(resourceId: string, deps: AppDeps, auth: AuthContext): Promise<unknown>;
  /**
   * Which limit the request counts against: every keyed request counts per account (plus creates or
   * free tools); public routes count per client address; `unlimited` skips counting (signed file URLs).
   */
  rate?: RequestKind | "unlimited";
  success: {
    status: number;
    description: string;
    contentType?: string;
    schema: TSchema;
    headers?: Record<string, HeaderDoc>;
  };
  /** Request error codes this route answers besides the ones every route of its kind can give. */
  errors: RequestErrorCode[];
  /**
   * The answer when memory holds it (a polled read): tried first, and undefined sends the request on to
   * `handle`. A request answered here returns its Response without a promise.
   */
  cached?(ctx: RouteContext, deps: AppDeps): RouteResult | undefined;
  handle(ctx: RouteContext, deps: AppDeps): Promise<Response | RouteResult> | Response | RouteResult;
}

/** Codes every route can answer, by auth kind; route definitions list only their own extras. */
export function implicitErrors(route: Pick<RouteDef, "auth" | "method" | "body" | "rate" | "idempotent">): RequestErrorCode[] {
  const codes: RequestErrorCode[] = [];
  if (route.auth === "key") codes.push("MISSING_API_KEY", "INVALID_API_KEY", "UNSUPPORTED_TOKEN", "UNAUTHENTICATED");
  if (route.body) codes.push("INVALID_INPUT");
  if (route.idempotent) codes.push("INVALID_IDEMPOTENCY_KEY", "IDEMPOTENCY_IN_PROGRESS", "IDEMPOTENCY_KEY_REUSED");
  if (route.rate !== "unlimited") codes.push("RATE_LIMITED", "RATE_LIMITER_UNAVAILABLE");
  codes.push("INTERNAL_ERROR");
  return codes;
}

export interface RouterPath {
  path: string;
  /** Parameter name -> required suffix, for `{id}.txt`-style segments. */
  suffixes: Record<string, string>;
}

/** `/v1/templates/{id}.txt` -> `/v1/templates/:id` plus the `.txt` suffix to check and strip. */
export function toRouterPath(openApiPath: string): RouterPath {
  const suffixes: Record<string, string> = {};
  const path = openApiPath
    .split("/")
    .map((segment) => {
      const match = /^\{(\w+)\}(.*)$/.exec(segment);
      if (!match) return segment;
      if (match[2]) suffixes[match[1]!] = match[2];
      return `:${match[1]}`;
    })
    .join("/");
  return { path, suffixes };
}

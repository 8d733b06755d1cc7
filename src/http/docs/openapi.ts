import { REQUEST_ERRORS, type RequestErrorCode } from "../../kernel/errors.ts";
import { componentName } from "../../kernel/components.ts";
import { ProblemSchema } from "../problem-schema.ts";
import { type RouteDef, implicitErrors } from "../route.ts";
import { JSON_SCHEMA_DIALECT } from "../../templates/describe.ts";

/** On every counted response (authenticated: per account; public routes: per client address). */
const RATE_LIMIT_HEADERS = {
  "X-RateLimit-Limit": { description: "Requests allowed per minute.", schema: { type: "integer" } },
  "X-RateLimit-Remaining": { description: "Requests left in the current sliding 60-second window.", schema: { type: "integer" } },
  "X-RateLimit-Reset": { description: "Seconds until the oldest counted request leaves the window (0 when none is counted).", schema: { type: "integer" } },
};

export const API_VERSION = "1.0.0";

type Json = Record<string, unknown>;

/** TypeBox -> plain JSON Schema; registered components become `$ref`s and are collected on the way. */
function convert(node: unknown, components: Map<string, unknown>, root?: unknown): unknown {
  if (Array.isArray(node)) return node.map((n) => convert(n, components));
  if (node === null || typeof node !== "object") return node;
  const name = componentName(node);
  if (name && node !== root) {
    if (!components.has(name)) {
      components.set(name, {}); // claim the name first: schemas may refer to themselves
      components.set(name, convert(node, components, node));
    }
    return { $ref: `#/components/schemas/${name}` };
  }
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) out[key] = convert(value, components);
  return out;
}

/** Codes grouped by HTTP status, each status described by its codes. */
function errorResponses(codes: RequestErrorCode[]): Record<string, Json> {
  const byStatus = new Map<number, RequestErrorCode[]>();
  for (const code of new Set(codes)) {
    const status = REQUEST_ERRORS[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  if (codes.includes("INVALID_INPUT")) byStatus.set(413, ["INVALID_INPUT"]);
  const responses: Record<string, Json> = {};
  for (const [status, list] of [...byStatus].sort((a, b) => a[0] - b[0])) {
    const headers: Json = {};
    if (status !== 401 && status !== 503) Object.assign(headers, RATE_LIMIT_HEADERS);
    if (status === 429 || status === 503) headers["Retry-After"] = { description: "Seconds to wait before retrying.", schema: { type: "integer" } };
    if (status === 401) headers["WWW-Authenticate"] = { description: "Always `Bearer`.", schema: { type: "string" } };
    const description = status === 413 ? "INVALID_INPUT: the body is larger than 2 MB." : list.map((c) => `${c}: ${REQUEST_ERRORS[c].title}.`).join(" ");
    responses[String(status)] = {
      description,
      ...(Object.keys(headers).length > 0 ? { headers } : {}),
      content: { "application/problem+json": { schema: { $ref: "#/components/schemas/Problem" } } },
    };
  }
  return responses;
}

export interface OpenApiContext {
  publicBaseUrl: string;
}

export function buildOpenApi(routes: readonly RouteDef[], ctx: OpenApiContext): Json {
  const components = new Map<string, unknown>();
  convert(ProblemSchema, components);
  const paths: Record<string, Record<string, Json>> = {};
  for (const route of routes) {
    const parameters: Json[] = (route.parameters ?? []).map((p) => ({
      name: p.name,
      in: p.in,
      required: p.required,
      description: p.description,
      schema: convert(p.schema, components),
    }));
    if (route.idempotent) {
      parameters.push({
        name: "Idempotency-Key",
        in: "header",
        required: false,
        description:
          "1-255 characters, per account. A retry with the same key and body (compared as canonical JSON with the method and path) replays the first answer for 24 hours with `Idempotent-Replayed: true`; 2xx, 400, 404 and 422 answers are stored, 401, 402, 409, 429 and 5xx are not (the retry runs again). Another body: 422 IDEMPOTENCY_KEY_REUSED; first still running: 409 IDEMPOTENCY_IN_PROGRESS.",
        schema: { type: "string", minLength: 1, maxLength: 255 },
      });
    }
    const success = route.success;
    const successHeaders: Json = success.headers
      ? Object.fromEntries(Object.entries(success.headers).map(([k, h]) => [k, { description: h.description, schema: convert(h.schema, components) }]))
      : {};
    if (route.rate !== "unlimited") Object.assign(successHeaders, RATE_LIMIT_HEADERS);
    if (route.idempotent) successHeaders["Idempotent-Replayed"] = { description: "`true` on a replay of an earlier request with the same Idempotency-Key.", schema: { type: "string", enum: ["true"] } };
    const operation: Json = {
      operationId: route.operationId,
      tags: [route.tag],
      summary: route.summary,
      description: route.description,
      security: route.auth === "key" ? [{ bearerAuth: [] }] : [],
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(route.body
        ? {
            requestBody: {
              required: route.body.required,
              description: route.body.description,
              content: { "application/json": { schema: convert(route.body.schema, components) } },
            },
          }
        : {}),
      responses: {
        [String(success.status)]: {
          description: success.description,
          ...(Object.keys(successHeaders).length > 0 ? { headers: successHeaders } : {}),
          // A redirect has no body worth describing; its Location header says it all.
          ...(success.status >= 300 && success.status < 400
            ? {}
            : { content: { [success.contentType ?? "application/json"]: { schema: convert(success.schema, components) } } }),
        },
        ...errorResponses([...implicitErrors(route), ...route.errors]),
      },
    };
    (paths[route.path] ??= {})[route.method.toLowerCase()] = operation;
  }
  const tags = [...new Set(routes.map((r) => r.tag))].map((name) => ({ name, description: `${name} endpoints.` }));
  return {
    openapi: "3.1.0",
    jsonSchemaDialect: JSON_SCHEMA_DIALECT,
    info: {
      title: "Short-Video Generation API",
      version: API_VERSION,
      summary: "Narrated 1080x1920 MP4s with word-synced captions from an article, a quiz topic, a story or a chat script.",
      description:
        "Create videos asynchronously from four templates. Plain-text guides for agents: /v1/llms.txt and /v1/templates/{id}.txt. Every error is application/problem+json with a machine `code`.",
      license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" },
    },
    servers: [{ url: ctx.publicBaseUrl }],
    security: [],
    tags,
    paths,
    components: {
      securitySchemes: {
        bearerAuth: { type: "http", scheme: "bearer", description: "An API key: `Authorization: Bearer <API_KEY>`." },
      },
      schemas: Object.fromEntries([...components].sort((a, b) => a[0].localeCompare(b[0]))),
    },
  };
}

import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { Type } from "@sinclair/typebox";
import { createClient } from "../../../client/src/client.ts";
import { createMcpServer, MAX_WAIT_SECONDS, TOOL_NAMES } from "../../../client/src/mcp/server.ts";
import type { OpenApiDocument } from "../../../client/src/mcp/schemas.ts";
import { rateHeaders, refusalError } from "../../../actors/limiter.ts";
import { buildOpenApi } from "../docs/openapi.ts";
import { ApiError } from "../../kernel/errors.ts";
import { clientAddress, rememberClientAddress } from "../client-address.ts";
import type { AppDeps } from "../deps.ts";
import { heldOpenWhile } from "../long-lived.ts";
import type { RouteContext, RouteDef } from "../route.ts";
import { ANSWER_LEFT_OUT_CODE, MCP_LIMITS } from "./limits.ts";

const MESSAGE = Type.Object({ jsonrpc: Type.Literal("2.0"), method: Type.Optional(Type.String()) }, { additionalProperties: true, description: "A JSON-RPC 2.0 message of the Model Context Protocol." });
const ANSWER = Type.Object({ jsonrpc: Type.Literal("2.0") }, { additionalProperties: true });

const isToolCall = (message: unknown) => typeof message === "object" && message !== null && (message as { method?: unknown }).method === "tools/call";

function tooManyMessages(count: number): ApiError {
  const max = MCP_LIMITS.maxBatchMessages;
  return new ApiError("INVALID_INPUT", `A batch holds at most ${max} JSON-RPC messages; this one has ${count}. Send them in smaller batches, or one a request.`, {
    errors: [{ path: "", message: `must have at most ${max} messages`, code: "too_many" }],
  });
}

/**
 * The messages of a batch after the first, each counted as one more request (the edge counted the
 * POST as its first): the rate headers after the last, or the refusal of the one the minute has no room
 * for (the batch is then not answered at all).
 */
async function admitRestOfBatch(ctx: RouteContext, deps: AppDeps, count: number): Promise<Record<string, string> | undefined> {
  let headers: Record<string, string> | undefined;
  for (let message = 1; message < count; message++) {
    const admission = await deps.limiter.admitAccount(ctx.auth!.account, "read");
    const refused = refusalError(admission);
    if (refused) throw refused;
    headers = rateHeaders(admission);
  }
  return headers;
}

/**
 * A batch's answer as sent: its answers in order while the whole fits in maxBatchAnswerBytes, each one
 * after as a JSON-RPC error saying so (its message was handled: a tool call has run), the first always;
 * with the rate headers of the batch's last message.
 */
async function boundedBatchAnswer(response: Response, limitHeaders: Record<string, string> | undefined): Promise<Response> {
  const headers = new Headers(response.headers);
  for (const name in limitHeaders) headers.set(name, limitHeaders[name]!);
  if (response.status !== 200) return new Response(response.body, { status: response.status, headers });
  const text = await response.text();
  const max = MCP_LIMITS.maxBatchAnswerBytes;
  const answers = Buffer.byteLength(text) > max ? (JSON.parse(text) as unknown) : undefined;
  if (!Array.isArray(answers)) return new Response(text, { status: 200, headers });
  const sent = answers.map((answer) => JSON.stringify(answer));
  const leftOut = answers.map((answer) =>
    JSON.stringify({
      jsonrpc: "2.0",
      id: (answer as { id?: unknown }).id ?? null,
      error: {
        code: ANSWER_LEFT_OUT_CODE,
        message: `Not sent: this batch's answers passed ${max} bytes, the most one POST /v1/mcp answers. The message was handled (a tool call has run; create_video with the same idempotencyKey returns the same video): send it again alone or in a smaller batch to read its answer.`,
      },
    }),
  );
  const bytes = (parts: string[]) => parts.reduce((sum, part) => sum + Buffer.byteLength(part) + 1, 1);
  let kept = answers.length;
  while (kept > 1 && bytes(sent.slice(0, kept)) + bytes(leftOut.slice(kept)) > max) kept--;
  return new Response(`[${[...sent.slice(0, kept), ...leftOut.slice(kept)].join(",")}]`, { status: 200, headers });
}

/** The request's messages answered by an MCP server whose tools call this app's routes with the caller's key. */
async function answerMessages(ctx: RouteContext, deps: AppDeps, openapi: OpenApiDocument): Promise<Response> {
  const client = createClient({
    baseUrl: deps.config.publicBaseUrl,
    headers: { authorization: ctx.request.headers.get("authorization") ?? "" },
    // The agent decides when to retry a refusal; a tool call never sleeps on Retry-After here.
    retries: 0,
    fetch: (request) => {
      rememberClientAddress(request, clientAddress(ctx.request));
      return ctx.dispatch(request);
    },
  });
  const server = createMcpServer(client, { openapi });
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  try {
    return await transport.handleRequest(ctx.request, { parsedBody: ctx.body });
  } finally {
    await server.close();
  }
}

/**
 * The MCP server for agents, over Streamable HTTP, stateless: each POST carries its own JSON-RPC
 * message and is answered in full. Its tools are the API's own routes, called through the typed client
 * bound to this app's router with the caller's key, so authentication, limits, Idempotency-Key and
 * account rules are those of the REST routes, with nothing decided twice.
 */
export function mcpRoutes(routes: () => readonly RouteDef[]): RouteDef[] {
  const documents = new Map<string, OpenApiDocument>();
  const documentFor = (publicBaseUrl: string) => {
    let document = documents.get(publicBaseUrl);
    if (!document) documents.set(publicBaseUrl, (document = buildOpenApi(routes(), { publicBaseUrl }) as unknown as OpenApiDocument));
    return document;
  };
  return [
    {
      method: "POST",
      path: "/v1/mcp",
      operationId: "mcp",
      tag: "Agents",
      summary: "Model Context Protocol server (Streamable HTTP)",
      description:
        `For agents: the tools ${TOOL_NAMES.join(", ")} (create_video takes an idempotencyKey; get_video waits up to ${MAX_WAIT_SECONDS} s for a change or the end with waitSeconds, and a completed video comes with its contact sheet as an image), and the guides as resources. Stateless Streamable HTTP (protocol 2025-06-18): POST one JSON-RPC message (older clients: a batch of at most ${MCP_LIMITS.maxBatchMessages}) with \`Accept: application/json, text/event-stream\`; no session, and GET is not offered. ` +
        `Every message counts as one request against the account's requests per minute, the protocol's own (initialize, tools/list, ping) included; when the minute has no room for a POST's messages the POST is refused as every route is (429 RATE_LIMITED with Retry-After and the X-RateLimit headers) and nothing in it is handled. A tool call is that one request: the route it calls is not counted in the minute again, but the route's other limits apply (free tools per hour and day, creations per minute, videos in progress), and a refusal by them is a tool result with isError and the problem's code, detail, errors[] and retryAfterSeconds. ` +
        `A batch of more than ${MCP_LIMITS.maxBatchMessages} messages is 400 INVALID_INPUT (too_many), none handled. A batch's answer is at most ${MCP_LIMITS.maxBatchAnswerBytes / 1024} KiB: its answers are sent in order while they fit, each one after as a JSON-RPC error (code ${ANSWER_LEFT_OUT_CODE}) saying its message was handled but its answer not sent (send it again alone); the first is always sent whole. Reading a guide resource also counts as the guide's public route. Desktop agents without HTTP can run \`shortvid mcp\` (stdio) instead.`,
      auth: "key",
      // Counted at the edge like any route (the POST, as its first message); a batch's others in the handler.
      body: {
        schema: Type.Union([MESSAGE, Type.Array(MESSAGE, { minItems: 1, maxItems: MCP_LIMITS.maxBatchMessages, description: "A batch (JSON-RPC 2.0), for clients of protocol versions before 2025-06-18." })]),
        description: `One JSON-RPC message (request or notification), or a batch of at most ${MCP_LIMITS.maxBatchMessages}.`,
        required: true,
      },
      success: {
        status: 200,
        description: "The JSON-RPC response, or a batch's responses (202 with no body for notifications only).",
        schema: Type.Union([ANSWER, Type.Array(ANSWER)]),
      },
      errors: [],
      handle: async (ctx, deps) => {
        const batch = Array.isArray(ctx.body);
        const messages: unknown[] = batch ? (ctx.body as unknown[]) : [ctx.body];
        if (messages.length > MCP_LIMITS.maxBatchMessages) throw tooManyMessages(messages.length);
        const limitHeaders = await admitRestOfBatch(ctx, deps, messages.length);
        const openapi = documentFor(deps.config.publicBaseUrl);
        const answer = () => answerMessages(ctx, deps, openapi);
        // A tool call's answer may take longer than the server's idle limit (get_video waits up to 50 s).
        const response = await (messages.some(isToolCall) ? heldOpenWhile(ctx.request, answer) : answer());
        return batch ? boundedBatchAnswer(response, limitHeaders) : response;
      },
    },
    {
      method: "GET",
      path: "/v1/mcp",
      operationId: "mcpStream",
      tag: "Agents",
      summary: "No server-initiated stream (Streamable HTTP's GET)",
      description: "Answers 405 with `Allow: POST`, as the MCP transport specifies for a server that sends nothing unasked: this one keeps no session, and every answer comes back on its POST.",
      auth: "none",
      success: { status: 405, description: "Not offered; use POST.", schema: Type.Null() },
      errors: [],
      handle: () => new Response(null, { status: 405, headers: { allow: "POST" } }),
    },
  ];
}

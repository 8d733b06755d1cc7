import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { Type } from "@sinclair/typebox";
import { createClient } from "../../client/src/client.ts";
import { createMcpServer, MAX_WAIT_SECONDS, TOOL_NAMES } from "../../client/src/mcp/server.ts";
import type { OpenApiDocument } from "../../client/src/mcp/schemas.ts";
import { buildOpenApi } from "../docs/openapi.ts";
import { clientAddress, rememberClientAddress } from "../http/client-address.ts";
import type { AppDeps } from "../deps.ts";
import { heldOpenWhile } from "../http/long-lived.ts";
import type { RouteContext, RouteDef } from "../http/route.ts";

const isToolCall = (message: unknown) => typeof message === "object" && message !== null && (message as { method?: unknown }).method === "tools/call";

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
        `For agents: the tools ${TOOL_NAMES.join(", ")} (create_video takes an idempotencyKey; get_video waits up to ${MAX_WAIT_SECONDS} s for a change or the end with waitSeconds, and a completed video comes with its contact sheet as an image), and the guides as resources. Stateless Streamable HTTP (protocol 2025-06-18): POST one JSON-RPC message with \`Accept: application/json, text/event-stream\`; no session, and GET is not offered. ` +
        "Each tool call is the matching route's request, made with the same key: it counts against that route's limits, and a refusal (429 included) is a tool result with isError and the problem's code, detail, errors[] and retryAfterSeconds. The protocol's own messages (initialize, tools/list, resources/list, ping) are not counted, like GET /v1/health; reading a guide resource counts as the guide's route. Desktop agents without HTTP can run `shortvid mcp` (stdio) instead.",
      auth: "key",
      // A tool call counts as the route it calls (once); the protocol's own messages read nothing.
      rate: "unlimited",
      body: {
        schema: Type.Object({ jsonrpc: Type.Literal("2.0"), method: Type.Optional(Type.String()) }, { additionalProperties: true, description: "A JSON-RPC 2.0 message of the Model Context Protocol." }),
        description: "One JSON-RPC message (request or notification).",
        required: true,
      },
      success: {
        status: 200,
        description: "The JSON-RPC response (202 with no body for a notification).",
        schema: Type.Object({ jsonrpc: Type.Literal("2.0") }, { additionalProperties: true }),
      },
      errors: [],
      handle: (ctx, deps) => {
        const openapi = documentFor(deps.config.publicBaseUrl);
        // A tool call's answer may take longer than the server's idle limit (get_video waits up to 50 s).
        if ((Array.isArray(ctx.body) ? ctx.body : [ctx.body]).some(isToolCall)) return heldOpenWhile(ctx.request, () => answerMessages(ctx, deps, openapi));
        return answerMessages(ctx, deps, openapi);
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
      rate: "unlimited",
      success: { status: 405, description: "Not offered; use POST.", schema: Type.Null() },
      errors: [],
      handle: () => new Response(null, { status: 405, headers: { allow: "POST" } }),
    },
  ];
}

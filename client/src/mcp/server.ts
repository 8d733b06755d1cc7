import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  type CallToolResult,
  CallToolRequestSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";
import { type ShortvidClient, ShortvidError, type Video } from "../client.ts";
import { findOperation, type OpenApiDocument, parameterArguments, templateIds, toolInputSchema } from "./schemas.ts";

type Args = Record<string, unknown>;

/** The longest `get_video` wait: under common proxies' and agents' 60 s request timeouts. */
export const MAX_WAIT_SECONDS = 50;

interface ToolDef {
  name: string;
  operationId: string;
  /** Said after the route's own description. */
  note?: string;
  extra?: Record<string, unknown>;
  call(client: ShortvidClient, args: Args, body: Args, signal: AbortSignal): Promise<unknown>;
}

const str = (value: unknown) => (typeof value === "string" ? value : undefined);
const keyOf = (args: Args) => ({ idempotencyKey: str(args.idempotencyKey) });
const GUIDE_NOTE = "Each template's inputs, defaults and a working example are in its guide (resource <base>/v1/templates/{id}.txt).";

const TOOLS: ToolDef[] = [
  { name: "list_templates", operationId: "listTemplates", call: (c, _a, _b, signal) => c.templates({ signal }) },
  { name: "get_options", operationId: "getOptions", call: (c, _a, _b, signal) => c.options({ signal }) },
  { name: "estimate_video", operationId: "estimate", note: GUIDE_NOTE, call: (c, a, b, signal) => c.estimate(b as never, { ...keyOf(a), signal }) },
  { name: "write_script", operationId: "createScript", note: GUIDE_NOTE, call: (c, a, b, signal) => c.writeScript(b as never, { ...keyOf(a), signal }) },
  {
    name: "edit_script",
    operationId: "editScript",
    note: "Send script: {text} or pack: {questions} (every question, as write_script returned them, with your changes); the answer is the draft as saved. Then create_video with its projectId.",
    call: (c, a, b, signal) => c.editScript(str(a.projectId) ?? "", b as never, { ...keyOf(a), signal }),
  },
  { name: "preview_story", operationId: "createPreview", note: GUIDE_NOTE, call: (c, a, b, signal) => c.preview(b as never, { ...keyOf(a), signal }) },
  {
    name: "create_video",
    operationId: "createVideo",
    note: `${GUIDE_NOTE} Pass an idempotencyKey of your own and repeat it when you retry, so a retry never makes a second video. Then call get_video with waitSeconds until the status is completed, failed or cancelled.`,
    call: (c, a, b, signal) => c.createVideo(b as never, { ...keyOf(a), signal }),
  },
  {
    name: "get_video",
    operationId: "getVideo",
    note: `With waitSeconds (up to ${MAX_WAIT_SECONDS}) the call returns as soon as the status, stage or progress changes or the video has ended, so there is no need to poll quickly. A completed video comes with its contact sheet (nine frames through the video) as an image, to look at before publishing, and carries its publishKit (title, captions and hashtags for YouTube Shorts, TikTok and Instagram Reels, from its own script) and its disclosure (what is AI-generated and the switch each platform asks for).`,
    extra: {
      waitSeconds: {
        type: "integer",
        minimum: 0,
        maximum: MAX_WAIT_SECONDS,
        description: `Wait up to this many seconds for a change of status, stage or progress, or the end. 0 or absent: answer at once.`,
      },
    },
    call: async (c, a, _b, signal) => {
      const id = str(a.id) ?? "";
      const wait = Math.min(MAX_WAIT_SECONDS, Math.max(0, Number(a.waitSeconds ?? 0) || 0));
      return wait > 0 ? c.nextChange(id, wait * 1000, { signal }) : c.getVideo(id, { signal });
    },
  },
  {
    name: "list_videos",
    operationId: "listVideos",
    call: (c, a, _b, signal) => c.listVideos({ limit: typeof a.limit === "number" ? a.limit : undefined, cursor: str(a.cursor) }, { signal }),
  },
  { name: "cancel_video", operationId: "cancelVideo", call: (c, a, _b, signal) => c.cancelVideo(str(a.id) ?? "", { ...keyOf(a), signal }) },
];

/** The tools' names, in the order tools/list gives them. */
export const TOOL_NAMES: readonly string[] = TOOLS.map((t) => t.name);

const text = (value: unknown) => ({ type: "text" as const, text: typeof value === "string" ? value : JSON.stringify(value, null, 2) });

/** A refusal as a tool error the agent can act on: the problem's code, detail and errors[]. */
function toolError(error: unknown): CallToolResult {
  if (error instanceof ShortvidError) {
    const { code, title, status, detail, errors } = error.problem as ShortvidError["problem"] & { errors?: unknown[] };
    const problem = { code, status, title, detail, ...(errors ? { errors } : {}), ...(error.retryAfterSeconds !== undefined ? { retryAfterSeconds: error.retryAfterSeconds } : {}) };
    return { isError: true, content: [text(problem)], structuredContent: problem };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { isError: true, content: [text({ code: "CLIENT_ERROR", detail: message })], structuredContent: { code: "CLIENT_ERROR", detail: message } };
}

async function contactSheet(client: ShortvidClient, video: Video, signal: AbortSignal) {
  const link = (video as Video & { files?: { contactSheet?: string } | null }).files?.contactSheet;
  if (video.status !== "completed" || !link) return [];
  try {
    const response = await client.download(link, { signal });
    const data = Buffer.from(await response.arrayBuffer()).toString("base64");
    return [{ type: "image" as const, data, mimeType: response.headers.get("content-type")?.split(";")[0] || "image/jpeg" }];
  } catch (error) {
    // The video is still the answer; say why its picture is missing.
    return [text(`The contact sheet could not be fetched: ${error instanceof Error ? error.message : String(error)}`)];
  }
}

export interface McpServerOptions {
  /** The service's OpenAPI document: tool schemas and descriptions come from it. */
  openapi: OpenApiDocument;
  name?: string;
  version?: string;
}

/**
 * The MCP server over a client: each tool is one API call made through `client`, so the service's own
 * endpoint (client bound to its router) and `shortvid mcp` (client over the network) behave alike.
 */
export function createMcpServer(client: ShortvidClient, options: McpServerOptions): Server {
  const doc = options.openapi;
  const base = client.baseUrl;
  const tools: Tool[] = TOOLS.map((t) => {
    const { operation } = findOperation(doc, t.operationId);
    const description = [operation.summary && `${operation.summary}.`, operation.description, t.note?.replace("<base>", base)].filter(Boolean).join(" ");
    return { name: t.name, description, inputSchema: toolInputSchema(doc, operation, t.extra) as Tool["inputSchema"] };
  });
  const guides = [
    { uri: `${base}/v1/llms.txt`, name: "llms.txt", title: "API guide", description: findOperation(doc, "getLlmsGuide").operation.description, read: () => client.guide() },
    ...templateIds(doc).map((id) => ({
      uri: `${base}/v1/templates/${id}.txt`,
      name: `${id}.txt`,
      title: `${id} guide`,
      description: `Inputs, defaults, a working example, credits, notes and errors of ${id}.`,
      read: () => client.templateGuide(id),
    })),
  ];

  const server = new Server(
    { name: options.name ?? "shortvid", version: options.version ?? doc.info?.version ?? "1.0.0" },
    { capabilities: { tools: {}, resources: {} }, instructions: doc.info?.description },
  );
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const tool = TOOLS.find((t) => t.name === request.params.name);
    if (!tool) return toolError(new Error(`no tool ${request.params.name}; tools: ${TOOLS.map((t) => t.name).join(", ")}`));
    const args = (request.params.arguments ?? {}) as Args;
    const parameters = parameterArguments(findOperation(doc, tool.operationId).operation);
    const body = Object.fromEntries(Object.entries(args).filter(([name]) => !parameters.has(name) && !(tool.extra && name in tool.extra)));
    try {
      const result = await tool.call(client, args, body, extra.signal);
      const images = tool.name === "get_video" ? await contactSheet(client, result as Video, extra.signal) : [];
      const structured = result && typeof result === "object" && !Array.isArray(result) ? { structuredContent: result as Record<string, unknown> } : {};
      return { content: [text(result), ...images], ...structured };
    } catch (error) {
      return toolError(error);
    }
  });
  server.setRequestHandler(ListResourcesRequestSchema, async () => ({
    resources: guides.map(({ uri, name, title, description }) => ({ uri, name, title, description, mimeType: "text/plain" })),
  }));
  server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    const guide = guides.find((g) => g.uri === request.params.uri);
    if (!guide) throw new Error(`no resource ${request.params.uri}; resources: ${guides.map((g) => g.uri).join(", ")}`);
    return { contents: [{ uri: guide.uri, mimeType: "text/plain", text: await guide.read() }] };
  });
  return server;
}

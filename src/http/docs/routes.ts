import { Type } from "@sinclair/typebox";
import { ApiError } from "../../kernel/errors.ts";
import type { RouteDef } from "../route.ts";
import type { TemplateRegistry } from "../../templates/registry.ts";
import { Enum } from "../../kernel/schema-kit.ts";
import { errorReference, llmsGuide } from "./llms.ts";
import { API_VERSION, buildOpenApi } from "./openapi.ts";
import { templateGuide } from "./template-guide.ts";

const text = (body: string) =>
  new Response(body, { headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=300" } });

const TextSchema = Type.String();

/** The docs describe every route, their own included; `routes` is read when a document is asked for. */
export function docsRoutes(routes: () => readonly RouteDef[], templates: TemplateRegistry): RouteDef[] {
  return [
    {
      method: "GET",
      path: "/v1/openapi.json",
      operationId: "getOpenApi",
      tag: "Docs",
      summary: "This API as an OpenAPI 3.1 document",
      description: "Machine-readable description of every route, schema and error response.",
      auth: "none",
      success: { status: 200, description: "OpenAPI 3.1 document (info.version 1.0.0).", schema: Type.Object({}, { additionalProperties: true }) },
      errors: [],
      handle: (_ctx, deps) => ({ body: buildOpenApi(routes(), { publicBaseUrl: deps.config.publicBaseUrl }) }),
    },
    {
      method: "GET",
      path: "/v1/llms.txt",
      operationId: "getLlmsGuide",
      tag: "Docs",
      summary: "Plain-text guide to the whole API, for agents",
      description: "Flow, authentication, templates, endpoints, states, plans, limits, webhooks and errors in one text.",
      auth: "none",
      success: { status: 200, description: "The guide.", contentType: "text/plain", schema: TextSchema },
      errors: [],
      handle: (_ctx, deps) => text(llmsGuide(routes(), { publicBaseUrl: deps.config.publicBaseUrl, templates, ownMediaSpeedFloor: deps.config.ownMediaSpeedFloor })),
    },
    {
      method: "GET",
      path: "/v1/templates/{id}.txt",
      operationId: "getTemplateGuide",
      tag: "Docs",
      summary: "Plain-text guide to one template",
      description: "Inputs, defaults, a working example, credits, notes and errors of one template.",
      auth: "none",
      parameters: [{ name: "id", in: "path", required: true, description: "Template id.", schema: Enum(templates.ids) }],
      success: { status: 200, description: "The guide.", contentType: "text/plain", schema: TextSchema },
      errors: ["NOT_FOUND"],
      handle: ({ params }, deps) => {
        const template = templates.find(params.id ?? "");
        if (!template) throw new ApiError("NOT_FOUND", `No template with id "${params.id}". Templates: ${templates.ids.join(", ")}.`);
        return text(templateGuide(template, { publicBaseUrl: deps.config.publicBaseUrl }));
      },
    },
    {
      method: "GET",
      path: "/v1/errors",
      operationId: "getErrorReference",
      tag: "Docs",
      summary: "Error reference",
      description: "Every request error code and video failure code with its meaning; problem `type` URLs point here.",
      auth: "none",
      success: { status: 200, description: "The reference.", contentType: "text/plain", schema: TextSchema },
      errors: [],
      handle: () => text(errorReference(templates)),
    },
      {
      method: "GET",
      path: "/v1/health",
      operationId: "getHealth",
      tag: "Docs",
      summary: "Health of this process",
      description: "Liveness and what this process runs with: role, database engine, narration provider, the video encoder chosen at start (NVENC or libx264, and why) and the render pool's load. Not rate limited, so monitors can poll it.",
      auth: "none",
      rate: "unlimited",
      success: {
        status: 200,
        description: "The process is up.",
        schema: Type.Object({ status: Type.Literal("ok"), version: Type.String() }, { additionalProperties: true }),
      },
      errors: [],
      handle: (_ctx, deps) => ({ body: { status: "ok", version: API_VERSION, ...deps.health() } }),
    },
  ];
}

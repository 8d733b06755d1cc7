import type { RouteDef } from "../route.ts";
import type { TemplateRegistry } from "../../templates/registry.ts";
import { previewSchemas } from "../../previews/model.ts";
import { createPreview } from "../../previews/service.ts";

export function previewRoutes(templates: TemplateRegistry): RouteDef[] {
  const schemas = previewSchemas(templates);
  return [
    {
      method: "POST",
      path: "/v1/previews",
      operationId: "createPreview",
      tag: "Free tools",
      summary: "Narrate a free reddit_story teaser",
      description:
        "Narrates about 10 s (the title plus roughly the first 170 characters of the story) with the inputs' voice settings and returns the MP3 (`audioUrl`), per-word captions and a `projectId`. Free (0 credits), no plan needed; counts against the free-tool limits. `inputs` are the full reddit_story inputs, validated as on POST /v1/videos. With `projectId` from an earlier call, the stored teaser is returned (with a fresh `audioUrl`) and nothing is narrated again. A video created with the `projectId` still narrates the full story with the inputs it is given. Other templates: 400 TEMPLATE_NOT_AVAILABLE naming their free step. A narration failure is a 502 UPSTREAM_FAILED; retry shortly.",
      auth: "key",
      rate: "free_tool",
      idempotent: true,
      body: { schema: schemas.request, description: "`{template: reddit_story, inputs, projectId?}`.", required: true },
      success: { status: 200, description: "The teaser.", schema: schemas.preview },
      errors: ["UNKNOWN_TEMPLATE", "INVALID_VOICE", "NARRATION_REQUIRED", "TEMPLATE_NOT_AVAILABLE", "NOT_FOUND", "UPSTREAM_FAILED"],
      handle: async ({ auth, body }, deps) => ({ body: await createPreview(deps, auth!, body) }),
    },
  ];
}

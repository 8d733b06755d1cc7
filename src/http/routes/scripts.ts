import type { RouteDef } from "../route.ts";
import type { TemplateRegistry } from "../../templates/registry.ts";
import { scriptSchemas } from "../../scripts/model.ts";
import { createScript } from "../../scripts/service.ts";

export function scriptRoutes(templates: TemplateRegistry): RouteDef[] {
  const schemas = scriptSchemas(templates);
  return [
    {
      method: "POST",
      path: "/v1/scripts",
      operationId: "createScript",
      tag: "Free tools",
      summary: "Write an article script or a quiz pack for free",
      description:
        "`{template: article_video | quiz_video, inputs}` with the template's full inputs, validated as on POST /v1/videos. article_video: reads the URL (public http or https, HTML, up to 5 MB) or the pasted text, then writes a script of the asked `length` and `tone`; every figure, quote and named person in it is checked against the source. quiz_video: writes `questionCount` questions on `topic` (four options, one correct, a fact line). " +
        "The result is saved on a new draft project: pass its `projectId` to POST /v1/videos with the same template to reuse it (the script step is skipped; option fields such as voice, captions, theme and font still apply). Free (0 credits), no plan needed; counts against the free-tool limits. " +
        "Without an LLM configured (LLM_BASE_URL) scripts are extractive (the source's own sentences) and packs come from built-in data; the `generator` field says which wrote it. reddit_story and fake_text_message: 400 TEMPLATE_NOT_AVAILABLE naming their free step.",
      auth: "key",
      rate: "free_tool",
      idempotent: true,
      body: { schema: schemas.request, description: "`{template, inputs}`.", required: true },
      success: { status: 200, description: "The script or pack and its projectId.", schema: schemas.result },
      errors: ["UNKNOWN_TEMPLATE", "INVALID_VOICE", "TEMPLATE_NOT_AVAILABLE", "SAFETY_REJECTED", "INGEST_FAILED", "SOURCE_TOO_SHORT", "SCRIPT_FAILED", "PACK_FAILED", "UPSTREAM_FAILED"],
      handle: async ({ auth, body }, deps) => ({ body: await createScript(deps, auth!, body) }),
    },
  ];
}

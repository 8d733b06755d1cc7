import type { RouteDef } from "../route.ts";
import type { TemplateRegistry } from "../../templates/registry.ts";
import { scriptSchemas } from "../../scripts/model.ts";
import { Type } from "@sinclair/typebox";
import { createScript, editScript } from "../../scripts/service.ts";

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
    {
      method: "PATCH",
      path: "/v1/scripts/{projectId}",
      operationId: "editScript",
      tag: "Free tools",
      summary: "Replace a written script or quiz pack with your own version",
      description:
        "Saves your version of a draft from POST /v1/scripts on the same project: `{script: {text}}` for an article_video script (your words, at most 300; they are no longer checked against the source), `{pack: {questions}}` for a quiz_video pack (1 to 10 questions, each with four distinct options, `answerIndex` and a fact line; they replace all the pack's questions, so send the ones you keep too). " +
        "Every field is checked as inputs are: 400 INVALID_INPUT with each problem in `errors[]` at its path (`pack.questions[2].options[1]`), 400 SAFETY_REJECTED for text the safety rules refuse. Answers the draft as POST /v1/scripts does, with `editedAt` set and notices that no longer call the words AI drafts. " +
        "A video created from the project afterwards (POST /v1/videos with its projectId) uses your version and carries those notices; a video created before keeps the draft it was made from. Send it again to change it again; the last version counts. Free (0 credits): it writes nothing new, so it counts as an ordinary request, not a free tool. A project of another account, or of reddit_story, is 404 NOT_FOUND.",
      auth: "key",
      // Replacing is idempotent by itself; a key is still honoured, as on every write of the API.
      idempotent: true,
      parameters: [{ name: "projectId", in: "path", required: true, description: "The draft's projectId (prj_...) from POST /v1/scripts.", schema: Type.String() }],
      body: { schema: schemas.edit, description: "`{script: {text}}` or `{pack: {questions}}`, as the project's template takes.", required: true },
      success: { status: 200, description: "The draft with your version.", schema: schemas.result },
      errors: ["NOT_FOUND", "SAFETY_REJECTED"],
      handle: async ({ auth, body, params }, deps) => ({ body: await editScript(deps, auth!, params.projectId!, body) }),
    },
  ];
}

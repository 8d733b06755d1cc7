import type { RouteDef } from "../route.ts";
import type { TemplateRegistry } from "../../templates/registry.ts";
import { refuseUncovered, validateTemplateRequest } from "../../templates/validate.ts";
import { EstimateRequestEnvelope, estimateSchemas } from "../../estimate/model.ts";
import { estimateVideo } from "../../estimate/service.ts";

export function estimateRoutes(templates: TemplateRegistry): RouteDef[] {
  const schemas = estimateSchemas(templates);
  return [
    {
      method: "POST",
      path: "/v1/estimate",
      operationId: "estimate",
      tag: "Videos",
      summary: "Estimate a video's cost, length and processing time (free)",
      description:
        "Validates `{template, inputs}` exactly as POST /v1/videos does (a quiz topic this deployment cannot write questions on is refused the same way: 422 PACK_FAILED, `errors[0].path` `inputs.topic`, naming what is covered) and returns what each paid step would cost on this account's plan, the expected video and narration length, and the expected processing time. Charges nothing.",
      auth: "key",
      rate: "free_tool",
      idempotent: true,
      body: { schema: schemas.request, description: "The template and its inputs.", required: true },
      success: { status: 200, description: "The estimate.", schema: schemas.estimate },
      errors: ["UNKNOWN_TEMPLATE", "INVALID_VOICE", "NARRATION_REQUIRED", "SAFETY_REJECTED", "PACK_FAILED"],
      handle: async ({ body, auth }, deps) => {
        const result = validateTemplateRequest(templates, EstimateRequestEnvelope, body, deps.narrator.languages);
        if (!result.ok) throw result.error;
        // An estimate of a video that create would refuse would quote a cost nobody can be charged.
        refuseUncovered(result.value.template, result.value.inputs, deps.content);
        return { body: estimateVideo(auth!.account, result.value.template, result.value.inputs, await deps.throughput()) };
      },
    },
  ];
}

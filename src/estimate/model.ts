import { type Static, Type } from "@sinclair/typebox";
import { component } from "../kernel/components.ts";
import { type TemplateRegistry, perRegistry } from "../templates/registry.ts";
import { documentedTemplateRequest, templateRequestEnvelope } from "../templates/request-schema.ts";
import { Enum } from "../kernel/schema-kit.ts";

export const EstimateRequestEnvelope = templateRequestEnvelope({});

export const ChargesSchema = component(
  "Charges",
  Type.Object(
    {
      narration: Type.Integer({ description: "Narration credits (legacy plans; 0 on current plans, where narration is included)." }),
      render: Type.Integer({ description: "Export credits (legacy plans)." }),
      videos: Type.Integer({ description: "Videos from the monthly allowance (current plans)." }),
    },
    { description: "What a video costs, per counter." },
  ),
);

function estimateSchema(templateIds: readonly string[]) {
  return component(
    "Estimate",
    Type.Object({
      template: Enum(templateIds),
      steps: Type.Array(
        Type.Object({
          step: Type.String({ description: "Paid step, as in the template's paidSteps." }),
          credits: Type.Integer({ description: "What the step costs on this account's plan." }),
          unit: Enum(["narration_credits", "export_credits", "videos", "included"] as const),
        }),
      ),
      charges: ChargesSchema,
      expectedDurationSeconds: Type.Number({ description: "Expected length of the video." }),
      expectedNarrationSeconds: Type.Number({ description: "Expected narration length, the basis of narration credits." }),
      expectedProcessingSeconds: Type.Integer({ description: "Expected time from create to completed on this deployment, when the queue is empty." }),
    }),
  );
}

export type Estimate = Static<ReturnType<typeof estimateSchema>>;

/** The schemas that list the templates, built for the templates an app serves. */
export const estimateSchemas = perRegistry((templates: TemplateRegistry) => ({
  request: documentedTemplateRequest("EstimateRequest", {}, templates.list),
  estimate: estimateSchema(templates.ids),
}));

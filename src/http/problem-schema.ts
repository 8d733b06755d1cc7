import { Type } from "@sinclair/typebox";
import { PROBLEM_LIMITS, REQUEST_ERRORS } from "../kernel/errors.ts";
import { Enum } from "../kernel/schema-kit.ts";
import { component } from "../kernel/components.ts";

const CODES = Object.keys(REQUEST_ERRORS) as (keyof typeof REQUEST_ERRORS)[];

export const ProblemSchema = component(
  "Problem",
  Type.Object(
    {
      type: Type.String({ format: "uri", description: "`{errors_url}#<code>`." }),
      title: Type.String(),
      status: Type.Integer(),
      detail: Type.String({ description: "What happened, for people." }),
      code: Enum(CODES, { description: "Machine code; branch on it." }),
      errors: Type.Optional(
        Type.Array(
          Type.Object({
            path: Type.String({ description: "Dotted path from the body root, e.g. `inputs.messages[2].text`." }),
            message: Type.String(),
            code: Type.String({ description: "required, unknown_field, invalid_type, invalid_enum, invalid_format, too_short, too_long, too_small, too_large, too_few, too_many, too_deep, invalid_characters, mutually_exclusive, not_allowed, invalid_voice, narration_required, invalid_json." }),
          }),
          { description: `Each failing field (at most ${PROBLEM_LIMITS.maxErrors}; see errorsOmitted); present on INVALID_INPUT (and on INVALID_VOICE and NARRATION_REQUIRED).` },
        ),
      ),
      errorsOmitted: Type.Optional(
        Type.Integer({
          minimum: 1,
          description: `\`errors\` lists at most ${PROBLEM_LIMITS.maxErrors} fields; when more failed, how many were left out (present only then). An addition to the API document's Problem shape.`,
        }),
      ),
      upsell: Type.Optional(Enum(["subscribe", "topup", "none"] as const, { description: "Present on every 402." })),
      plansUrl: Type.Optional(Type.String({ format: "uri", description: "Pricing page; present on every 402." })),
      requestId: Type.Optional(Type.String({ description: "Present on 5xx; quote it when reporting a failure." })),
    },
    { description: "RFC 9457 problem details, content type application/problem+json." },
  ),
);

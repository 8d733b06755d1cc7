import { type TProperties, type TSchema, Type } from "@sinclair/typebox";
import { component } from "../kernel/components.ts";
import type { Template } from "./template.ts";

/**
 * The `{template, inputs, ...extra}` body as it is checked first: inputs as any object, so an unknown
 * template gets UNKNOWN_TEMPLATE, not a schema error; the named template's inputs are checked next.
 */
export function templateRequestEnvelope(extra: TProperties) {
  return Type.Object(
    {
      template: Type.String({ description: "Template id." }),
      inputs: Type.Object({}, { additionalProperties: true, description: "The template's inputs." }),
      ...extra,
    },
    { additionalProperties: false },
  );
}

/** The OpenAPI component name of a template's inputs: `article_video` -> `ArticleVideoInputs`. */
export function inputsComponentName(template: Template): string {
  return `${template.id.replace(/(^|_)(\w)/g, (_, __, c: string) => c.toUpperCase())}Inputs`;
}

/** The same body as the OpenAPI document shows it: one precise branch per template. */
export function documentedTemplateRequest(name: string, extra: TProperties, templates: readonly Template[]): TSchema {
  return component(
    name,
    Type.Union(
      templates.map((t) =>
        Type.Object({ template: Type.Literal(t.id), inputs: component(inputsComponentName(t), t.inputs), ...extra }, { additionalProperties: false }),
      ),
    ),
  );
}

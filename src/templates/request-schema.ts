import { type TProperties, type TSchema, Type } from "@sinclair/typebox";
import { component } from "../http/components.ts";
import { TEMPLATES } from "./registry.ts";
import type { TemplateDefinition } from "./template.ts";

/**
 * Both shapes of a `{template, inputs, ...extra}` body, from one description: `envelope` is checked first
 * (inputs as any object, so an unknown template gets UNKNOWN_TEMPLATE, not a schema error), then the
 * named template's inputs; `documented` is the precise union shown in the OpenAPI document.
 */
export function templateRequestSchemas(name: string, extra: TProperties, templates: readonly TemplateDefinition[] = TEMPLATES) {
  const envelope = Type.Object(
    {
      template: Type.String({ description: "Template id." }),
      inputs: Type.Object({}, { additionalProperties: true, description: "The template's inputs." }),
      ...extra,
    },
    { additionalProperties: false },
  );
  const documented: TSchema = component(
    name,
    Type.Union(
      templates.map((t) => Type.Object({ template: Type.Literal(t.id), inputs: t.inputs, ...extra }, { additionalProperties: false })),
    ),
  );
  return { envelope, documented };
}

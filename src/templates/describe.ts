import type { TSchema } from "@sinclair/typebox";
import type { Template } from "./template.ts";

export const JSON_SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema";

/** Plain JSON of a TypeBox schema (its symbols dropped). */
export function toJsonSchema(schema: TSchema): Record<string, unknown> {
  return JSON.parse(JSON.stringify(schema));
}

/** The template's `inputSchema`: the very object that validates, as JSON Schema 2020-12. */
export function inputSchemaOf(template: Template): Record<string, unknown> {
  return { $schema: JSON_SCHEMA_DIALECT, title: `${template.name} inputs`, ...toJsonSchema(template.inputs) };
}

/** Schema defaults, with object defaults expanded by their fields' own defaults. */
function defaultsOf(schema: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const properties = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
  for (const [name, prop] of Object.entries(properties)) {
    if (!("default" in prop)) continue;
    const value = prop.default;
    out[name] = prop.type === "object" && value && typeof value === "object" ? { ...defaultsOf(prop), ...value } : value;
  }
  return out;
}

export function templateDefaults(template: Template): Record<string, unknown> {
  return { ...defaultsOf(toJsonSchema(template.inputs)), ...template.impliedDefaults, aspectRatio: "9:16" };
}

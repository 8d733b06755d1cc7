import type { TSchema } from "@sinclair/typebox";

/** Schemas registered here become `components.schemas` entries in the OpenAPI document, referenced by `$ref`. */
const NAMES = new Map<TSchema, string>();

export function component<T extends TSchema>(name: string, schema: T): T {
  NAMES.set(schema, name);
  return schema;
}

export function componentName(schema: unknown): string | undefined {
  return NAMES.get(schema as TSchema);
}

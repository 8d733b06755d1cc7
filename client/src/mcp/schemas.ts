/**
 * Tool input schemas read from the served OpenAPI document, so a tool accepts exactly what its route
 * does: its parameters (path, query and header, header names in camelCase) and its JSON body. A body
 * that is a union of objects (one branch per template) becomes one object, since agents' tool schemas
 * must be an object at the top: `template` as an enum, `inputs` as the union of each template's inputs.
 */

type Json = Record<string, unknown>;

export interface OpenApiOperation {
  operationId: string;
  summary?: string;
  description?: string;
  parameters?: { name: string; in: string; required?: boolean; description?: string; schema?: Json }[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: Json }> };
}

export interface OpenApiDocument {
  info?: { title?: string; description?: string; version?: string };
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, Json> };
}

export interface FoundOperation {
  method: string;
  path: string;
  operation: OpenApiOperation;
}

export function findOperation(doc: OpenApiDocument, operationId: string): FoundOperation {
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (operation?.operationId === operationId) return { method: method.toUpperCase(), path, operation };
    }
  }
  throw new Error(`the service's OpenAPI document has no operation ${operationId}`);
}

/** `Idempotency-Key` -> `idempotencyKey`. */
export const argumentName = (parameter: string) => parameter.replace(/-(\w)/g, (_, c: string) => c.toUpperCase()).replace(/^\w/, (c) => c.toLowerCase());

/** Inlines `#/components/schemas/X` references (titled X, so an agent can tell union branches apart). */
export function inline(schema: unknown, doc: OpenApiDocument, seen: readonly string[] = []): unknown {
  if (Array.isArray(schema)) return schema.map((s) => inline(s, doc, seen));
  if (!schema || typeof schema !== "object") return schema;
  const ref = (schema as Json).$ref;
  if (typeof ref === "string" && ref.startsWith("#/components/schemas/")) {
    const name = ref.slice("#/components/schemas/".length);
    const target = doc.components?.schemas?.[name];
    if (!target || seen.includes(name)) return {};
    return { title: name, ...(inline(target, doc, [...seen, name]) as Json) };
  }
  return Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, inline(v, doc, seen)]));
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** An `anyOf`/`oneOf` of object schemas as one object schema (see the module comment). */
function mergeBranches(branches: Json[]): Json {
  const names = [...new Set(branches.flatMap((b) => Object.keys((b.properties ?? {}) as Json)))];
  const properties: Json = {};
  for (const name of names) {
    const variants = branches.map((b) => ((b.properties ?? {}) as Json)[name]).filter((v): v is Json => v !== undefined);
    const distinct = variants.filter((v, i) => variants.findIndex((w) => same(v, w)) === i);
    if (distinct.length === 1) properties[name] = distinct[0];
    else if (distinct.every((v) => "const" in v)) properties[name] = { type: "string", enum: distinct.map((v) => v.const) };
    else properties[name] = { anyOf: distinct };
  }
  const required = names.filter((n) => branches.every((b) => ((b.required ?? []) as string[]).includes(n)));
  const closed = branches.every((b) => b.additionalProperties === false);
  return { type: "object", properties, ...(required.length > 0 ? { required } : {}), ...(closed ? { additionalProperties: false } : {}) };
}

function asObject(schema: Json): Json {
  const union = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (union && union.every((b) => b.type === "object")) return mergeBranches(union);
  return schema;
}

/** The names an operation's arguments take from its parameters (the rest of the arguments are the body). */
export function parameterArguments(operation: OpenApiOperation): Map<string, { name: string; in: string }> {
  return new Map((operation.parameters ?? []).map((p) => [argumentName(p.name), { name: p.name, in: p.in }]));
}

/** The tool input schema of one operation, with `extra` properties of the tool's own. */
export function toolInputSchema(doc: OpenApiDocument, operation: OpenApiOperation, extra: Json = {}): Json {
  const bodySchema = operation.requestBody?.content?.["application/json"]?.schema;
  const body = bodySchema ? asObject(inline(bodySchema, doc) as Json) : { type: "object", properties: {} };
  const properties: Json = { ...((body.properties ?? {}) as Json) };
  const required = [...((body.required ?? []) as string[])];
  for (const parameter of operation.parameters ?? []) {
    const name = argumentName(parameter.name);
    properties[name] = { ...(inline(parameter.schema ?? {}, doc) as Json), ...(parameter.description ? { description: parameter.description } : {}) };
    if (parameter.required) required.push(name);
  }
  Object.assign(properties, extra);
  const { title: _title, ...rest } = body;
  return { ...rest, type: "object", properties, ...(required.length > 0 ? { required } : {}) };
}

/** The template ids of the guide route's path parameter. */
export function templateIds(doc: OpenApiDocument): string[] {
  const { operation } = findOperation(doc, "getTemplateGuide");
  const schema = inline(operation.parameters?.find((p) => p.in === "path")?.schema ?? {}, doc) as Json;
  const values = (schema.enum ?? (schema.anyOf as Json[] | undefined)?.map((b) => b.const)) as unknown[] | undefined;
  return (values ?? []).filter((v): v is string => typeof v === "string");
}

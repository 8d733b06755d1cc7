import type { TSchema } from "@sinclair/typebox";
import { TypeCompiler, type TypeCheck } from "@sinclair/typebox/compiler";
import { type ValueError, ValueErrorType } from "@sinclair/typebox/errors";
import { Value } from "@sinclair/typebox/value";
import { ALL_VOICE_IDS } from "../narration/voices.ts";
import type { ContentPorts } from "../content/ports.ts";
import { primaryLanguage } from "../narration/narrator.ts";
import { ApiError, type FieldIssue } from "../kernel/errors.ts";
import type { TemplateRegistry } from "./registry.ts";
import { type RuleIssue, applyAliases } from "../kernel/schema-kit.ts";
import type { Template } from "./template.ts";

/**
 * Pure validation of request bodies. Reports every failing field (not only the first), as
 * `{path, message, code}` with dotted paths from the body root: `inputs.messages[2].text`.
 */

const compiled = new WeakMap<TSchema, TypeCheck<TSchema>>();

function checkerFor(schema: TSchema): TypeCheck<TSchema> {
  let check = compiled.get(schema);
  if (!check) {
    check = TypeCompiler.Compile(schema);
    compiled.set(schema, check);
  }
  return check;
}

export function pointerToPath(pointer: string, prefix = ""): string {
  let path = prefix;
  for (const raw of pointer.split("/").slice(1)) {
    const part = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    path += /^\d+$/.test(part) ? `[${part}]` : path === "" ? part : `.${part}`;
  }
  return path;
}

function describeEnum(values: unknown[]): string {
  if (values.length > 12) return `must be one of the ${values.length} allowed values (see the template's inputSchema)`;
  return `must be one of: ${values.map((v) => String(v)).join(", ")}`;
}

function issueFromSchemaError(error: ValueError): RuleIssue {
  const schema = error.schema as Record<string, unknown>;
  const at = (code: string, message: string): RuleIssue => ({ pointer: error.path, code, message });
  switch (error.type) {
    case ValueErrorType.ObjectRequiredProperty:
      return at("required", "is required");
    case ValueErrorType.ObjectAdditionalProperties:
      return at("unknown_field", "is not a known field");
    case ValueErrorType.StringMinLength:
      return at("too_short", schema.minLength === 1 ? "must not be empty" : `must be at least ${schema.minLength} characters`);
    case ValueErrorType.StringMaxLength:
      return at("too_long", `must be at most ${schema.maxLength} characters`);
    case ValueErrorType.StringPattern:
    case ValueErrorType.StringFormat:
      return at("invalid_format", schema.format === "uri" ? "must be an absolute http(s) URL" : "has an invalid format");
    case ValueErrorType.NumberMinimum:
    case ValueErrorType.IntegerMinimum:
      return at("too_small", `must be at least ${schema.minimum}`);
    case ValueErrorType.NumberMaximum:
    case ValueErrorType.IntegerMaximum:
      return at("too_large", `must be at most ${schema.maximum}`);
    case ValueErrorType.ArrayMinItems:
      return at("too_few", `must have at least ${schema.minItems} item${schema.minItems === 1 ? "" : "s"}`);
    case ValueErrorType.ArrayMaxItems:
      return at("too_many", `must have at most ${schema.maxItems} items`);
    case ValueErrorType.Kind:
      if (Array.isArray(schema.enum)) return at("invalid_enum", describeEnum(schema.enum));
      return at("invalid", error.message);
    case ValueErrorType.Integer:
      return at("invalid_type", "must be an integer");
    case ValueErrorType.Number:
      return at("invalid_type", "must be a number");
    case ValueErrorType.String:
      return at("invalid_type", "must be a string");
    case ValueErrorType.Boolean:
      return at("invalid_type", "must be a boolean");
    case ValueErrorType.Array:
      return at("invalid_type", "must be an array");
    case ValueErrorType.Object:
      return at("invalid_type", typeof error.value === "string" ? "must be an object, not a bare string" : "must be an object");
    default:
      return at("invalid", error.message);
  }
}

/** Schema errors counted at most: the walk stops there (the answer lists 100 and counts the rest). */
const MAX_COUNTED_ISSUES = 10_000;

/** Schema errors, one per field: the first reported for a pointer is the most telling (required before type). */
export function schemaIssues(schema: TSchema, value: unknown): RuleIssue[] {
  const seen = new Set<string>();
  const issues: RuleIssue[] = [];
  for (const error of checkerFor(schema).Errors(value)) {
    if (issues.length >= MAX_COUNTED_ISSUES) break;
    if (seen.has(error.path)) continue;
    seen.add(error.path);
    issues.push(issueFromSchemaError(error));
  }
  return issues;
}

function getPointer(root: unknown, pointer: string): unknown {
  let cur = root;
  for (const part of pointer.split("/").slice(1)) {
    if (cur === null || typeof cur !== "object") return undefined;
    cur = (cur as Record<string, unknown>)[part];
  }
  return cur;
}

export function toFieldIssues(issues: RuleIssue[], prefix: string): FieldIssue[] {
  return issues.map((i) => ({ path: pointerToPath(i.pointer, prefix), message: i.message, code: i.code }));
}

/** The refusal for a set of issues: INVALID_VOICE or NARRATION_REQUIRED when those are the only problems. */
export function refusalFor(issues: FieldIssue[], subject: string): ApiError {
  const only = (code: string) => issues.length > 0 && issues.every((i) => i.code === code);
  const listed = issues.slice(0, 10).map((i) => `${i.path} ${i.message}`);
  const summary = issues.length > 10 ? `${listed.join("; ")}; and ${issues.length - 10} more (see errors)` : listed.join("; ");
  if (only("invalid_voice")) return new ApiError("INVALID_VOICE", summary, { errors: issues });
  if (only("narration_required")) return new ApiError("NARRATION_REQUIRED", summary, { errors: issues });
  const count = issues.length === 1 ? "1 field is invalid" : `${issues.length} fields are invalid`;
  return new ApiError("INVALID_INPUT", `${subject}: ${count}: ${summary}`, { errors: issues });
}

/** Issues of one template's inputs, paths relative to the inputs object (JSON pointers). */
export function templateInputIssues(template: Template, inputs: unknown): RuleIssue[] {
  if (inputs === null || typeof inputs !== "object" || Array.isArray(inputs)) {
    return [{ pointer: "", code: "invalid_type", message: "must be an object" }];
  }
  const raw = inputs as Record<string, unknown>;
  const narration = template.narrationRules(raw);
  const claimed = new Set(narration.map((i) => i.pointer));
  const issues = [...narration];
  for (const issue of schemaIssues(template.inputs, raw)) {
    if (claimed.has(issue.pointer)) continue;
    const value = getPointer(raw, issue.pointer);
    if (template.voiceFields.includes(issue.pointer) && typeof value === "string" && ALL_VOICE_IDS.has(value)) {
      issues.push({
        pointer: issue.pointer,
        code: "invalid_voice",
        message: `voice ${value} is not available for ${template.id}; use a voice whose templates include ${template.id} (GET /v1/options)`,
      });
    } else {
      issues.push(issue);
    }
    claimed.add(issue.pointer);
  }
  for (const rule of template.rules) {
    for (const issue of rule.check(raw)) {
      if (!claimed.has(issue.pointer)) {
        issues.push(issue);
        claimed.add(issue.pointer);
      }
    }
  }
  return issues;
}

/** Valid inputs with every schema default filled in: what productions and estimates receive. */
export function withDefaults<I>(template: Template<I>, inputs: unknown): I {
  const filled = Value.Default(template.inputs, structuredClone(inputs));
  applyAliases(template.inputs, filled);
  return filled as I;
}

export interface TemplateRequest<E> {
  template: Template;
  /** Valid for the template, with every default filled in: the template's `Static<typeof Inputs>`. */
  inputs: unknown;
  envelope: E;
}

/** Languages asked for that no voice of this deployment speaks, as field issues (ISO 639-1 `spoken`). */
export function unspokenLanguageIssues<I>(template: Template<I>, inputs: I, spoken: readonly string[]): RuleIssue[] {
  return (template.narratedLanguages?.(inputs) ?? [])
    .filter(({ language }) => !spoken.includes(primaryLanguage(language)))
    .map(({ pointer, language }) => ({
      pointer,
      code: "unsupported_language",
      message: `"${language}" cannot be narrated on this deployment: no voice speaks it (the languages spoken are listed in GET /v1/options voices[].languages)`,
    }));
}

/**
 * Validates `{template, inputs, ...}` bodies: the envelope against `envelopeSchema` (whose `inputs` is
 * any object), then the inputs against the named template, and the languages they ask for against
 * `spoken`, the languages this deployment narrates (every endpoint that makes or prices a video passes it). Unknown template ids give UNKNOWN_TEMPLATE; an empty
 * body is INVALID_INPUT.
 */
export function validateTemplateRequest<E extends { template: string; inputs: unknown }>(
  templates: TemplateRegistry,
  envelopeSchema: TSchema,
  body: unknown,
  spoken?: readonly string[],
): { ok: true; value: TemplateRequest<E> } | { ok: false; error: ApiError } {
  if (body === undefined) {
    return { ok: false, error: new ApiError("INVALID_INPUT", "A JSON body `{template, inputs}` is required.", { errors: [{ path: "", message: "is required", code: "required" }] }) };
  }
  const envelopeIssues = schemaIssues(envelopeSchema, body);
  const templateId = (body as { template?: unknown } | null)?.template;
  const templateValid = !envelopeIssues.some((i) => i.pointer === "/template");
  const template = typeof templateId === "string" ? templates.find(templateId) : undefined;
  if (templateValid && typeof templateId === "string" && !template) {
    return {
      ok: false,
      error: new ApiError("UNKNOWN_TEMPLATE", `No template with id "${templateId}". Templates: ${templates.ids.join(", ")}.`),
    };
  }
  const issues = toFieldIssues(envelopeIssues, "");
  const inputs = (body as { inputs?: unknown } | null)?.inputs;
  if (template && inputs !== null && typeof inputs === "object" && !Array.isArray(inputs)) {
    for (const issue of toFieldIssues(templateInputIssues(template, inputs), "inputs")) issues.push(issue);
  }
  if (issues.length > 0 || !template) return { ok: false, error: refusalFor(issues, "request body") };
  const filled = withDefaults(template, inputs);
  const unspoken = spoken ? toFieldIssues(unspokenLanguageIssues(template, filled, spoken), "inputs") : [];
  if (spoken && unspoken.length > 0) {
    // The field's message stays short (problem fields are clipped); the detail lists every language spoken.
    const detail = `${unspoken.map((i) => `${i.path} ${i.message}`).join("; ")}. Supported languages (ISO 639-1): ${spoken.join(", ")}.`;
    return { ok: false, error: new ApiError("INVALID_INPUT", detail, { errors: unspoken }) };
  }
  const refusal = template.contentRefusal?.(filled);
  if (refusal) {
    const [field] = toFieldIssues([{ pointer: refusal.pointer, code: "safety_rejected", message: `was refused because ${refusal.reason}` }], "inputs");
    return { ok: false, error: new ApiError("SAFETY_REJECTED", `${field!.path} was refused because ${refusal.reason}.`, { errors: [field!] }) };
  }
  return { ok: true, value: { template, inputs: filled, envelope: body as E } };
}

/**
 * Refuses inputs the deployment cannot make content for, before anything is queued, charged or written:
 * the template's coverageRefusal as a problem whose `errors` entry sits at the input's path and says
 * what is covered (the detail says it in full).
 */
export function refuseUncovered<I>(template: Template<I>, inputs: I, content: ContentPorts): void {
  const refusal = template.coverageRefusal?.(inputs, content);
  if (!refusal) return;
  const [field] = toFieldIssues([{ pointer: refusal.pointer, code: "not_covered", message: `is not covered on this deployment; covered: ${refusal.covered}` }], "inputs");
  throw new ApiError(refusal.code, refusal.reason, { errors: [field!] });
}

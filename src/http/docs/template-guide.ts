import { FAILURE_CODES } from "../../kernel/errors.ts";
import { templateDefaults, toJsonSchema } from "../../templates/describe.ts";
import { failureCodesOf } from "../../templates/failures.ts";
import { freeStepGuide } from "../../templates/free-steps.ts";
import type { Template } from "../../templates/template.ts";

type Json = Record<string, any>;

export interface FieldLine {
  path: string;
  type: string;
  required: boolean;
  defaultValue: unknown;
  constraint: string;
  description: string;
}

function typeOf(schema: Json): string {
  if (Array.isArray(schema.enum)) return typeof schema.enum[0] === "number" ? "number" : "string";
  if (schema.type === "array") return `array of ${typeOf(schema.items ?? {})}`;
  return String(schema.type ?? "any");
}

function constraintOf(schema: Json): string {
  const parts: string[] = [];
  if (Array.isArray(schema.enum)) parts.push(schema.enum.length > 12 ? `one of ${schema.enum.length} ids` : `one of ${schema.enum.join(", ")}`);
  const range = (min: unknown, max: unknown, unit: string) => {
    if (min !== undefined && max !== undefined) parts.push(`${min}-${max}${unit}`);
    else if (max !== undefined) parts.push(`max ${max}${unit}`);
    else if (min !== undefined) parts.push(`min ${min}${unit}`);
  };
  range(schema.minLength, schema.maxLength, " chars");
  range(schema.minimum, schema.maximum, "");
  range(schema.minItems, schema.maxItems, " items");
  if (schema.format === "uri") parts.push("absolute URL");
  if (schema.pattern) parts.push(`pattern ${schema.pattern}`);
  return parts.join("; ");
}

/** Every field of an inputs schema, depth first, with dotted paths (`messages[].text`). */
export function fieldLines(schema: Json, prefix = ""): FieldLine[] {
  const lines: FieldLine[] = [];
  const required = new Set<string>(schema.required ?? []);
  for (const [name, prop] of Object.entries<Json>(schema.properties ?? {})) {
    const path = prefix ? `${prefix}.${name}` : name;
    lines.push({
      path,
      type: typeOf(prop),
      required: required.has(name),
      defaultValue: prop.default,
      constraint: constraintOf(prop),
      description: prop.description ?? "",
    });
    if (prop.type === "object") lines.push(...fieldLines(prop, path));
    if (prop.type === "array" && prop.items?.type === "object") lines.push(...fieldLines(prop.items, `${path}[]`));
  }
  return lines;
}

function formatDefault(value: unknown): string {
  if (value === undefined) return "";
  return typeof value === "string" ? value : JSON.stringify(value);
}

export interface GuideContext {
  publicBaseUrl: string;
}

/** GET /v1/templates/{id}.txt: inputs, defaults, a working example, credits, notes, errors. */
export function templateGuide(template: Template, ctx: GuideContext): string {
  const schema = toJsonSchema(template.inputs);
  const fields = fieldLines(schema)
    .map((f) => {
      const bits = [f.type, f.required ? "required" : "optional"];
      if (f.defaultValue !== undefined) bits.push(`default ${formatDefault(f.defaultValue)}`);
      if (f.constraint) bits.push(f.constraint);
      return `- ${f.path} (${bits.join("; ")})${f.description ? `: ${f.description}` : ""}`;
    })
    .join("\n");
  const rules = template.rules.map((r) => `- ${r.description}`);
  if (template.voiceSet.length > 0) rules.push(`- Voice fields (${template.voiceFields.map((p) => p.slice(1).replace("/", ".")).join(", ")}) take ids of the ${template.voiceSet.length}-voice set listed in GET /v1/options (voices[].templates includes ${template.id}); another known voice gives INVALID_VOICE.`);
  const failures = failureCodesOf(template)
    .map((code) => `- ${code}: ${FAILURE_CODES[code].meaning}`)
    .join("\n");
  const example = (inputs: Record<string, unknown>) => JSON.stringify({ template: template.id, inputs }, null, 2);
  return `# ${template.name} (${template.id})

${template.description}

## Create

POST ${ctx.publicBaseUrl}/v1/videos with \`Authorization: Bearer <API_KEY>\` and a JSON body \`{template, inputs, projectId?, webhookUrl?}\`. The answer is 202 with the video; poll GET /v1/videos/{id} every 10-20 s or pass webhookUrl.

Minimal example:

${example(template.examples.minimal)}

Example with options:

${example(template.examples.full)}

## Inputs

Unknown fields are refused with 400 INVALID_INPUT, which lists every failing field in \`errors\` as {path, message, code}.

${fields}

Rules:
${rules.join("\n")}

## Defaults

${JSON.stringify(templateDefaults(template), null, 2)}

## Free tools

${freeStepGuide(template)}

## Credits

${template.paidSteps.map((s) => `- ${s.step}: ${s.credits}`).join("\n")}
- The plan and balance are checked before anything runs, so a 402 refusal costs nothing. A failed or cancelled video costs nothing.

## Notes

${template.notes.map((n) => `- ${n}`).join("\n")}

## Errors

Request errors (problem+json): INVALID_INPUT, INVALID_VOICE, UNKNOWN_TEMPLATE, NARRATION_REQUIRED, INVALID_WEBHOOK_URL, SAFETY_REJECTED, the 401 and 402 codes, RATE_LIMITED and CONCURRENCY_LIMIT (429, with Retry-After). Full list: ${ctx.publicBaseUrl}/v1/errors

Video failure codes (error.code on a failed video and in video.failed):
${failures}
`;
}

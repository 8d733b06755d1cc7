import { ApiError } from "../kernel/errors.ts";
import type { TemplateRegistry } from "./registry.ts";
import type { FreeStep, Template } from "./template.ts";

type FreeStepKind = FreeStep<unknown>["kind"];

/** The free steps of the API, by kind: where they are and what their guides say. */
const FREE_STEPS: Record<FreeStepKind, { endpoint: string; verb: string; guide(template: Template): string }> = {
  script: {
    endpoint: "POST /v1/scripts",
    verb: "writes",
    guide: (t) =>
      `- script: POST /v1/scripts {template, inputs} (free) saves the draft on a new project and returns its projectId; PATCH /v1/scripts/{projectId} {${t.freeStep?.kind === "script" ? t.freeStep.edit.field : "script"}: ...} (free) replaces its words with yours.`,
  },
  preview: {
    endpoint: "POST /v1/previews",
    verb: "makes",
    guide: (t) => `- preview: POST /v1/previews {template: ${t.id}, inputs, projectId?} (free) returns a ~10 s teaser audio with word captions and a projectId.`,
  },
};

/** "a", "a and b", "a, b and c". */
export function listInWords(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/** The endpoint of a template's free step, for messages that send a caller there. */
export function freeStepEndpoint(step: FreeStep<unknown>): string {
  return FREE_STEPS[step.kind].endpoint;
}

/** The template guide's line about its free step. */
export function freeStepGuide(template: Template): string {
  return template.freeStep ? FREE_STEPS[template.freeStep.kind].guide(template) : "None: this template has no free step.";
}

/** The wire `freeTools` of a template. */
export function freeToolsOf(template: Template): string[] {
  return template.freeStep ? [template.freeStep.kind] : [];
}

/** What a caller should use instead: the template's own free step, or that it has none. */
export function freeStepAdvice(template: Template): string {
  return template.freeStep ? `its free step is ${freeStepEndpoint(template.freeStep)}` : "it has no free step: call POST /v1/estimate for the cost, then POST /v1/videos";
}

/** TEMPLATE_NOT_AVAILABLE when the body names a known template that does not have this free step. */
export function refuseMissingFreeStep(templates: TemplateRegistry, body: unknown, kind: FreeStepKind): void {
  const id = (body as { template?: unknown } | null)?.template;
  const template = typeof id === "string" ? templates.find(id) : undefined;
  if (!template || template.freeStep?.kind === kind) return;
  const step = FREE_STEPS[kind];
  const makers = templates.withFreeStep(kind).map((t) => `${t.id} ${t.freeStep!.makes}`);
  throw new ApiError("TEMPLATE_NOT_AVAILABLE", `${step.endpoint} ${step.verb} ${listInWords(makers)} only; ${template.id} has no such step, ${freeStepAdvice(template)}.`);
}

/**
 * The reminders a draft, and a video made from it, carries: the template's (AI-drafted words) for a
 * draft as written, its free step's edited ones once the caller has put their own words in.
 */
export function draftNotices(template: Template, content: unknown): string[] {
  const step = template.freeStep;
  const edited = step?.kind === "script" && typeof (content as { editedAt?: unknown } | null)?.editedAt === "string";
  return (edited ? step.edit.notices : template.notices) ?? [];
}

import { ApiError } from "../errors.ts";
import { findTemplate } from "./registry.ts";
import type { TemplateDefinition } from "./template.ts";

/** The free steps of the API, by the name templates list in `freeTools`. */
const FREE_STEPS = { script: "POST /v1/scripts", preview: "POST /v1/previews" } as const;
export type FreeStep = keyof typeof FREE_STEPS;

/** What a caller should use instead: the template's own free step, or that it has none. */
export function freeStepAdvice(template: TemplateDefinition): string {
  const own = template.freeTools[0] as FreeStep | undefined;
  return own ? `its free step is ${FREE_STEPS[own]}` : "it has no free step: call POST /v1/estimate for the cost, then POST /v1/videos";
}

/** TEMPLATE_NOT_AVAILABLE when the body names a known template that does not have this free step. */
export function refuseMissingFreeStep(body: unknown, step: FreeStep, why: string): void {
  const id = (body as { template?: unknown } | null)?.template;
  const template = typeof id === "string" ? findTemplate(id) : undefined;
  if (!template || template.freeTools.includes(step)) return;
  throw new ApiError("TEMPLATE_NOT_AVAILABLE", `${FREE_STEPS[step]} ${why}; ${template.id} has no such step, ${freeStepAdvice(template)}.`);
}

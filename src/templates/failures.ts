import { FAILURE_CODES, type FailureCode, LIFECYCLE_FAILURES } from "../kernel/errors.ts";
import type { TemplateRegistry } from "./registry.ts";
import type { Template } from "./template.ts";

/** Every code a video of the template can fail with, in the order of the failure table. */
export function failureCodesOf(template: Template): FailureCode[] {
  const own = new Set<FailureCode>([...template.failures.stages, template.failures.narration, ...LIFECYCLE_FAILURES]);
  if (template.failures.draft) own.add(template.failures.draft);
  return (Object.keys(FAILURE_CODES) as FailureCode[]).filter((code) => own.has(code));
}

/** The templates that can fail with a code, in registry order. */
export function templatesFailingWith(templates: TemplateRegistry, code: FailureCode): string[] {
  return templates.list.filter((t) => failureCodesOf(t).includes(code)).map((t) => t.id);
}

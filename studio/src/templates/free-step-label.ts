import type { Template } from "../../../client/src/client.ts";

export type FreeStepKind = "script" | "preview";

/** The template's free first step, from its served `freeTools`. */
export function freeStepOf(template: Template): FreeStepKind | null {
  const tools = template.freeTools as readonly string[];
  if (tools.includes("script")) return "script";
  if (tools.includes("preview")) return "preview";
  return null;
}

/**
 * What the script step writes, in words: the API names both an article's script and a quiz's
 * question pack `script`, and the quiz's inputs are the only ones with a question count.
 */
export function writtenThing(template: Template): "question pack" | "script" {
  const properties = (template.inputSchema as { properties?: Record<string, unknown> }).properties ?? {};
  return "questionCount" in properties ? "question pack" : "script";
}

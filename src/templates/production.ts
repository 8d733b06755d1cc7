import { ContentError } from "../content/errors.ts";
import type { FailureCode } from "../kernel/errors.ts";
import { NarrationError } from "../narration/narrator.ts";
import type { PreRenderStage, ProductionContext, Template } from "./template.ts";

/** A stage that failed with a video failure code; `retryable` failures are tried again with backoff. */
export class StageFailure extends Error {
  constructor(
    readonly code: FailureCode,
    message: string,
    readonly retryable = false,
    /** A tool's raw output behind the failure: logged, never part of the video's error. */
    readonly toolOutput?: string,
  ) {
    super(message);
  }
}

/**
 * A stage's failure under the template's names for it: a narrator's failure is its narration code; a
 * content failure keeps its own code, except that a safety refusal of generated or fetched text is the
 * draft failing; an unreachable narrator or generator is worth another attempt.
 */
export function stageFailureOf<I>(template: Template<I>, error: unknown): unknown {
  if (error instanceof NarrationError) return new StageFailure(template.failures.narration, `The narration could not be recorded: ${error.message}`, error.retryable, error.toolOutput);
  if (error instanceof ContentError) {
    const code: FailureCode = error.code === "SAFETY_REJECTED" ? (template.failures.draft ?? "SCRIPT_FAILED") : error.code;
    return new StageFailure(code, error.message, error.upstream);
  }
  return error;
}

/** Runs one of the template's stages; its failures come out as the template names them. */
export async function runTemplateStage<I>(template: Template<I>, stage: PreRenderStage, ctx: ProductionContext<I>, outputs: Record<string, unknown>): Promise<unknown> {
  try {
    return await template.runStage(stage, ctx, outputs);
  } catch (error) {
    throw stageFailureOf(template, error);
  }
}

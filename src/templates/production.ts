import type { Timeline } from "../../render/timeline.ts";
import { ContentError } from "../content/errors.ts";
import type { ContentPorts } from "../content/ports.ts";
import type { FailureCode } from "../errors.ts";
import type { MediaLibrary } from "../media/library.ts";
import type { OwnMediaImporter } from "../media/own-media.ts";
import { NarrationError, type Narrator } from "../narration/narrator.ts";
import { narrationFailureCode } from "../narration/service.ts";
import type { TemplateId } from "./template.ts";

/** What a template's production may use; it never spawns processes itself. */
export interface ProductionPorts {
  narrator: Narrator;
  library: MediaLibrary;
  ownMedia: OwnMediaImporter;
  content: ContentPorts;
  /** Draws an SVG to a PNG (on the render pool's threads). */
  drawPng(svg: string, outPath: string): Promise<void>;
}

export interface ProductionContext {
  videoId: string;
  accountId: string;
  inputs: Record<string, unknown>;
  projectId: string | null;
  /** Kept across attempts of this video on this machine; files named in stage outputs live here. */
  workDir: string;
  ports: ProductionPorts;
}

/** A stage that failed with a video failure code; `retryable` failures are tried again with backoff. */
export class StageFailure extends Error {
  constructor(
    readonly code: FailureCode,
    message: string,
    readonly retryable = false,
  ) {
    super(message);
  }
}

export type PreRenderStage = "preparing_media" | "generating_script" | "narrating";

export interface Charges {
  narration: number;
  render: number;
  videos: number;
  narrationSeconds: number;
}

/**
 * How a template makes its video: stages before the render (each returns plain JSON that is persisted,
 * so a restarted attempt resumes after the last finished stage), then a Timeline for the renderer.
 */
export interface TemplateProduction {
  stages: PreRenderStage[];
  runStage(stage: PreRenderStage, ctx: ProductionContext, outputs: Record<string, unknown>): Promise<unknown>;
  /** Files a finished stage left in the work folder; a stage whose files are gone runs again. */
  stageFiles(stage: PreRenderStage, output: unknown): string[];
  compose(ctx: ProductionContext, outputs: Record<string, unknown>): Promise<{ timeline: Timeline; cutAtMs?: number }>;
  /** What the finished video costs, from what was actually used. */
  charges(inputs: Record<string, unknown>, outputs: Record<string, unknown>, legacy: boolean): Charges;
}

/**
 * What a finished video costs under the spec's credit rules: legacy plans pay 1 narration credit per
 * started minute of billed narration and 1 export credit; current plans use 1 video of the allowance.
 */
export function videoCharges(billedNarrationSeconds: number, recordedSeconds: number, legacy: boolean): Charges {
  return {
    narration: legacy ? Math.ceil(billedNarrationSeconds / 60) : 0,
    render: legacy ? 1 : 0,
    videos: legacy ? 0 : 1,
    narrationSeconds: Math.round(recordedSeconds),
  };
}

/** Runs a narration step; a narrator's failure becomes the template's narration failure code. */
export async function recordNarration<T>(template: TemplateId, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof NarrationError) throw new StageFailure(narrationFailureCode(template), `The narration could not be recorded: ${error.message}`, error.retryable);
    throw error;
  }
}

/**
 * Runs a content step (ingest, script, pack). Its failures become the template's failure codes; a safety
 * refusal of generated or fetched text is the script or pack failing, and an unreachable generator is
 * worth another attempt.
 */
export async function writeContent<T>(template: "article_video" | "quiz_video", run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    const fallback: FailureCode = template === "article_video" ? "SCRIPT_FAILED" : "PACK_FAILED";
    const code: FailureCode = error.code === "SAFETY_REJECTED" ? fallback : error.code;
    throw new StageFailure(code, error.message, error.upstream);
  }
}

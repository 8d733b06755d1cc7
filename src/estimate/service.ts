import type { Static } from "@sinclair/typebox";
import type { AccountRow } from "../../db/schema/index.ts";
import { findPlan } from "../billing/plans.ts";
import type { TemplateDefinition } from "../templates/template.ts";
import { estimateDuration } from "./duration.ts";
import type { EstimateSchema } from "./model.ts";

/** Processing model: fixed set-up (media, voices) plus render time proportional to the video's length. */
export interface Throughput {
  overheadSeconds: number;
  secondsPerVideoSecond: number;
}

/** Until the host has measured itself: libx264 on 2 cores renders a 1080x1920 short at about real time. */
export const DEFAULT_THROUGHPUT: Throughput = { overheadSeconds: 15, secondsPerVideoSecond: 1 };

export function estimateVideo(
  account: AccountRow,
  template: TemplateDefinition,
  inputs: Record<string, unknown>,
  throughput: Throughput,
): Static<typeof EstimateSchema> {
  const duration = estimateDuration(template.id, inputs);
  const legacy = findPlan(account.planTier)?.pricingV2 === false;
  const narrationCredits = legacy && duration.narrationSeconds > 0 ? Math.ceil(duration.narrationSeconds / 60) : 0;
  const [narrationStep, renderStep] = template.paidSteps;
  return {
    template: template.id,
    steps: [
      { step: narrationStep!.step, credits: narrationCredits, unit: legacy ? "narration_credits" : "included" },
      { step: renderStep!.step, credits: 1, unit: legacy ? "export_credits" : "videos" },
    ],
    charges: { narration: narrationCredits, render: legacy ? 1 : 0, videos: legacy ? 0 : 1 },
    expectedDurationSeconds: Math.round(duration.videoSeconds * 10) / 10,
    expectedNarrationSeconds: Math.round(duration.narrationSeconds * 10) / 10,
    expectedProcessingSeconds: Math.ceil(throughput.overheadSeconds + duration.videoSeconds * throughput.secondsPerVideoSecond),
  };
}

import type { AccountRow } from "../../db/schema/index.ts";
import { isLegacyPlan, videoCharges } from "../billing/charges.ts";
import type { Template } from "../templates/template.ts";
import type { Estimate } from "./model.ts";

/** Processing model: fixed set-up (media, voices) plus render time proportional to the video's length. */
export interface Throughput {
  overheadSeconds: number;
  secondsPerVideoSecond: number;
}

/** Until the host has measured itself: libx264 on 2 cores renders a 1080x1920 short at about real time. */
export const DEFAULT_THROUGHPUT: Throughput = { overheadSeconds: 15, secondsPerVideoSecond: 1 };

/** What a video of valid, default-filled inputs is expected to cost and take; the charges follow billing's rule. */
export function estimateVideo(account: AccountRow, template: Template, inputs: unknown, throughput: Throughput): Estimate {
  const duration = template.estimate(inputs);
  const legacy = isLegacyPlan(account.planTier);
  const { narration, render, videos } = videoCharges({ billedSeconds: duration.narrationSeconds, recordedSeconds: duration.narrationSeconds }, legacy);
  const [narrationStep, renderStep] = template.paidSteps;
  return {
    template: template.id,
    steps: [
      { step: narrationStep!.step, credits: narration, unit: legacy ? "narration_credits" : "included" },
      { step: renderStep!.step, credits: 1, unit: legacy ? "export_credits" : "videos" },
    ],
    charges: { narration, render, videos },
    expectedDurationSeconds: Math.round(duration.videoSeconds * 10) / 10,
    expectedNarrationSeconds: Math.round(duration.narrationSeconds * 10) / 10,
    expectedProcessingSeconds: Math.ceil(throughput.overheadSeconds + duration.videoSeconds * throughput.secondsPerVideoSecond),
  };
}

import { findPlan } from "./plans.ts";

/** Narration pace the spec uses to bill and estimate caller-written text. */
export const CHARS_PER_SECOND = 15;

/** What a finished video used, the basis of its charges: each template reports it. */
export interface NarrationUsage {
  /** Narration seconds billed to legacy plans (the recording, or the spec's estimate from the text). */
  billedSeconds: number;
  /** Narration actually recorded, counted against fair use. */
  recordedSeconds: number;
}

/** What a video costs, per counter, and the narration it counts against fair use. */
export interface Charges {
  narration: number;
  render: number;
  videos: number;
  narrationSeconds: number;
}

/** Legacy plans pay with credits; current plans from the monthly allowance. No plan is neither. */
export function isLegacyPlan(planTier: string | null): boolean {
  return findPlan(planTier)?.pricingV2 === false;
}

/** The account's `pricingV2` as GET /v1/me reports it: the plan says, and an account without one is on current pricing. */
export function pricingV2Of(planTier: string | null): boolean {
  return !isLegacyPlan(planTier);
}

/**
 * The spec's credit rules for one video: legacy plans pay 1 narration credit per started minute of billed
 * narration and 1 export credit; current plans use 1 video of the allowance and include narration.
 */
export function videoCharges(usage: NarrationUsage, legacy: boolean): Charges {
  return {
    narration: legacy ? Math.ceil(usage.billedSeconds / 60) : 0,
    render: legacy ? 1 : 0,
    videos: legacy ? 0 : 1,
    narrationSeconds: Math.round(usage.recordedSeconds),
  };
}

import type { PaidStep } from "./template.ts";

/** The spec's credit rules, shared by the templates that follow them. */
export const RENDER_STEP: PaidStep = {
  step: "render",
  credits: "1 video from the monthly allowance on current plans; 1 export credit on legacy plans.",
};

export function narrationStep(step: string, basis: string): PaidStep {
  return {
    step,
    credits: `Legacy plans: 1 credit per started minute of narration (${basis}). Current plans: included within fair use.`,
  };
}

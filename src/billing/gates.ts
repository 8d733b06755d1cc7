import type { UsageSummary } from "../../db/repos/usage.ts";
import type { AccountRow } from "../../db/schema/index.ts";
import { ApiError } from "../kernel/errors.ts";
import type { Charges } from "./charges.ts";
import { findPlan, monthlyAllowance } from "./plans.ts";

/**
 * The plan and balance gates of a new video, before anything runs or is charged. Videos still in
 * progress are counted as if they will complete, so three parallel creates cannot overspend.
 */
export function checkGates(account: AccountRow, usage: UsageSummary, reserved: Charges, cost: Charges): ApiError | undefined {
  const plan = findPlan(account.planTier);
  if (!plan) {
    return new ApiError("SUBSCRIPTION_REQUIRED", "Rendering a video needs an active plan; this account has none.", { upsell: "subscribe" });
  }
  if (plan.pricingV2) {
    const allowance = monthlyAllowance(account);
    const used = usage.charged.videos + reserved.videos;
    if (used + cost.videos > allowance) {
      return new ApiError(
        "VIDEO_ALLOWANCE_EXHAUSTED",
        `The monthly allowance of ${allowance} videos is used up (${usage.charged.videos} charged, ${reserved.videos} in progress); it renews at the next period.`,
        { upsell: "topup" },
      );
    }
    const fairUseSeconds = plan.fairUseNarrationMinutes * 60;
    if (usage.narrationSeconds + reserved.narrationSeconds + cost.narrationSeconds > fairUseSeconds) {
      return new ApiError(
        "SOFT_CAP_REACHED",
        `This video's narration would pass the plan's fair-use limit of ${plan.fairUseNarrationMinutes} minutes this period.`,
        { upsell: "topup" },
      );
    }
    return undefined;
  }
  if (account.exportCredits - reserved.render < cost.render) {
    return new ApiError("INSUFFICIENT_CREDITS", `Rendering needs ${cost.render} export credit; ${Math.max(0, account.exportCredits - reserved.render)} available.`, {
      upsell: "topup",
    });
  }
  if (account.credits - reserved.narration < cost.narration) {
    return new ApiError(
      "INSUFFICIENT_CREDITS",
      `The narration needs ${cost.narration} credits (1 per started minute); ${Math.max(0, account.credits - reserved.narration)} available.`,
      { upsell: "topup" },
    );
  }
  return undefined;
}

import type { AccountRow } from "../../db/schema/index.ts";

/**
 * Plans an operator can give an account. Current plans (pricingV2) pay renders from a monthly video
 * allowance and include narration within fair use; the legacy plan pays narration with credits (1 per
 * started minute) and renders with export credits.
 */
export interface Plan {
  tier: string;
  name: string;
  pricingV2: boolean;
  monthlyVideos: number;
  /** Fair-use narration minutes per period on current plans; beyond it SOFT_CAP_REACHED. */
  fairUseNarrationMinutes: number;
}

export const PLANS: readonly Plan[] = [
  { tier: "starter", name: "Starter", pricingV2: true, monthlyVideos: 30, fairUseNarrationMinutes: 120 },
  { tier: "pro", name: "Pro", pricingV2: true, monthlyVideos: 120, fairUseNarrationMinutes: 480 },
  { tier: "business", name: "Business", pricingV2: true, monthlyVideos: 500, fairUseNarrationMinutes: 2000 },
  { tier: "legacy", name: "Legacy (credits)", pricingV2: false, monthlyVideos: 0, fairUseNarrationMinutes: 0 },
];

export const DEFAULT_PLAN_TIER = "pro";

export function findPlan(tier: string | null): Plan | undefined {
  return tier === null ? undefined : PLANS.find((p) => p.tier === tier);
}

/** Videos a month on a current plan: the account's override, else the plan's. */
export function monthlyAllowance(account: Pick<AccountRow, "planTier" | "videoAllowanceOverride">): number {
  return account.videoAllowanceOverride ?? findPlan(account.planTier)?.monthlyVideos ?? 0;
}

/** A billing period is a calendar month counted from the account's period start day. */
export function currentPeriod(periodStartedAt: Date, now: Date): { start: Date; end: Date } {
  const start = new Date(periodStartedAt);
  while (addMonth(start) <= now) start.setTime(addMonth(start).getTime());
  return { start, end: addMonth(start) };
}

function addMonth(d: Date): Date {
  const next = new Date(d);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}

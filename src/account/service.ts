import type { Static } from "@sinclair/typebox";
import type { AccountRow, ApiKeyRow } from "../../db/schema/index.ts";
import type { Upsell } from "../kernel/errors.ts";
import { SIGNATURE_HEADER, SIGNATURE_SCHEME } from "../webhooks/signature.ts";
import type { AccountSchema } from "./model.ts";
import { pricingV2Of } from "../billing/charges.ts";
import { currentPeriod, findPlan, monthlyAllowance } from "../billing/plans.ts";
import type { UsageSummary } from "../../db/repos/usage.ts";
import { deepFreeze } from "../kernel/frozen-json.ts";

import type { AccountReads } from "./reads.ts";

/** What describing an account uses. */
export interface AccountDeps {
  accountReads: AccountReads;
  now(): Date;
}

/** The upsell a 402 or /v1/me shows: no plan -> subscribe; a plan with nothing left -> topup. */
export function upsellFor(account: AccountRow, videosRemaining: number): Upsell {
  const plan = findPlan(account.planTier);
  if (!plan) return "subscribe";
  const exhausted = plan.pricingV2 ? videosRemaining <= 0 : account.exportCredits <= 0;
  return exhausted ? "topup" : "none";
}

type AccountView = Static<typeof AccountSchema>;

/** The period an account row was last seen in: the same until its end (a new row starts again). */
const periods = new WeakMap<AccountRow, { start: Date; end: Date }>();
/** The view last built from a usage summary, and what else it was built from. */
const views = new WeakMap<UsageSummary, { account: AccountRow; key: ApiKeyRow | null; view: AccountView }>();

/**
 * GET /v1/me, when the account's usage is kept in memory (answered at once). The view depends on the
 * account and key rows, the period and the usage in it, each of which the caches replace with a new
 * object when it changes: while all are the same objects, the same frozen view (and so the same JSON
 * text) is the answer.
 */
export function cachedAccountView(deps: AccountDeps, account: AccountRow, key: ApiKeyRow | null): AccountView | undefined {
  const period = periodOf(account, deps.now());
  const usage = deps.accountReads.cachedUsage(account.id, period.start);
  return usage && viewOf(account, key, period, usage);
}

/** GET /v1/me. */
export async function describeAccount(deps: AccountDeps, account: AccountRow, key: ApiKeyRow | null): Promise<AccountView> {
  const period = periodOf(account, deps.now());
  return viewOf(account, key, period, await deps.accountReads.usage(account.id, period.start));
}

function periodOf(account: AccountRow, now: Date): { start: Date; end: Date } {
  const seen = periods.get(account);
  const at = now.getTime();
  // Compared as numbers: comparing Dates converts each to a primitive first, on every request.
  if (seen && at < seen.end.getTime() && at >= seen.start.getTime()) return seen;
  const period = currentPeriod(account.periodStartedAt, now);
  periods.set(account, period);
  return period;
}

function viewOf(account: AccountRow, key: ApiKeyRow | null, period: { start: Date; end: Date }, usage: UsageSummary): AccountView {
  const seen = views.get(usage);
  if (seen && seen.account === account && seen.key === key) return seen.view;
  const view = deepFreeze(buildView(account, key, period, usage));
  views.set(usage, { account, key, view });
  return view;
}

function buildView(account: AccountRow, key: ApiKeyRow | null, period: { start: Date; end: Date }, usage: UsageSummary): AccountView {
  const plan = findPlan(account.planTier);
  const monthlyVideos = plan?.pricingV2 ? monthlyAllowance(account) : 0;
  const videosRemaining = Math.max(0, monthlyVideos - usage.charged.videos);
  return {
    user: { id: account.id, email: account.email },
    plan: { tier: account.planTier, pricingV2: pricingV2Of(account.planTier) },
    entitlement: {
      canUseTemplates: plan !== undefined && account.status === "active",
      upsell: upsellFor(account, videosRemaining),
      credits: { narration: account.credits, ai: account.aiCredits, export: account.exportCredits },
      plan: {
        tier: account.planTier,
        name: plan?.name ?? null,
        pricingV2: pricingV2Of(account.planTier),
        monthlyVideos,
        videosRemaining,
        fairUseNarrationMinutes: plan?.fairUseNarrationMinutes ?? 0,
        periodStart: period.start.toISOString(),
        periodEnd: period.end.toISOString(),
      },
    },
    usage: {
      periodStart: period.start.toISOString(),
      periodEnd: period.end.toISOString(),
      videosCreated: usage.videosCreated,
      videosCompleted: usage.videosCompleted,
      videosInProgress: usage.videosInProgress,
      creditsCharged: usage.charged,
      narrationMinutes: Math.round((usage.narrationSeconds / 60) * 100) / 100,
    },
    limits: {
      requestsPerMinute: account.requestsPerMinute,
      createsPerMinute: account.createsPerMinute,
      freeToolsPerHour: account.freeToolsPerHour,
      freeToolsPerDay: account.freeToolsPerDay,
      concurrentRenders: account.concurrentRenders,
      mediaImportsPerDay: account.mediaImportsPerDay,
      concurrentStreams: account.concurrentStreams,
    },
    webhooks: { signingSecret: account.signingSecret, signatureHeader: SIGNATURE_HEADER, scheme: SIGNATURE_SCHEME },
    key: key && {
      id: key.id,
      name: key.name,
      prefix: key.prefix,
      scopes: key.scopes,
      createdAt: key.createdAt.toISOString(),
    },
  };
}

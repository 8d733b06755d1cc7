import type { Me } from "./sign-in.tsx";

const date = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: "numeric", month: "short", day: "numeric" });

/** The account as GET /v1/me describes it: plan, what is left this period, the limits. */
export function AccountPanel({ me, compact = false }: { me: Me; compact?: boolean }) {
  const plan = me.entitlement.plan;
  const credits = me.entitlement.credits;
  return (
    <section class="card account" aria-labelledby="account-heading">
      <h2 id="account-heading">Your account</h2>
      <dl class="facts">
        <div>
          <dt>Plan</dt>
          <dd>{plan?.name ?? me.plan.tier}</dd>
        </div>
        {plan?.videosRemaining !== undefined && plan.videosRemaining !== null && (
          <div>
            <dt>Videos left this period</dt>
            <dd>
              {plan.videosRemaining} of {plan.monthlyVideos}
            </dd>
          </div>
        )}
        {plan?.periodEnd && (
          <div>
            <dt>Period ends</dt>
            <dd>{date(plan.periodEnd)}</dd>
          </div>
        )}
        {!me.plan.pricingV2 && (
          <div>
            <dt>Credits</dt>
            <dd>
              {credits.narration} narration, {credits.ai} AI, {credits.export} export
            </dd>
          </div>
        )}
        <div>
          <dt>In progress</dt>
          <dd>
            {me.usage.videosInProgress} of {me.limits.concurrentRenders}
          </dd>
        </div>
      </dl>
      {!compact && (
        <>
          <h3>Limits</h3>
          <dl class="facts">
            <div>
              <dt>Requests</dt>
              <dd>{me.limits.requestsPerMinute} a minute</dd>
            </div>
            <div>
              <dt>Videos started</dt>
              <dd>{me.limits.createsPerMinute} a minute</dd>
            </div>
            <div>
              <dt>Free tools (estimates, scripts, previews)</dt>
              <dd>
                {me.limits.freeToolsPerHour} an hour, {me.limits.freeToolsPerDay} a day
              </dd>
            </div>
          </dl>
          <p class="muted">
            Signed in as {me.user.email}
            {me.key && (
              <>
                {" "}
                with the key <code>{me.key.prefix}…</code> ({me.key.name})
              </>
            )}
            .
          </p>
        </>
      )}
    </section>
  );
}

import { useEffect, useState } from "preact/hooks";
import type { Result, ShortvidClient } from "../../../client/src/client.ts";
import { type Refusal, refusalOf } from "../api/session.ts";

type Estimate = Result<"estimate">;

/**
 * Estimates are free tools (30 an hour): one is asked only after the inputs have been still for a
 * moment, and never twice for the same inputs.
 */
const SETTLE_MS = 700;

/** "1 videos" reads as "1 video": the unit is named in the plural by the API. */
const amount = (credits: number, unit: string) => `${credits} ${credits === 1 && unit.endsWith("s") ? unit.slice(0, -1) : unit}`;

const seconds = (s: number) => (s < 90 ? `${Math.round(s)} s` : `${Math.floor(s / 60)} min ${Math.round(s % 60)} s`);

export interface EstimateState {
  estimate: Estimate | null;
  refusal: Refusal | null;
  busy: boolean;
}

/** The price of `body` (`{template, inputs}` as JSON), asked once the inputs have settled. */
export function useEstimate(client: ShortvidClient, body: string): EstimateState {
  const [estimate, setEstimate] = useState<Estimate | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    const abort = new AbortController();
    const timer = setTimeout(() => {
      setBusy(true);
      client
        .estimate(JSON.parse(body), { signal: abort.signal })
        .then((answer) => {
          setEstimate(answer);
          setRefusal(null);
        })
        .catch((error: unknown) => {
          if (!abort.signal.aborted) setRefusal(refusalOf(error));
        })
        .finally(() => {
          if (!abort.signal.aborted) setBusy(false);
        });
    }, SETTLE_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [client, body]);
  return { estimate, refusal, busy };
}

/** One line for beside the create button: what pressing it costs. */
export function priceLine({ estimate, refusal }: EstimateState): string {
  if (refusal || !estimate) return "";
  const paid = estimate.steps.filter((step) => step.unit !== "included" && step.credits > 0);
  return paid.length === 0 ? "Costs nothing." : `Costs ${paid.map((step) => amount(step.credits, step.unit)).join(" and ")}.`;
}

export function EstimateBox({ estimate, refusal, busy }: EstimateState) {
  return (
    <section class="card estimate" aria-labelledby="estimate-heading" aria-live="polite" aria-busy={busy}>
      <h2 id="estimate-heading">Price</h2>
      {refusal ? (
        <p class="muted">No estimate for these inputs yet: {refusal.detail}</p>
      ) : estimate ? (
        <>
          <ul class="steps">
            {estimate.steps.map((step) => (
              <li key={step.step}>
                <span>{step.step}</span> <strong>{step.unit === "included" ? "included" : amount(step.credits, step.unit)}</strong>
              </li>
            ))}
          </ul>
          <p class="muted">
            About {seconds(estimate.expectedDurationSeconds)} long; ready in about {seconds(estimate.expectedProcessingSeconds)}.
          </p>
        </>
      ) : (
        <p class="muted">Working out the price…</p>
      )}
    </section>
  );
}

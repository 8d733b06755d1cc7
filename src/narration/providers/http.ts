import { NarrationError } from "../narrator.ts";

export interface RetryPolicy {
  attempts: number;
  /** Delay before retry n (0-based), in ms. */
  backoffMs(attempt: number): number;
  timeoutMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 3, backoffMs: (n) => 1000 * 2 ** n, timeoutMs: 60_000 };

/**
 * POSTs JSON to a speech provider with a timeout, retrying timeouts, network errors, 429 and 5xx with
 * backoff. Other refusals fail at once with the provider's own message.
 */
export async function postWithRetry(provider: string, url: string, init: { headers: Record<string, string>; body: unknown }, retry: RetryPolicy): Promise<Response> {
  let last: NarrationError | undefined;
  for (let attempt = 0; attempt < retry.attempts; attempt++) {
    if (attempt > 0) await Bun.sleep(retry.backoffMs(attempt - 1));
    try {
      const response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", ...init.headers },
        body: JSON.stringify(init.body),
        signal: AbortSignal.timeout(retry.timeoutMs),
      });
      if (response.ok) return response;
      const detail = await describeFailure(response);
      last = new NarrationError(provider, `HTTP ${response.status}: ${detail}`, response.status === 429 || response.status >= 500);
      if (!last.retryable) throw last;
    } catch (error) {
      if (error instanceof NarrationError && !error.retryable) throw error;
      if (error instanceof NarrationError) continue;
      const timedOut = (error as Error).name === "TimeoutError";
      last = new NarrationError(provider, timedOut ? `no answer within ${retry.timeoutMs / 1000} s` : `request failed: ${(error as Error).message}`, true);
    }
  }
  throw new NarrationError(provider, `${last?.message.replace(`${provider}: `, "") ?? "failed"} (after ${retry.attempts} attempts)`, true);
}

async function describeFailure(response: Response): Promise<string> {
  const text = (await response.text().catch(() => "")).slice(0, 500);
  try {
    const body = JSON.parse(text) as { detail?: unknown; error?: unknown; message?: unknown };
    const detail = body.detail ?? body.error ?? body.message;
    if (typeof detail === "string") return detail;
    if (detail && typeof detail === "object" && "message" in detail) return String((detail as { message: unknown }).message);
  } catch {
    // not JSON: fall through to the raw text
  }
  return text || response.statusText;
}

import { type Admission, type Limits, type RequestKind, initialState, transition, windowsOf } from "../../actors/account-actor.ts";
import { ActorRegistry } from "../../actors/registry.ts";
import type { Database, Db } from "../../db/client.ts";
import { lockRateWindows, saveRateWindows } from "../../db/repos/rate-windows.ts";
import type { AccountRow } from "../../db/schema/index.ts";
import { ApiError } from "../errors.ts";
import type { Logger } from "../logger.ts";

/** Public reference routes: per client address. */
export const PUBLIC_REQUESTS_PER_MINUTE = 60;

export function accountLimits(account: AccountRow): Limits {
  return {
    requestsPerMinute: account.requestsPerMinute,
    createsPerMinute: account.createsPerMinute,
    freeToolsPerHour: account.freeToolsPerHour,
    freeToolsPerDay: account.freeToolsPerDay,
    concurrentRenders: account.concurrentRenders,
  };
}

const PUBLIC_LIMITS: Limits = { requestsPerMinute: PUBLIC_REQUESTS_PER_MINUTE, createsPerMinute: 0, freeToolsPerHour: 0, freeToolsPerDay: 0, concurrentRenders: 0 };

export const accountSubject = (accountId: string) => `acct:${accountId}`;

export function rateHeaders(admission: Admission): Record<string, string> {
  return {
    "x-ratelimit-limit": String(admission.headers.limit),
    "x-ratelimit-remaining": String(admission.headers.remaining),
    "x-ratelimit-reset": String(admission.headers.resetSeconds),
  };
}

/** The refusal for an admission that was not admitted, with its headers. */
export function refusalError(admission: Admission): ApiError | undefined {
  if (admission.admitted) return undefined;
  return new ApiError(admission.code, admission.detail, { retryAfterSeconds: admission.retryAfterSeconds, headers: rateHeaders(admission) });
}

/**
 * Admits requests through the per-key actors: each message locks the subject's windows row, applies the
 * pure transition and saves the result in one transaction. When the windows cannot be read or written
 * the request is refused (503), never let through and never counted as a 429.
 */
export class RateLimiter {
  private readonly actors: ActorRegistry;

  constructor(
    private readonly database: Database,
    private readonly now: () => Date,
    private readonly log: Logger,
  ) {
    this.actors = new ActorRegistry({ now: () => now().getTime(), idleMs: 10 * 60_000 });
  }

  admitAccount(account: AccountRow, kind: RequestKind): Promise<Admission> {
    return this.admit(accountSubject(account.id), accountLimits(account), kind);
  }

  admitAddress(address: string): Promise<Admission> {
    return this.admit(`ip:${address}`, PUBLIC_LIMITS, "read");
  }

  /** Drops idle actors; the server calls it now and then. */
  evictIdle(): number {
    return this.actors.evictIdle();
  }

  private admit(subject: string, limits: Limits, kind: RequestKind): Promise<Admission> {
    return this.actors.run(subject, async () => {
      try {
        return await this.database.db.transaction(async (tx) => {
          const now = this.now();
          const windows = await lockRateWindows(tx as Db, subject, now);
          const [state, result] = transition(initialState(limits, windows), { type: "admit", kind }, now.getTime());
          await saveRateWindows(tx as Db, subject, windowsOf(state), now);
          return result as Admission;
        });
      } catch (error) {
        this.log.error("rate limiter store failed", { subject, error: error instanceof Error ? error.message : String(error) });
        throw new ApiError("RATE_LIMITER_UNAVAILABLE", "Rate limiting is briefly unavailable, so the request was refused; retry shortly.", {
          retryAfterSeconds: 5,
        });
      }
    });
  }
}

import type { Db } from "../db/client.ts";
import type { AccountRow } from "../db/schema/index.ts";
import { ApiError } from "../src/kernel/errors.ts";
import type { Logger } from "../src/kernel/logger.ts";
import { type Admission, type AdmissionKind, PUBLIC_LIMITS, type Limits, type Windows, accountLimits, admitRequest, admitVideo, initialState, recordCreate, unsyncedAllowance, windowsOf } from "./account-actor.ts";
import { FAILED_AUTH_PER_MINUTE, FailedAuthWindows } from "./failed-auth.ts";
import { OpenStreams, type StreamSlot } from "./open-streams.ts";
import { ActorRegistry } from "./registry.ts";
import type { UpdateOptions, WindowStore } from "./window-store.ts";

const IDLE_MS = 10 * 60_000;
const accountSubject = (accountId: string) => `acct:${accountId}`;

/** A request's rate decision as a store step: the windows it leaves (the decision's state), and the admission. */
type RequestStep = (windows: Windows, at: number) => [Windows, Admission];

/** How a subject's requests of one kind are decided: the step, and the store's options for it. */
interface RequestTerms {
  step: RequestStep;
  /** How many admissions may wait unwritten. */
  options: UpdateOptions;
}

function requestTerms(limits: Limits, kind: AdmissionKind): RequestTerms {
  return { step: (windows, at) => admitRequest(initialState(limits, windows), kind, at), options: { unsyncedLimit: unsyncedAllowance(limits, kind) } };
}

interface AccountTerms {
  subject: string;
  limits: Limits;
  kinds: Record<AdmissionKind, RequestTerms>;
}
/**
 * An account row's subject, limits and allowances, worked out once per row: the key cache hands the same
 * row to every request until the account changes, and a changed account is a new row.
 */
const terms = new WeakMap<AccountRow, AccountTerms>();
function termsOf(account: AccountRow): AccountTerms {
  let found = terms.get(account);
  if (!found) {
    const limits = accountLimits(account);
    found = {
      subject: accountSubject(account.id),
      limits,
      kinds: { read: requestTerms(limits, "read"), free_tool: requestTerms(limits, "free_tool"), free_tool_within: requestTerms(limits, "free_tool_within") },
    };
    terms.set(account, found);
  }
  return found;
}
const PUBLIC_TERMS = requestTerms(PUBLIC_LIMITS, "read");
const addressSubject = (address: string) => `ip:${address}`;

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
 * The one limiter of the service: every rate and concurrency decision goes through it. Requests run as
 * messages of the subject's actor (one at a time per subject in this process) over the window store
 * (one at a time across processes). When the windows cannot be read or written a request is refused
 * (503), never let through and never counted as a 429.
 */
export class Limiter {
  private readonly actors: ActorRegistry;
  private readonly failedAuth = new FailedAuthWindows();
  /** Progress streams open in this process, by account. */
  readonly streams = new OpenStreams();

  constructor(
    private readonly store: WindowStore,
    private readonly now: () => Date,
    private readonly log: Logger,
  ) {
    this.actors = new ActorRegistry({ now: () => now().getTime(), idleMs: IDLE_MS });
  }

  /** The account's request decided now from memory, or undefined when it has to wait its turn (admitAccount). */
  admitAccountFromMemory(account: AccountRow, kind: AdmissionKind): Admission | undefined {
    const { subject, kinds } = termsOf(account);
    return this.decideNow(subject, kinds[kind]);
  }

  /** The account's request, as its actor's next message. */
  admitAccount(account: AccountRow, kind: AdmissionKind): Promise<Admission> {
    const { subject, kinds } = termsOf(account);
    return this.admit(subject, kinds[kind]);
  }

  /** A public request from `address` decided now from memory, or undefined when it has to wait its turn (admitAddress). */
  admitAddressFromMemory(address: string): Admission | undefined {
    return this.decideNow(addressSubject(address), PUBLIC_TERMS);
  }

  admitAddress(address: string): Promise<Admission> {
    return this.admit(addressSubject(address), PUBLIC_TERMS);
  }

  /** Whether some address failed authentication lately: only then need a request's address be looked up. */
  get anyFailedAuth(): boolean {
    return this.failedAuth.size > 0;
  }

  /** RATE_LIMITED when the address failed authentication too often in the last minute (no query). */
  failedAuthRefusal(address: string): ApiError | undefined {
    const retryAfterSeconds = this.failedAuth.retryAfterSeconds(address, this.now().getTime());
    if (retryAfterSeconds === undefined) return undefined;
    return new ApiError("RATE_LIMITED", `More than ${FAILED_AUTH_PER_MINUTE} requests from this address failed authentication in a minute; retry after Retry-After seconds.`, {
      retryAfterSeconds,
    });
  }

  recordFailedAuth(address: string): void {
    this.failedAuth.record(address, this.now().getTime());
  }

  /**
   * A slot for another progress stream of the account, to release when the stream ends (however it
   * ends), or the STREAM_LIMIT refusal when the account holds its limit open in this process already.
   */
  openStream(account: AccountRow): StreamSlot | ApiError {
    const taken = this.streams.take(account.id, termsOf(account).limits);
    return "release" in taken ? taken : new ApiError(taken.code, taken.detail, { retryAfterSeconds: taken.retryAfterSeconds });
  }

  /**
   * A new video, inside the caller's create transaction: holds the account's windows (which serializes
   * the account's creates across processes), runs `check` (the caller's checks that must see a stable
   * account, such as its plan gates), refuses a fourth video in progress, then counts the creation.
   * Throws the refusal; a body refused earlier costs no creation.
   */
  async recordCreate(tx: Db, account: AccountRow, now: Date, check: () => Promise<{ videosInProgress: number }>): Promise<void> {
    const { subject, limits } = termsOf(account);
    await this.store.update(
      subject,
      now,
      async (windows) => {
        const { videosInProgress } = await check();
        const busy = admitVideo(limits, videosInProgress);
        if (busy) throw new ApiError(busy.code, busy.detail, { retryAfterSeconds: busy.retryAfterSeconds });
        const [counted, creation] = recordCreate(initialState(limits, windows), now.getTime());
        const refused = refusalError(creation);
        if (refused) throw refused;
        return [windowsOf(counted), undefined];
      },
      { tx },
    );
  }

  /** Drops idle actors (and the windows the store holds for them); the server calls it now and then. */
  evictIdle(): number {
    this.store.evictIdle?.(IDLE_MS);
    return this.actors.evictIdle();
  }

  /** Persists the windows that wait to be written; false when the store could not be written. */
  flush(): Promise<boolean> {
    return this.store.flush?.() ?? Promise.resolve(true);
  }

  /** Writes what waits and stops the store's background work (at shutdown). */
  async close(): Promise<void> {
    await this.store.close?.();
  }

  /** Decided at once when the subject's actor is idle and its windows are in memory (most requests). */
  private decideNow(subject: string, { step, options }: RequestTerms): Admission | undefined {
    const now = this.now();
    if (!this.actors.idle(subject, now.getTime())) return undefined;
    return this.store.updateNow?.(subject, now, step, options);
  }

  /** The subject's actor's next message: decided at the time it runs. */
  private admit(subject: string, { step, options }: RequestTerms): Promise<Admission> {
    return this.actors.run(subject, async () => {
      try {
        return await this.store.update(subject, this.now(), step, options);
      } catch (error) {
        this.log.error("rate limiter store failed", { subject, error: error instanceof Error ? error.message : String(error) });
        throw new ApiError("RATE_LIMITER_UNAVAILABLE", "Rate limiting is briefly unavailable, so the request was refused; retry shortly.", {
          retryAfterSeconds: 5,
        });
      }
    });
  }
}

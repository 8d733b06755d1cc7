import { describe, expect, test } from "bun:test";
import { logAdd, logAfter, logCount } from "../../actors/time-log.ts";
import type { AccountReads } from "../../src/account/reads.ts";
import { cachedAccountView } from "../../src/account/service.ts";
import type { AccountRow, ApiKeyRow } from "../../db/schema/index.ts";
import type { UsageSummary } from "../../db/repos/usage.ts";
import { bodyJson, deepFreeze } from "../../src/kernel/frozen-json.ts";

/**
 * The caches keyed on an object's identity, and what makes each let go: every one relies on the data it
 * is keyed on never changing in place, so a change always arrives as a new object. Here: JSON texts
 * (frozen bodies only), time-log counts (logs are never changed in place) and /v1/me's period and view.
 * Elsewhere: a presented video (src/videos/service.ts) is keyed on its read, which the account reads
 * replace when they hear of a change (account-reads.test.ts: "a worker's change to a video is seen by
 * the next GET"); an account's limit terms (actors/limiter.ts) on its row, which the key cache replaces
 * when the account changes (me.test.ts and mcp-limits.test.ts: limits set by the admin command apply
 * to the next request). Compiled input checkers and registry-built schemas are keyed on schemas and
 * registries made once at start and never changed.
 */
describe("identity-keyed caches", () => {
  test("a body's JSON text is kept only for a frozen body: a body that can still change is written each time", () => {
    const open = { n: 1 };
    expect(bodyJson(open)).toBe('{"n":1}');
    open.n = 2;
    expect(bodyJson(open)).toBe('{"n":2}');
    const frozen = deepFreeze({ inner: { n: 1 } });
    expect(bodyJson(frozen)).toBe('{"inner":{"n":1}}');
    expect(() => {
      (frozen.inner as { n: number }).n = 2;
    }).toThrow();
    expect(bodyJson(frozen)).toBe('{"inner":{"n":1}}');
  });

  test("a time log's kept count holds because no operation changes a log in place", () => {
    let log: [number, number][] = [];
    for (let t = 1; t <= 20; t++) log = logAdd(log, t * 10) as [number, number][];
    const before = structuredClone(log);
    expect(logCount(log)).toBe(20);
    const added = logAdd(log, 500, 3);
    const trimmed = logAfter(log, 100);
    expect(added).not.toBe(log);
    expect(trimmed).not.toBe(log);
    expect(log).toEqual(before);
    expect(logCount(log)).toBe(20);
    expect(logCount(added)).toBe(23);
    expect(logCount(trimmed)).toBe(10);
  });

  describe("GET /v1/me's view", () => {
    const account = (over: Partial<AccountRow> = {}): AccountRow =>
      ({
        id: "acc_1",
        email: "a@example.com",
        status: "active",
        planTier: "pro",
        credits: 0,
        aiCredits: 0,
        exportCredits: 0,
        videoAllowanceOverride: null,
        periodStartedAt: new Date("2026-10-01T00:00:00Z"),
        signingSecret: "whsec_x",
        requestsPerMinute: 60,
        createsPerMinute: 10,
        freeToolsPerHour: 30,
        freeToolsPerDay: 100,
        concurrentRenders: 3,
        mediaImportsPerDay: 20,
        concurrentStreams: 20,
        createdAt: new Date("2026-10-01T00:00:00Z"),
        ...over,
      }) as AccountRow;
    const usage = (videos: number): UsageSummary => ({ videosCreated: videos, videosCompleted: videos, videosInProgress: 0, charged: { videos, narration: 0, render: 0 }, narrationSeconds: 0 });

    test("is the same object while the account, key and usage are; a new usage, account row or period makes a new one", () => {
      let now = new Date("2026-10-20T00:00:00Z");
      let summary = usage(1);
      const since: Date[] = [];
      const reads = { cachedUsage: (_id: string, start: Date) => (since.push(start), summary) } as unknown as AccountReads;
      const deps = { accountReads: reads, now: () => now };
      const row = account();
      const key = null as ApiKeyRow | null;
      const first = cachedAccountView(deps, row, key)!;
      expect(cachedAccountView(deps, row, key)).toBe(first);
      // New usage (the reads replace the summary when a charge is heard of).
      summary = usage(2);
      const second = cachedAccountView(deps, row, key)!;
      expect(second).not.toBe(first);
      // A changed account is a new row (the key cache reloads it), even with the same usage.
      const third = cachedAccountView(deps, account({ planTier: "pro", videoAllowanceOverride: 99 }), key)!;
      expect(third).not.toBe(second);
      // The same row past its period's end: the period is worked out again, so usage is read for the new one.
      now = new Date("2026-11-02T00:00:00Z");
      cachedAccountView(deps, row, key);
      expect(since.at(-1)!.getTime()).toBeGreaterThan(since[0]!.getTime());
    });
  });
});

import { describe, expect, test } from "bun:test";
import {
  type ActorState,
  type Admission,
  type AdmissionKind,
  type Limits,
  PUBLIC_LIMITS,
  admitRequest,
  admitVideo,
  initialState,
  recordCreate,
  unsyncedAllowance,
} from "../../../actors/account-actor.ts";
import { NO_SPLIT, splitCount, splitLog, splitRuns } from "../../../actors/time-log.ts";
import { Mailbox } from "../../../actors/mailbox.ts";
import { ActorRegistry } from "../../../actors/registry.ts";

const SPEC: Limits = { requestsPerMinute: 60, createsPerMinute: 10, freeToolsPerHour: 30, freeToolsPerDay: 100, concurrentRenders: 3, concurrentStreams: 20 };

/** Admits requests in order, returning the last state and every admission. */
function run(state: ActorState, steps: [AdmissionKind, number][]) {
  const results: Admission[] = [];
  for (const [kind, now] of steps) {
    const [next, result] = admitRequest(state, kind, now);
    state = next;
    results.push(result);
  }
  return { state, results };
}

const admit = (kind: AdmissionKind, now: number): [AdmissionKind, number] => [kind, now];

describe("account actor transitions", () => {
  test("the 61st request in a minute is RATE_LIMITED, with a wait until the oldest leaves the window", () => {
    const steps = Array.from({ length: 61 }, (_, i) => admit("read", 1000 + i * 100));
    const { results, state } = run(initialState(SPEC), steps);
    expect(results.slice(0, 60).every((r) => r.admitted)).toBe(true);
    const refused = results[60] as Admission & { admitted: false };
    expect(refused).toMatchObject({ admitted: false, code: "RATE_LIMITED", headers: { limit: 60, remaining: 0 } });
    // The first request (t=1000) leaves the window at 61000; the refusal came at 7000.
    expect(refused.retryAfterSeconds).toBe(54);
    const later = admitRequest(state, "read", 61_001)[1];
    expect(later.admitted).toBe(true);
  });

  test("headers count down and say when a slot frees", () => {
    const { results } = run(initialState(SPEC), [admit("read", 0), admit("read", 20_000)]);
    expect(results[1]!.headers).toEqual({ limit: 60, remaining: 58, resetSeconds: 40 });
  });

  test("the 11th create in a minute is refused even with slots free", () => {
    let state = initialState({ ...SPEC, concurrentRenders: 100 });
    const results = [];
    for (let i = 0; i < 11; i++) {
      const [next, result] = recordCreate(state, i * 1000);
      state = next;
      results.push(result);
    }
    expect(results.filter((r) => r.admitted)).toHaveLength(10);
    expect(results[10]).toMatchObject({ admitted: false, code: "RATE_LIMITED" });
  });

  test("the 31st free tool in an hour and the 101st in a day are refused", () => {
    const hour = run(initialState(SPEC), Array.from({ length: 31 }, (_, i) => admit("free_tool", i * 3000)));
    expect(hour.results.filter((r) => r.admitted)).toHaveLength(30);
    expect((hour.results[30] as Admission & { admitted: false }).detail).toContain("per hour");
    // 30 an hour for four hours would be 120: the day window stops it at 100.
    const spread = Array.from({ length: 101 }, (_, i) => admit("free_tool", Math.floor(i / 25) * 3_700_000 + (i % 25) * 1000));
    const day = run(initialState(SPEC), spread);
    expect(day.results.filter((r) => r.admitted)).toHaveLength(100);
    expect((day.results[100] as Admission & { admitted: false }).detail).toContain("per day");
  });

  test("a free tool inside a counted request counts in the free tools' hour and day only: never in the minute, not refused by a full minute", () => {
    const minute = run(initialState(SPEC), Array.from({ length: 60 }, (_, i) => admit("read", i * 100)));
    const [inside, within] = admitRequest(minute.state, "free_tool_within", 7000);
    expect(within).toMatchObject({ admitted: true, headers: { limit: 60, remaining: 0 } });
    expect(splitCount(inside.requests)).toBe(60);
    expect(splitCount(inside.freeTools)).toBe(1);
    const hour = run(initialState(SPEC), Array.from({ length: 31 }, (_, i) => admit("free_tool_within", i * 3000)));
    expect(hour.results.filter((r) => r.admitted)).toHaveLength(30);
    expect((hour.results[30] as Admission & { admitted: false }).detail).toContain("per hour");
    expect(splitCount(hour.state.requests)).toBe(0);
  });

  test("a fourth video in progress is CONCURRENCY_LIMIT with Retry-After 30", () => {
    expect(admitVideo(SPEC, 2)).toBeUndefined();
    const refusal = admitVideo(SPEC, 3);
    expect(refusal?.code).toBe("CONCURRENCY_LIMIT");
    expect(refusal?.retryAfterSeconds).toBe(30);
    expect(admitVideo({ ...SPEC, concurrentRenders: 5 }, 4)).toBeUndefined();
  });

  test("windows rehydrated from the record count against the limits", () => {
    const windows = { requests: splitLog(Array.from({ length: 60 }, (_, i) => [i * 10, 1] as const)), creates: NO_SPLIT, freeTools: NO_SPLIT };
    const [, result] = admitRequest(initialState(SPEC, windows), "read", 1000);
    expect(result.admitted).toBe(false);
  });

  test("a decision counts a window's settled base and its recent admissions together", () => {
    // 58 settled and 1 recent: the 60th is admitted into the recent part, the 61st refused until the base's oldest leaves.
    const base = Array.from({ length: 58 }, (_, i) => [1000 + i * 10, 1] as const);
    const windows = { requests: splitLog(base, [[5000, 1]]), creates: NO_SPLIT, freeTools: NO_SPLIT };
    const [state, admitted] = admitRequest(initialState(SPEC, windows), "read", 6000);
    expect(admitted).toMatchObject({ admitted: true, headers: { remaining: 0, resetSeconds: 55 } });
    expect(state.requests.base).toBe(base);
    expect(state.requests.recent).toEqual([[5000, 1], [6000, 1]]);
    const [, refused] = admitRequest(state, "read", 7000);
    expect(refused).toMatchObject({ admitted: false, retryAfterSeconds: 54 });
  });

});

describe("windows under raised limits", () => {
  test("a window keeps every millisecond up to 600 a minute, and at most 60 runs of 1 s above it", () => {
    const exact = run(initialState(SPEC), Array.from({ length: 50 }, (_, i) => admit("read", 1000 + i * 7)));
    expect(splitRuns(exact.state.requests)).toHaveLength(50);
    const raised = { ...SPEC, requestsPerMinute: 1_000_000 };
    // 30,000 requests in a minute, one every 2 ms: counted in full, held in 60 runs.
    const { state, results } = run(initialState(raised), Array.from({ length: 30_000 }, (_, i) => admit("read", 10_001 + i * 2)));
    expect(results.every((r) => r.admitted)).toBe(true);
    expect(splitRuns(state.requests).length).toBeLessThanOrEqual(61);
    expect(results.at(-1)!.headers.remaining).toBe(1_000_000 - 30_000);
    // The first 500 (10,001-10,999 ms, logged at 11,000) leave together a minute after 11,000: later than exact times, never sooner.
    expect(splitCount(admitRequest(state, "read", 70_999)[0].requests)).toBe(30_000 + 1);
    expect(splitCount(admitRequest(state, "read", 71_000)[0].requests)).toBe(30_000 - 500 + 1);
  });

  test("a raised limit refuses at its count, with the wait until the oldest runs leave", () => {
    const limits = { ...SPEC, requestsPerMinute: 2000 };
    const { results } = run(initialState(limits), Array.from({ length: 2001 }, (_, i) => admit("read", 1 + i * 10)));
    expect(results.filter((r) => r.admitted)).toHaveLength(2000);
    const refused = results[2000] as Admission & { admitted: false };
    // The first run (1-991 ms, logged at 1 s) leaves at 61 s; the refusal came at 20.001 s.
    expect(refused.retryAfterSeconds).toBe(41);
  });
});

describe("windows kept in memory", () => {
  test("a process may admit a tenth of the smallest window it counts against before the others hear of it", () => {
    expect(unsyncedAllowance(SPEC, "read")).toBe(6);
    expect(unsyncedAllowance(SPEC, "free_tool")).toBe(3);
    expect(unsyncedAllowance({ ...SPEC, requestsPerMinute: 5 }, "read")).toBe(1);
    expect(unsyncedAllowance(PUBLIC_LIMITS, "read")).toBe(6);
  });
});

describe("mailbox and registry", () => {
  test("messages run one at a time in order, even across awaits; a failure stays with its caller", async () => {
    const box = new Mailbox();
    const log: string[] = [];
    const slow = box.send(async () => {
      log.push("a start");
      await Bun.sleep(20);
      log.push("a end");
    });
    const failing = box.send(() => {
      throw new Error("boom");
    });
    const fast = box.send(() => log.push("c"));
    await Promise.all([slow, failing.catch(() => log.push("b failed")), fast]);
    expect(log).toEqual(["a start", "a end", "b failed", "c"]);
  });

  test("the registry serializes messages per key, runs keys independently and evicts idle actors", async () => {
    let now = 0;
    const registry = new ActorRegistry({ now: () => now, idleMs: 60_000 });
    const log: string[] = [];
    const message = (key: string, tag: string, ms: number) =>
      registry.run(key, async () => {
        log.push(`${tag} start`);
        await Bun.sleep(ms);
        log.push(`${tag} end`);
      });
    await Promise.all([message("a", "a1", 30), message("a", "a2", 1), message("b", "b1", 5)]);
    // b1 ran while a1 waited; a2 only after a1.
    expect(log.indexOf("b1 end")).toBeLessThan(log.indexOf("a1 end"));
    expect(log.indexOf("a2 start")).toBeGreaterThan(log.indexOf("a1 end"));
    expect(registry.size).toBe(2);
    now = 120_000;
    expect(registry.evictIdle()).toBe(2);
    expect(registry.size).toBe(0);
  });

  test("an actor is idle until a message is in flight, and idle again once it is handled; another actor is not held up", async () => {
    const registry = new ActorRegistry({ now: () => 0, idleMs: 60_000 });
    expect(registry.idle("a", 1)).toBe(true);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const first = registry.run("a", () => held);
    expect(registry.idle("a", 2)).toBe(false);
    expect(registry.idle("b", 3)).toBe(true);
    release();
    await first;
    // The mailbox counts the message out once its settlement has run.
    await Bun.sleep(0);
    expect(registry.idle("a", 4)).toBe(true);
  });
});

import { describe, expect, test } from "bun:test";
import { type Limits, STREAM_RETRY_SECONDS, admitStream } from "../../../actors/account-actor.ts";
import { OpenStreams, type StreamSlot } from "../../../actors/open-streams.ts";

const SPEC: Limits = { requestsPerMinute: 60, createsPerMinute: 10, freeToolsPerHour: 30, freeToolsPerDay: 100, concurrentRenders: 3, concurrentStreams: 20 };

const isSlot = (taken: unknown): taken is StreamSlot => typeof taken === "object" && taken !== null && "release" in taken;

describe("open progress streams per account", () => {
  test("the limit-th stream is admitted, the next is STREAM_LIMIT with Retry-After", () => {
    expect(admitStream(SPEC, 19)).toBeUndefined();
    const refusal = admitStream(SPEC, 20);
    expect(refusal).toMatchObject({ admitted: false, code: "STREAM_LIMIT", retryAfterSeconds: STREAM_RETRY_SECONDS });
    expect(refusal?.detail).toContain("20");
    expect(admitStream({ ...SPEC, concurrentStreams: 0 }, 0)?.code).toBe("STREAM_LIMIT");
  });

  test("slots are counted per account, given back once however often released, and an account with none is forgotten", () => {
    const streams = new OpenStreams();
    const limits = { ...SPEC, concurrentStreams: 2 };
    const a1 = streams.take("acct_a", limits);
    const a2 = streams.take("acct_a", limits);
    expect([isSlot(a1), isSlot(a2)]).toEqual([true, true]);
    expect(streams.take("acct_a", limits)).toMatchObject({ code: "STREAM_LIMIT" });
    // Another account has its own count.
    const b1 = streams.take("acct_b", limits);
    expect(isSlot(b1)).toBe(true);
    expect([streams.held("acct_a"), streams.held("acct_b"), streams.accounts]).toEqual([2, 1, 2]);

    (a1 as StreamSlot).release();
    (a1 as StreamSlot).release();
    expect(streams.held("acct_a")).toBe(1);
    const again = streams.take("acct_a", limits);
    expect(isSlot(again)).toBe(true);
    expect(streams.take("acct_a", limits)).toMatchObject({ code: "STREAM_LIMIT" });

    for (const slot of [a2, again, b1]) (slot as StreamSlot).release();
    expect([streams.held("acct_a"), streams.held("acct_b"), streams.accounts]).toEqual([0, 0, 0]);
  });

  test("a lowered limit refuses new streams while those open stay counted", () => {
    const streams = new OpenStreams();
    const slots = [1, 2, 3].map(() => streams.take("acct_a", SPEC) as StreamSlot);
    expect(streams.take("acct_a", { ...SPEC, concurrentStreams: 3 })).toMatchObject({ code: "STREAM_LIMIT" });
    slots[0]!.release();
    expect(isSlot(streams.take("acct_a", { ...SPEC, concurrentStreams: 3 }))).toBe(true);
  });
});

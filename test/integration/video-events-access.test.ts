import { describe, expect, test } from "bun:test";
import { STREAM_RETRY_SECONDS } from "../../actors/account-actor.ts";
import { beginVideoAttempt } from "../../db/repos/videos.ts";
import { STREAM_REREAD_MS } from "../../src/videos/events.ts";
import { completeVideo } from "../../src/videos/finish.ts";
import { DATABASE_KINDS } from "../helpers/databases.ts";
import { type EventStreamReader, readEventStream } from "../helpers/event-stream.ts";
import { BASE, useService } from "../helpers/harness.ts";
import { expectProblem, expectProblemBody } from "../helpers/problem.ts";
import { storyBody } from "../helpers/videos.ts";

/** Open progress streams an account may hold in one process unless the operator set another limit. */
const DEFAULT_STREAMS = 20;

/** A change reaches the stream by its notification, or else by the stream's periodic read: twice that, on a loaded machine. */
const DELIVERY_MS = 2 * STREAM_REREAD_MS;
/**
 * A change to the key or account that the process hears ends the stream within a query: far sooner than
 * the stream's next periodic read, which is STREAM_REREAD_MS after the read the test waits for.
 */
const HEARD_MS = STREAM_REREAD_MS / 2;

const ENDINGS = [
  { what: "a revoked key", command: "revoke-key", code: "INVALID_API_KEY" },
  { what: "a disabled account", command: "disable-account", code: "UNAUTHENTICATED" },
] as const;

describe.each(DATABASE_KINDS)("who may keep a progress stream open, on %s", (kind) => {
  const svc = useService(kind, { EVENTS_HEARTBEAT_SECONDS: "1" });

  async function queuedVideo() {
    const account = await svc().createAccount();
    const created = (await (await svc().request("/v1/videos", { method: "POST", key: account.apiKey, json: storyBody() })).json()) as any;
    return { ...account, id: created.id as string };
  }

  const open = (id: string, apiKey: string, headers: Record<string, string> = {}) => svc().request(`/v1/videos/${id}/events`, { key: apiKey, headers });

  /** The admin command that ends the key's standing, as an operator runs it. */
  const endStanding = (command: (typeof ENDINGS)[number]["command"], account: { keyId: string; accountId: string }) =>
    svc().admin(command, command === "revoke-key" ? { key: account.keyId } : { account: account.accountId });

  /** Completes the video as a worker does: a download link, charges, the state change. */
  async function complete(id: string) {
    const db = svc().database.db;
    const taken = (await beginVideoAttempt(db, id, new Date()))!;
    await completeVideo({ db, queue: svc().queue, publicBaseUrl: BASE, now: new Date() }, taken, taken.attempts, { narration: 0, render: 0, videos: 1, narrationSeconds: 30 }, 40, false);
  }

  /** The stream's only event is an `error` whose data is the problem `code`; it closed after it. */
  async function expectEndedWith(stream: EventStreamReader, code: string, withinMs: number) {
    const events = await stream.rest(withinMs);
    expect(events.map((e) => e.event)).toEqual(["error"]);
    expectProblemBody(JSON.parse(events[0]!.data), 401, code);
    // An error event carries no id: a client resuming keeps the last video event's.
    expect(events[0]!.id).toBeUndefined();
  }

  /** Nothing the stream held is left once it ended. */
  async function expectReleased() {
    const deadline = Date.now() + DELIVERY_MS;
    while ((svc().deps.videoChanges.followed > 0 || svc().deps.apiKeys.watchedAccounts > 0) && Date.now() < deadline) await Bun.sleep(20);
    expect([svc().deps.videoChanges.followed, svc().deps.apiKeys.watchedAccounts]).toEqual([0, 0]);
  }

  test.each(ENDINGS)("$what: its open streams end at once with an error event naming why, and send nothing after", async ({ command, code }) => {
    const account = await queuedVideo();
    const second = (await (await svc().request("/v1/videos", { method: "POST", key: account.apiKey, json: storyBody() })).json()) as any;
    const streams = [readEventStream(await open(account.id, account.apiKey)), readEventStream(await open(second.id, account.apiKey))];
    for (const stream of streams) expect((await stream.nextEvent(DELIVERY_MS))!.id).toBe("0");
    const other = await queuedVideo();
    const bystander = readEventStream(await open(other.id, other.apiKey));
    expect((await bystander.nextEvent(DELIVERY_MS))!.id).toBe("0");

    const started = Date.now();
    await endStanding(command, account);
    for (const stream of streams) await expectEndedWith(stream, code, HEARD_MS);
    expect(Date.now() - started).toBeLessThan(HEARD_MS);
    await complete(account.id);
    // Reconnecting is refused like any other request with the key.
    await expectProblem(await open(account.id, account.apiKey, { "last-event-id": "0" }), 401, code);

    // Another account's stream goes on to its end.
    await complete(other.id);
    const rest = await bystander.rest(DELIVERY_MS);
    expect(rest.map((e) => JSON.parse(e.data).status)).toEqual(["completed"]);
    await expectReleased();
  }, 60_000);

  test("a revocation whose notification was lost: the next change is not sent (the key is read with the video), and a quiet stream ends within STREAM_REREAD_MS", async () => {
    const db = svc().database;
    const busy = await queuedVideo();
    const quiet = await queuedVideo();
    const busyStream = readEventStream(await open(busy.id, busy.apiKey));
    const quietStream = readEventStream(await open(quiet.id, quiet.apiKey));
    expect((await busyStream.nextEvent(DELIVERY_MS))!.id).toBe("0");
    expect((await quietStream.nextEvent(DELIVERY_MS))!.id).toBe("0");
    // As if the notifications were lost: the triggers that announce account and key changes are off.
    await db.executeSql("alter table api_keys disable trigger api_keys_auth_changed");
    await db.executeSql("alter table accounts disable trigger accounts_auth_changed");
    try {
      await endStanding("revoke-key", busy);
      await endStanding("disable-account", quiet);
      // The completion is heard (its own trigger), but the read that would send it finds the key revoked.
      await complete(busy.id);
      await expectEndedWith(busyStream, "INVALID_API_KEY", DELIVERY_MS);
      // Nothing changes for the quiet one: its periodic read ends it.
      await expectEndedWith(quietStream, "UNAUTHENTICATED", DELIVERY_MS);
    } finally {
      await db.executeSql("alter table api_keys enable trigger api_keys_auth_changed");
      await db.executeSql("alter table accounts enable trigger accounts_auth_changed");
    }
    await expectReleased();
  }, 60_000);

  test("a change to the account that leaves its key good (another key revoked, limits changed) does not end the stream", async () => {
    const account = await queuedVideo();
    const second = await svc().admin("create-key", { account: account.accountId });
    const stream = readEventStream(await open(account.id, account.apiKey));
    expect((await stream.nextEvent(DELIVERY_MS))!.id).toBe("0");
    await svc().admin("revoke-key", { key: second.keyId as string });
    await svc().admin("set-limits", { account: account.accountId, "requests-per-minute": "61" });
    // Still open: heartbeats keep coming after the re-reads those changes caused, and no end.
    for (let i = 0; i < 3; i++) expect(await stream.next(DELIVERY_MS)).toEqual({ comment: "ping" });
    await complete(account.id);
    const rest = await stream.rest(DELIVERY_MS);
    expect(rest.map((e) => [e.event, JSON.parse(e.data).status])).toEqual([["video", "completed"]]);
    await expectReleased();
  }, 60_000);

  /** Streams the account holds open in this process, once it settles at `expected` (a stream ends a moment after its cause). */
  async function heldSettles(accountId: string, expected: number) {
    const streams = svc().deps.limiter.streams;
    const deadline = Date.now() + DELIVERY_MS;
    while (streams.held(accountId) !== expected && Date.now() < deadline) await Bun.sleep(20);
    expect(streams.held(accountId)).toBe(expected);
  }

  test(`an account holds at most ${DEFAULT_STREAMS} open streams: the next is 429 STREAM_LIMIT with Retry-After; a client that leaves frees its place`, async () => {
    const account = await queuedVideo();
    const streams: EventStreamReader[] = [];
    for (let i = 0; i < DEFAULT_STREAMS; i++) {
      const res = await open(account.id, account.apiKey);
      expect(res.status).toBe(200);
      streams.push(readEventStream(res));
    }
    const refused = await open(account.id, account.apiKey);
    const problem = await expectProblem(refused, 429, "STREAM_LIMIT");
    expect(refused.headers.get("retry-after")).toBe(String(STREAM_RETRY_SECONDS));
    expect(refused.headers.get("x-ratelimit-limit")).toBe("60");
    expect(problem.detail).toContain(String(DEFAULT_STREAMS));
    // Another account is not held back by this one.
    const other = await queuedVideo();
    const bystander = await open(other.id, other.apiKey);
    expect(bystander.status).toBe(200);
    await readEventStream(bystander).cancel();

    // Every stream still works; one client goes away, and its place is taken again at once.
    for (const stream of streams) expect((await stream.nextEvent(DELIVERY_MS))!.id).toBe("0");
    await streams.pop()!.cancel();
    await heldSettles(account.accountId, DEFAULT_STREAMS - 1);
    const reopened = await open(account.id, account.apiKey);
    expect(reopened.status).toBe(200);
    streams.push(readEventStream(reopened));
    await expectProblem(await open(account.id, account.apiKey), 429, "STREAM_LIMIT");

    for (const stream of streams) await stream.cancel();
    await heldSettles(account.accountId, 0);
    expect(svc().deps.limiter.streams.accounts).toBe(0);
  }, 60_000);

  test("a place is given back however a stream ends: its video's end, a revoked key, a process draining; the operator sets the limit", async () => {
    const account = await queuedVideo();
    const spareKey = (await svc().admin("create-key", { account: account.accountId })) as { apiKey: string };
    await svc().admin("set-limits", { account: account.accountId, "concurrent-streams": "1" });
    const second = (await (await svc().request("/v1/videos", { method: "POST", key: account.apiKey, json: storyBody() })).json()) as any;
    const me = (await (await svc().request("/v1/me", { key: account.apiKey })).json()) as any;
    expect(me.limits.concurrentStreams).toBe(1);

    const first = readEventStream(await open(account.id, account.apiKey));
    expect((await first.nextEvent(DELIVERY_MS))!.id).toBe("0");
    await expectProblem(await open(second.id, account.apiKey), 429, "STREAM_LIMIT");
    // Its video ends: the stream sends the end and closes, and the place is free.
    await complete(account.id);
    expect((await first.rest(DELIVERY_MS)).map((e) => JSON.parse(e.data).status)).toEqual(["completed"]);
    await heldSettles(account.accountId, 0);

    const revoked = readEventStream(await open(second.id, account.apiKey));
    expect((await revoked.nextEvent(DELIVERY_MS))!.id).toBe("0");
    await expectProblem(await open(second.id, spareKey.apiKey), 429, "STREAM_LIMIT");
    // Its key is revoked: the account's other key may open one at once.
    await endStanding("revoke-key", account);
    await expectEndedWith(revoked, "INVALID_API_KEY", HEARD_MS);
    await heldSettles(account.accountId, 0);

    const draining = readEventStream(await open(second.id, spareKey.apiKey));
    expect((await draining.nextEvent(DELIVERY_MS))!.id).toBe("0");
    // The process shuts its streams down (their clients resume elsewhere).
    await svc().deps.videoChanges.close();
    expect(await draining.rest(DELIVERY_MS)).toEqual([]);
    await heldSettles(account.accountId, 0);
    expect(svc().deps.limiter.streams.accounts).toBe(0);
  }, 60_000);
});

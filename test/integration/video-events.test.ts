import { describe, expect, test } from "bun:test";
import { type Db, withTransaction } from "../../db/client.ts";
import { beginVideoAttempt, updateVideoForAttempt } from "../../db/repos/videos.ts";
import { STREAM_REREAD_MS } from "../../src/videos/events.ts";
import { STAGE_LABELS, type VideoStatus } from "../../src/videos/model.ts";
import { DATABASE_KINDS } from "../helpers/databases.ts";
import { readEventStream } from "../helpers/event-stream.ts";
import { useService } from "../helpers/harness.ts";
import { expectProblem } from "../helpers/problem.ts";
import { storyBody } from "../helpers/videos.ts";

const HEARTBEAT_SECONDS = 1;
/** A change reaches the stream by its notification, or else by the stream's periodic read: twice that, on a loaded machine. */
const DELIVERY_MS = 2 * STREAM_REREAD_MS;

describe.each(DATABASE_KINDS)("progress stream on %s", (kind) => {
  const svc = useService(kind, { EVENTS_HEARTBEAT_SECONDS: String(HEARTBEAT_SECONDS) });

  async function queuedVideo() {
    const { apiKey } = await svc().createAccount();
    const created = (await (await svc().request("/v1/videos", { method: "POST", key: apiKey, json: storyBody() })).json()) as any;
    return { apiKey, id: created.id as string };
  }

  const open = (id: string, apiKey: string, headers: Record<string, string> = {}) => svc().request(`/v1/videos/${id}/events`, { key: apiKey, headers });

  /** Takes the video as a worker would, straight in the database; returns a writer for that attempt (on `db`, or in a transaction). */
  async function takeVideo(id: string) {
    const attempt = (await beginVideoAttempt(svc().database.db, id, new Date()))!.attempts;
    return (status: VideoStatus, progress: number | null, extra: Record<string, unknown> = {}, db: Db = svc().database.db) =>
      updateVideoForAttempt(db, id, attempt, { status, stage: STAGE_LABELS[status], progress, updatedAt: new Date(), ...extra });
  }

  test("the video at once, then every change of status, stage or progress in order, then the final event and the end", async () => {
    const { apiKey, id } = await queuedVideo();
    const res = await open(id, apiKey);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    const stream = readEventStream(res);
    const first = (await stream.nextEvent(DELIVERY_MS))!;
    expect(first).toMatchObject({ id: "0", event: "video" });
    expect(JSON.parse(first.data)).toEqual(await (await svc().request(`/v1/videos/${id}`, { key: apiKey })).json());

    const write = await takeVideo(id);
    await write("preparing_media", 5);
    // A heartbeat of the attempt and a write of the same state are no change: no event.
    await updateVideoForAttempt(svc().database.db, id, 1, { heartbeatAt: new Date() });
    await write("preparing_media", 5);
    // Changes committed together (as changes faster than the stream reads): each is sent, in order, with its own state.
    await withTransaction(svc().database.db, async (tx) => {
      await write("narrating", 27, {}, tx);
      await write("rendering", 50, {}, tx);
      await write("rendering", 55, {}, tx);
    });
    await write("failed", null, { errorCode: "RENDER_FAILED", errorMessage: "The render failed." });
    const events = await stream.rest(DELIVERY_MS);
    const videos = events.map((e) => JSON.parse(e.data));
    expect(videos.map((v) => [v.status, v.stage, v.progress])).toEqual([
      ["preparing_media", STAGE_LABELS.preparing_media, 5],
      ["narrating", STAGE_LABELS.narrating, 27],
      ["rendering", STAGE_LABELS.rendering, 50],
      ["rendering", STAGE_LABELS.rendering, 55],
      ["failed", STAGE_LABELS.failed, null],
    ]);
    expect(events.map((e) => e.id)).toEqual(["1", "2", "3", "4", "5"]);
    expect(events.every((e) => e.event === "video")).toBe(true);
    // An earlier state carries none of the end's fields; the last is the video as GET returns it.
    expect(videos.slice(0, -1).every((v) => v.error === null && v.estimatedSecondsRemaining !== null)).toBe(true);
    expect(videos.at(-1)).toEqual(await (await svc().request(`/v1/videos/${id}`, { key: apiKey })).json());
    expect(svc().deps.videoChanges.followed).toBe(0);
  }, 60_000);

  test("Last-Event-ID resumes: nothing is resent when the video has not changed since, the current video when it has", async () => {
    const { apiKey, id } = await queuedVideo();
    const write = await takeVideo(id);
    await write("narrating", 27);

    // Up to date: the stream starts with a heartbeat, not an event, then sends the next change.
    const current = readEventStream(await open(id, apiKey, { "last-event-id": "1" }));
    expect(await current.next(HEARTBEAT_SECONDS * 1000 + DELIVERY_MS)).toEqual({ comment: "ping" });
    await write("rendering", 50);
    const next = (await current.nextEvent(DELIVERY_MS))!;
    expect(next.id).toBe("2");
    expect(JSON.parse(next.data).status).toBe("rendering");
    await current.cancel();

    // Behind: the video as it is now, once, not the states it missed.
    const behind = readEventStream(await open(id, apiKey, { "last-event-id": "0" }));
    const now = (await behind.nextEvent(DELIVERY_MS))!;
    expect(now.id).toBe("2");
    expect(JSON.parse(now.data)).toEqual(await (await svc().request(`/v1/videos/${id}`, { key: apiKey })).json());
    await behind.cancel();

    // An id that is no number is ignored: the video is sent.
    const odd = readEventStream(await open(id, apiKey, { "last-event-id": "abc" }));
    expect((await odd.nextEvent(DELIVERY_MS))!.id).toBe("2");
    await odd.cancel();

    // A client that goes away leaves nothing listening for it.
    const deadline = Date.now() + DELIVERY_MS;
    while (svc().deps.videoChanges.followed > 0 && Date.now() < deadline) await Bun.sleep(20);
    expect(svc().deps.videoChanges.followed).toBe(0);
  }, 60_000);

  test("a change whose notification never came is sent by the stream's periodic read, within STREAM_REREAD_MS", async () => {
    const { apiKey, id } = await queuedVideo();
    const stream = readEventStream(await open(id, apiKey));
    expect((await stream.nextEvent(DELIVERY_MS))!.id).toBe("0");
    // As if the notification were lost: the trigger is off, and the change moves the version by hand.
    await svc().database.executeSql("alter table videos disable trigger videos_state_changed");
    await svc().database.executeSql("update videos set status = 'preparing_media', stage = $1, progress = 5, state_version = 1 where id = $2", [STAGE_LABELS.preparing_media, id]);
    // Without the periodic read nothing would ever come (nextEvent throws past its wait).
    const event = (await stream.nextEvent(DELIVERY_MS))!;
    expect([event.id, JSON.parse(event.data).status]).toEqual(["1", "preparing_media"]);
    await svc().database.executeSql("alter table videos enable trigger videos_state_changed");
    await stream.cancel();
  }, 60_000);

  test("a process shutting down ends its open streams (their clients resume elsewhere)", async () => {
    const { apiKey, id } = await queuedVideo();
    const stream = readEventStream(await open(id, apiKey));
    expect((await stream.nextEvent(DELIVERY_MS))!.id).toBe("0");
    await svc().deps.videoChanges.close();
    expect(await stream.rest(DELIVERY_MS)).toEqual([]);
    expect(svc().deps.videoChanges.followed).toBe(0);
    // One opened while the process shuts down ends at once.
    expect(await readEventStream(await open(id, apiKey)).rest(DELIVERY_MS)).toEqual([]);
  }, 60_000);

  test("a finished video: its final event, then the end; a client that already has it gets the end at once", async () => {
    const { apiKey, id } = await queuedVideo();
    expect((await svc().request(`/v1/videos/${id}/cancel`, { method: "POST", key: apiKey })).status).toBe(200);
    const events = await readEventStream(await open(id, apiKey)).rest(DELIVERY_MS);
    expect(events.map((e) => [e.id, JSON.parse(e.data).status])).toEqual([["1", "cancelled"]]);
    expect(await readEventStream(await open(id, apiKey, { "last-event-id": "1" })).rest(DELIVERY_MS)).toEqual([]);
  }, 60_000);

  test("the whole stream counts as one request; another account's video and no key are refused like GET", async () => {
    const { apiKey, id } = await queuedVideo();
    const before = Number((await svc().request("/v1/me", { key: apiKey })).headers.get("x-ratelimit-remaining"));
    const res = await open(id, apiKey);
    expect(Number(res.headers.get("x-ratelimit-remaining"))).toBe(before - 1);
    const stream = readEventStream(res);
    await stream.nextEvent(DELIVERY_MS);
    const write = await takeVideo(id);
    for (const progress of [5, 10, 15]) await write("preparing_media", progress);
    for (let i = 0; i < 3; i++) expect((await stream.nextEvent(DELIVERY_MS))!.event).toBe("video");
    // Heartbeats pass too, and none of it is counted.
    expect(await stream.next(HEARTBEAT_SECONDS * 1000 + DELIVERY_MS)).toEqual({ comment: "ping" });
    expect(Number((await svc().request("/v1/me", { key: apiKey })).headers.get("x-ratelimit-remaining"))).toBe(before - 2);
    await stream.cancel();

    const other = await svc().createAccount();
    await expectProblem(await open(id, other.apiKey), 404, "NOT_FOUND");
    await expectProblem(await open("vid_nope", apiKey), 404, "NOT_FOUND");
    await expectProblem(await svc().request(`/v1/videos/${id}/events`), 401, "MISSING_API_KEY");
  }, 60_000);
});

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { findAccountVideo } from "../../db/repos/videos.ts";
import { TERMINAL_STATUSES } from "../../db/repos/usage.ts";
import type { VideoRow } from "../../db/schema/index.ts";
import { DEFAULT_IMPORT_TURNS, IMPORT_TURN_RETRY_SECONDS } from "../../src/media/import-turns.ts";
import { type HostileMediaServer, startHostileMediaServer } from "../fakes/hostile-media-server.ts";
import { DATABASE_KINDS } from "../helpers/databases.ts";
import { type TestService, useService } from "../helpers/harness.ts";
import { libraryBackground } from "../helpers/media.ts";
import { chatBody, storyBody, waitForVideo } from "../helpers/videos.ts";

let media: HostileMediaServer;
beforeAll(async () => {
  media = await startHostileMediaServer({ files: false });
});
afterAll(() => media.stop());

/**
 * Long enough that the floor gives up no slow source while the test looks (a source given up frees its
 * job slot, which would let the other account's video start even with imports holding every slot).
 */
const GRACE_SECONDS = 60;

const ended = (row: VideoRow | undefined) => row !== undefined && (TERMINAL_STATUSES as readonly string[]).includes(row.status);

async function rows(s: TestService, videos: { accountId: string; id: string }[]): Promise<VideoRow[]> {
  return Promise.all(videos.map(async (v) => (await findAccountVideo(s.database.db, v.accountId, v.id))!));
}

async function create(s: TestService, apiKey: string, body: unknown): Promise<string> {
  const res = await s.request("/v1/videos", { method: "POST", key: apiKey, json: body });
  expect(res.status).toBe(202);
  return ((await res.json()) as { id: string }).id;
}

describe(`own media from slow sources beside another account's video (${DATABASE_KINDS[0]})`, () => {
  const svc = useService(
    DATABASE_KINDS[0]!,
    { UNSAFE_ALLOW_PRIVATE_URLS: "1", OWN_MEDIA_SLOW_GRACE_SECONDS: String(GRACE_SECONDS), DRAIN_SECONDS: "0" },
    { workers: true, outboundCa: () => media.ca },
  );

  test("three accounts' six trickling sources take at most the import turns, one an account, and another account's chat video is made meanwhile", async () => {
    const s = svc();
    const slow: { accountId: string; id: string }[] = [];
    for (let account = 0; account < 3; account++) {
      const { accountId, apiKey } = await s.createAccount();
      for (let n = 0; n < 2; n++) {
        slow.push({ accountId, id: await create(s, apiKey, storyBody({}, { backgroundVideoUrl: media.url(`/trickle?tag=${accountId}&n=${n}`) })) });
      }
    }
    const startedAt = performance.now();
    while (media.trickles().open < DEFAULT_IMPORT_TURNS.slots) {
      if (performance.now() - startedAt > GRACE_SECONDS * 1000) throw new Error(`the slow downloads did not begin: ${JSON.stringify(media.trickles())}`);
      await Bun.sleep(100);
    }

    const assetId = await libraryBackground(s.dataDir);
    const other = await s.createAccount();
    const chat = { accountId: other.accountId, id: await create(s, other.apiKey, chatBody({}, { background: { assetId } })) };
    // Until the chat video is past its media stage, or a slow source ends (given up by the floor, it
    // would have freed a job slot): whichever comes first says whether the chat video waited behind them.
    let [chatRow] = await rows(s, [chat]);
    let slowRows = await rows(s, slow);
    while (["queued", "preparing_media"].includes(chatRow!.status) && !slowRows.some(ended)) {
      await Bun.sleep(100);
      [chatRow] = await rows(s, [chat]);
      slowRows = await rows(s, slow);
    }
    expect(slowRows.filter(ended).map((r) => [r.id, r.status, r.errorCode])).toEqual([]);
    expect(chatRow!.startedAt).not.toBeNull();
    expect(["narrating", "rendering", "completed"]).toContain(chatRow!.status);
    const trickles = media.trickles();
    expect(trickles.open).toBeGreaterThan(0);
    expect(trickles.maxOpen).toBeLessThanOrEqual(DEFAULT_IMPORT_TURNS.slots);
    for (const { accountId } of slow) expect(trickles.maxOpenByTag[accountId]).toBeLessThanOrEqual(DEFAULT_IMPORT_TURNS.perAccount);

    // The slow sources go away: the downloads under way fail, and the videos sent back to wait for a
    // turn come back within their wait and fail the same way, each once.
    media.endTrickles();
    const deadline = performance.now() + (GRACE_SECONDS + 4 * IMPORT_TURN_RETRY_SECONDS) * 1000;
    while (!(await rows(s, slow)).every(ended) && performance.now() < deadline) await Bun.sleep(250);
    expect((await rows(s, slow)).map((r) => [r.status, r.errorCode])).toEqual(slow.map(() => ["failed", "MEDIA_FETCH_FAILED"]));
    // The chat video went on through its stages to its render (stopped when the service stops).
    const made = await waitForVideo(s, other.apiKey, chat.id, (v) => ["rendering", "completed", "failed"].includes(v.status), 300_000);
    expect(made.status).not.toBe("failed");
  }, 420_000);
});

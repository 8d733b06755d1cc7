import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { accounts, mediaImports } from "../../db/schema/index.ts";
import { probe } from "../../render/ffmpeg.ts";
import { ownMediaConvertTimeoutMs } from "../../render/plan/media-convert.ts";
import { createOwnMediaImporter, MediaImportError, type OwnMediaImporter } from "../../src/media/own-media.ts";
import { callerUrlPolicy, type OutboundPolicy } from "../../src/net/outbound.ts";
import { DATABASE_KINDS } from "../helpers/databases.ts";
import { type TestService, useService } from "../helpers/harness.ts";
import { type MediaServer, startMediaServer } from "../fakes/media-server.ts";

let media: MediaServer;
beforeAll(async () => {
  media = await startMediaServer();
}, 60_000);
afterAll(() => media.stop());

const DAY = 86_400_000;
/**
 * Conversions run at a lower priority than renders, so on a busy machine they wait for the processor: a
 * test that converts the clip (3 s) and the tone (8 s) allows each its processor-time bound in wall time.
 */
const CLIP_AND_TONE_MS = ownMediaConvertTimeoutMs(3) + ownMediaConvertTimeoutMs(8) + 10_000;

async function failure(promise: Promise<unknown>): Promise<MediaImportError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof MediaImportError) return error;
    throw error;
  }
  throw new Error("the import did not fail");
}

for (const kind of DATABASE_KINDS) {
  describe(`own media by URL (${kind})`, () => {
    const svc = useService(kind);
    const tempRoot = () => join(svc().dataDir, "imports");
    // The test server on loopback stands in for the public internet: only 127.0.0.1 may be contacted, so
    // a redirect to any other private address is refused as it would be in production.
    const loopbackAsPublic = (): OutboundPolicy => ({ ...callerUrlPolicy({ allowPrivateUrls: true, outboundCa: media.ca }), allowAddress: (a) => a === "127.0.0.1" });
    const importer = (s: TestService, policy: OutboundPolicy = loopbackAsPublic()): OwnMediaImporter =>
      createOwnMediaImporter({ db: s.database.db, storage: s.deps.storage, policy, tempRoot: join(s.dataDir, "imports"), now: s.deps.now });

    test("footage becomes a silent 1080x1920 30 fps H.264 clip and music an MP3; the import is recorded", async () => {
      const { accountId } = await svc().createAccount();
      const own = importer(svc());
      const video = await probe(await own.importMedia(accountId, "video", media.url("/clip.mp4")));
      expect(video.streams.map((s) => s.codec_type)).toEqual(["video"]);
      expect(video.streams[0]).toMatchObject({ codec_name: "h264", width: 1080, height: 1920, r_frame_rate: "30/1" });
      const audio = await probe(await own.importMedia(accountId, "audio", media.url("/tone.mp3")));
      expect(audio.streams.map((s) => s.codec_name)).toEqual(["mp3"]);
      expect(Number(audio.format.duration)).toBeCloseTo(8, 0);
      const rows = await svc().database.db.select().from(mediaImports).where(eq(mediaImports.accountId, accountId));
      expect(rows.map((r) => [r.kind, r.state]).sort()).toEqual([["audio", "ready"], ["video", "ready"]]);
      expect(readdirSync(tempRoot())).toEqual([]);
    }, CLIP_AND_TONE_MS);

    test("a URL imported in the last 30 days is reused without fetching; after 30 days it is fetched again", async () => {
      const { accountId } = await svc().createAccount();
      const own = importer(svc());
      const url = media.url("/tone.mp3?reuse");
      const before = media.hits.length;
      const first = await own.importMedia(accountId, "audio", url);
      svc().advance(29 * DAY);
      expect(await own.importMedia(accountId, "audio", url)).toBe(first);
      expect(media.hits.length - before).toBe(1);
      svc().advance(2 * DAY);
      await own.importMedia(accountId, "audio", url);
      expect(media.hits.length - before).toBe(2);
    }, 60_000);

    test("past the account's daily quota a new URL fails with MEDIA_QUOTA_EXCEEDED; reused URLs still work; the next day counts anew", async () => {
      const { accountId } = await svc().createAccount();
      const other = await svc().createAccount();
      const db = svc().database.db;
      const [created] = await db.select({ quota: accounts.mediaImportsPerDay }).from(accounts).where(eq(accounts.id, accountId));
      expect(created!.quota).toBe(20);
      // An operator's lower quota (the admin command's mediaImportsPerDay): the same counting, with three
      // conversions instead of twenty.
      await db.update(accounts).set({ mediaImportsPerDay: 3 }).where(eq(accounts.id, accountId));
      const own = importer(svc());
      // Start just after midnight UTC so the whole test runs within one day.
      const now = svc().deps.now();
      svc().advance(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 0, 1) - now.getTime());
      for (let i = 0; i < 3; i++) await own.importMedia(accountId, "audio", media.url(`/tone.mp3?n=${i}`));
      const refused = await failure(own.importMedia(accountId, "audio", media.url("/tone.mp3?n=extra")));
      expect(refused.code).toBe("MEDIA_QUOTA_EXCEEDED");
      expect(refused.message).toContain("the limit is 3");
      await own.importMedia(accountId, "audio", media.url("/tone.mp3?n=1"));
      await own.importMedia(other.accountId, "audio", media.url("/tone.mp3?n=extra"));
      svc().advance(DAY);
      await own.importMedia(accountId, "audio", media.url("/tone.mp3?n=extra"));
    }, 120_000);

    test("size, duration and content are checked: over 30 MB, over 10 minutes, not media, not found", async () => {
      const { accountId } = await svc().createAccount();
      const own = importer(svc());
      const huge = await failure(own.importMedia(accountId, "audio", media.url("/huge.bin")));
      expect(huge.code).toBe("MEDIA_FETCH_FAILED");
      expect(huge.message).toContain("30 MB");
      expect((await failure(own.importMedia(accountId, "audio", media.url("/long.mp3")))).code).toBe("MEDIA_TOO_LONG");
      expect((await failure(own.importMedia(accountId, "video", media.url("/notes.txt")))).code).toBe("MEDIA_INVALID");
      expect((await failure(own.importMedia(accountId, "video", media.url("/tone.mp3")))).code).toBe("MEDIA_INVALID");
      const missing = await failure(own.importMedia(accountId, "video", media.url("/missing")));
      expect(missing.code).toBe("MEDIA_FETCH_FAILED");
      expect(missing.message).toContain("404");
      // Interrupted and refused downloads leave nothing behind.
      expect(readdirSync(tempRoot())).toEqual([]);
      const rows = await svc().database.db.select().from(mediaImports).where(eq(mediaImports.accountId, accountId));
      expect(rows.every((r) => r.state === "failed")).toBe(true);
    }, 60_000);

    test("redirects are followed only to allowed addresses; loopback is refused without UNSAFE_ALLOW_PRIVATE_URLS", async () => {
      const { accountId } = await svc().createAccount();
      const own = importer(svc());
      expect(await own.importMedia(accountId, "video", media.url("/to-clip"))).toContain("media-");
      for (const path of ["/to-private", "/to-metadata"]) {
        const refused = await failure(own.importMedia(accountId, "video", media.url(path)));
        expect(refused.code).toBe("MEDIA_FETCH_FAILED");
        expect(refused.message).toContain("not a public address");
      }
      const strict = importer(svc(), callerUrlPolicy({ allowPrivateUrls: false, outboundCa: media.ca }));
      const loopback = await failure(strict.importMedia(accountId, "video", media.url("/clip.mp4?strict")));
      expect(loopback.message).toContain("not a public address");
      const plainHttp = await failure(strict.importMedia(accountId, "video", "http://example.com/clip.mp4"));
      expect(plainHttp.message).toContain("https");
    }, 60_000);
  });
}

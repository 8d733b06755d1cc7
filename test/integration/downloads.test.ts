import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { runFfmpeg } from "../../render/ffmpeg.ts";
import { insertDownloadLink } from "../../db/repos/downloads.ts";
import { videos } from "../../db/schema/index.ts";
import { videoFileKey } from "../../src/storage/local.ts";
import { newId } from "../../src/kernel/ids.ts";
import { DATABASE_KINDS } from "../helpers/databases.ts";
import { BASE, type TestService, useService } from "../helpers/harness.ts";
import { expectProblem } from "../helpers/problem.ts";

const DAY = 24 * 3600 * 1000;

/** A completed video with its MP4 in storage and a 7-day link, as the pipeline leaves them. */
async function completedVideo(svc: TestService) {
  const { accountId } = await svc.createAccount();
  const now = svc.deps.now();
  const id = newId("vid");
  await svc.database.db.insert(videos).values({
    id, accountId, template: "reddit_story", status: "completed", stage: "Done", progress: 100, inputs: {}, createdAt: now, updatedAt: now, completedAt: now,
  });
  const mp4 = join(svc.dataDir, "render.mp4");
  await runFfmpeg(["-f", "lavfi", "-i", "testsrc2=s=270x480:r=30:d=1", "-f", "lavfi", "-i", "sine=d=1", "-shortest", "-c:v", "libx264", "-preset", "ultrafast", "-movflags", "+faststart", mp4]);
  await svc.deps.storage.put(videoFileKey(id), mp4);
  const token = newId("exp").slice(4) + newId("exp").slice(4);
  await insertDownloadLink(svc.database.db, { token, videoId: id, createdAt: now, expiresAt: new Date(now.getTime() + 7 * DAY) });
  return { id, token };
}

describe.each(DATABASE_KINDS)("downloads on %s", (kind) => {
  const svc = useService(kind);

  test("a download link redirects to a signed URL that serves a playable MP4 with range requests", async () => {
    const { token } = await completedVideo(svc());
    const res = await svc().request(`/v1/d/${token}`);
    expect(res.status).toBe(302);
    const location = res.headers.get("location")!;
    expect(location).toStartWith(`${BASE}/v1/files/`);
    const file = await svc().request(location.slice(BASE.length));
    expect([file.status, file.headers.get("content-type"), file.headers.get("accept-ranges")]).toEqual([200, "video/mp4", "bytes"]);
    const whole = new Uint8Array(await file.arrayBuffer());
    expect(new TextDecoder().decode(whole.subarray(4, 8))).toBe("ftyp");
    const part = await svc().request(location.slice(BASE.length), { headers: { range: "bytes=100-199" } });
    expect([part.status, part.headers.get("content-range")]).toEqual([206, `bytes 100-199/${whole.length}`]);
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(whole.subarray(100, 200));
    const tail = await svc().request(location.slice(BASE.length), { headers: { range: "bytes=-10" } });
    expect(new Uint8Array(await tail.arrayBuffer())).toEqual(whole.subarray(whole.length - 10));
    const beyond = await svc().request(location.slice(BASE.length), { headers: { range: `bytes=${whole.length}-` } });
    expect(beyond.status).toBe(416);
  }, 30_000);

  test("unknown token 404; past 7 days 410 LINK_EXPIRED; a tampered or stale file URL is refused", async () => {
    const { token } = await completedVideo(svc());
    await expectProblem(await svc().request("/v1/d/no-such-token"), 404, "NOT_FOUND");
    const location = (await svc().request(`/v1/d/${token}`)).headers.get("location")!.slice(BASE.length);
    await expectProblem(await svc().request(location.replace(/signature=[^&]+/, "signature=forged")), 404, "NOT_FOUND");
    await expectProblem(await svc().request(location.replace(/expires=\d+/, "expires=9999999999")), 404, "NOT_FOUND");
    svc().advance(16 * 60 * 1000);
    await expectProblem(await svc().request(location), 410, "LINK_EXPIRED");
    expect((await svc().request(`/v1/d/${token}`)).status).toBe(302);
    svc().advance(7 * DAY);
    const expired = await expectProblem(await svc().request(`/v1/d/${token}`), 410, "LINK_EXPIRED");
    expect(expired.detail).toContain("/v1/videos/");
  }, 30_000);
});

import { describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { insertDownloadLink } from "../../db/repos/downloads.ts";
import { videos } from "../../db/schema/index.ts";
import { newId } from "../../src/kernel/ids.ts";
import { writeOfflineKit } from "../../src/publishing/kit-offline.ts";
import { disclosureOf } from "../../src/publishing/disclosure.ts";
import { videoCompanionKey } from "../../src/storage/local.ts";
import { VIDEO_FILES } from "../../src/videos/files.ts";
import { DATABASE_KINDS } from "../helpers/databases.ts";
import { BASE, type TestService, useService } from "../helpers/harness.ts";
import { expectProblem } from "../helpers/problem.ts";
import { storyBody } from "../helpers/videos.ts";

const DAY = 24 * 3600 * 1000;

const PUBLISHING = {
  disclosure: disclosureOf({ synthetic: ["voice"], callerWords: true, callerMedia: [] }),
  kit: writeOfflineKit({ title: "My flatmate and the bowl", text: "My flatmate took my grandmother's bowl. I took it back.", lead: "My flatmate took my grandmother's bowl." }),
};

/** A completed video with its files in storage and a 7-day link, as the pipeline leaves them (the MP4 itself is not needed here). */
async function completedVideo(svc: TestService) {
  const { accountId, apiKey } = await svc.createAccount();
  const now = svc.deps.now();
  const id = newId("vid");
  await svc.database.db.insert(videos).values({ id, accountId, template: "reddit_story", status: "completed", stage: "Done", progress: 100, inputs: {}, stageOutputs: { publishing: PUBLISHING }, createdAt: now, updatedAt: now, completedAt: now });
  for (const file of Object.values(VIDEO_FILES)) {
    const path = join(svc.dataDir, file);
    writeFileSync(path, `contents of ${file}`);
    await svc.deps.storage.put(videoCompanionKey(id, file), path);
  }
  const token = newId("exp").slice(4) + newId("exp").slice(4);
  await insertDownloadLink(svc.database.db, { token, videoId: id, createdAt: now, expiresAt: new Date(now.getTime() + 7 * DAY) });
  return { id, token, apiKey };
}

describe.each(DATABASE_KINDS)("a video's files on %s", (kind) => {
  const svc = useService(kind);

  test("null until completed; then each link redirects to a signed URL serving the file with its type", async () => {
    const { apiKey } = await svc().createAccount();
    const queued = (await (await svc().request("/v1/videos", { method: "POST", key: apiKey, json: storyBody() })).json()) as any;
    expect([queued.files, queued.disclosure, queued.publishKit]).toEqual([null, null, null]);

    const { id, token, apiKey: owner } = await completedVideo(svc());
    const video = (await (await svc().request(`/v1/videos/${id}`, { key: owner })).json()) as any;
    expect(video.downloadUrl).toBe(`${BASE}/v1/d/${token}`);
    expect(video.files).toEqual({
      captionsSrt: `${BASE}/v1/d/${token}/captions.srt`,
      captionsVtt: `${BASE}/v1/d/${token}/captions.vtt`,
      captionsJson: `${BASE}/v1/d/${token}/captions.json`,
      poster: `${BASE}/v1/d/${token}/poster.jpg`,
      contactSheet: `${BASE}/v1/d/${token}/contact-sheet.jpg`,
      publishKit: `${BASE}/v1/d/${token}/publish.json`,
    });
    // The disclosure and publish kit the pipeline kept with the video's stage outputs.
    expect(video.disclosure).toEqual(PUBLISHING.disclosure);
    expect(video.publishKit).toEqual(PUBLISHING.kit);
    const types = ["application/x-subrip; charset=utf-8", "text/vtt; charset=utf-8", "application/json; charset=utf-8", "image/jpeg", "image/jpeg", "application/json; charset=utf-8"];
    for (const [i, url] of Object.values(video.files as Record<string, string>).entries()) {
      const redirect = await svc().request(url.slice(BASE.length));
      expect(redirect.status).toBe(302);
      const location = redirect.headers.get("location")!;
      expect(location).toStartWith(`${BASE}/v1/files/${id}.`);
      const file = await svc().request(location.slice(BASE.length));
      expect([file.status, file.headers.get("content-type")]).toEqual([200, types[i]!]);
      expect(await file.text()).toBe(`contents of ${url.split("/").at(-1)}`);
    }
  });

  test("another name is 404; past downloadExpiresAt every file is 410 LINK_EXPIRED and GET gives fresh links", async () => {
    const { id, token, apiKey } = await completedVideo(svc());
    await expectProblem(await svc().request(`/v1/d/${token}/video.mp4`), 404, "NOT_FOUND");
    await expectProblem(await svc().request(`/v1/d/${token}/..%2F.signing-key`), 404, "NOT_FOUND");
    await expectProblem(await svc().request(`/v1/d/no-such-token/poster.jpg`), 404, "NOT_FOUND");
    svc().advance(7 * DAY + 1000);
    for (const file of Object.values(VIDEO_FILES)) await expectProblem(await svc().request(`/v1/d/${token}/${file}`), 410, "LINK_EXPIRED");
    const fresh = (await (await svc().request(`/v1/videos/${id}`, { key: apiKey })).json()) as any;
    expect(fresh.files.poster).not.toContain(token);
    expect((await svc().request(fresh.files.poster.slice(BASE.length))).status).toBe(302);
  });
});

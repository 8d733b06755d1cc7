import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { insertDownloadLink } from "../../db/repos/downloads.ts";
import { videos } from "../../db/schema/index.ts";
import { newId } from "../../src/kernel/ids.ts";
import { videoFileKey } from "../../src/storage/local.ts";
import { DATABASE_KINDS } from "../helpers/databases.ts";
import { useService } from "../helpers/harness.ts";
import { type ObjectStore, objectStoreEnv, startObjectStore } from "../helpers/object-store.ts";
import { expectProblem } from "../helpers/problem.ts";

/** With STORAGE_URL on a bucket, a download link sends the caller to the object itself, presigned. */

const DAY = 24 * 3600 * 1000;
let store: ObjectStore;
beforeAll(async () => {
  store = await startObjectStore();
});
afterAll(() => store.stop());

describe.each(DATABASE_KINDS)("downloads from an S3-compatible bucket on %s", (kind) => {
  const svc = useService(kind, objectStoreEnv(() => store, `downloads-${kind}`));

  test("GET /v1/d/{token} answers 302 to a presigned URL of the object (ranges work); 410 after 7 days; 404 once the object is gone", async () => {
    const { accountId } = await svc().createAccount();
    const now = svc().deps.now();
    const id = newId("vid");
    await svc().database.db.insert(videos).values({ id, accountId, template: "reddit_story", status: "completed", stage: "Done", progress: 100, inputs: {}, createdAt: now, updatedAt: now, completedAt: now });
    const file = join(svc().dataDir, "render.mp4");
    writeFileSync(file, "0123456789 not really an mp4");
    await svc().deps.storage.put(videoFileKey(id), file);
    const token = newId("exp").slice(4) + newId("exp").slice(4);
    await insertDownloadLink(svc().database.db, { token, videoId: id, createdAt: now, expiresAt: new Date(now.getTime() + 7 * DAY) });

    const res = await svc().request(`/v1/d/${token}`);
    expect(res.status).toBe(302);
    const location = res.headers.get("location")!;
    expect(location).toStartWith(`${store.endpoint}/${store.bucket}/downloads-${kind}/${videoFileKey(id)}?`);
    // The object's URL lives as long as a /v1/files URL would (15 minutes), whatever the link's age.
    expect(Number(new URL(location).searchParams.get("X-Amz-Expires"))).toBeWithin(895, 901);
    const got = await fetch(location);
    expect([got.status, await got.text()]).toEqual([200, "0123456789 not really an mp4"]);
    const part = await fetch(location, { headers: { range: "bytes=2-5" } });
    expect([part.status, await part.text()]).toEqual([206, "2345"]);

    svc().advance(7 * DAY + 1000);
    await expectProblem(await svc().request(`/v1/d/${token}`), 410, "LINK_EXPIRED");
    svc().advance(-(7 * DAY + 1000));
    await svc().deps.storage.remove(videoFileKey(id));
    await expectProblem(await svc().request(`/v1/d/${token}`), 404, "NOT_FOUND");
  }, 60_000);
});

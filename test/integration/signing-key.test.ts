import { describe, expect, test } from "bun:test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sharedKey } from "../../db/repos/service-keys.ts";
import { serviceKeys } from "../../db/schema/index.ts";
import { createLocalStorage } from "../../src/storage/local.ts";
import { DATABASE_KINDS } from "../helpers/databases.ts";
import { BASE, useService } from "../helpers/harness.ts";

/** The key that signs /v1/files URLs lives in the database: every process of a deployment signs alike. */

describe.each(DATABASE_KINDS)("the file URL signing key on %s", (kind) => {
  const svc = useService(kind);

  test("is made once and kept; another process's storage, in another folder, accepts this one's URLs", async () => {
    const db = svc().database.db;
    const [row] = await db.select().from(serviceKeys);
    expect(row!.value).toMatch(/^[0-9a-f]{64}$/);
    // A second process starting later gets the kept key, not the one it made.
    const kept = await sharedKey(db, row!.name, "ff".repeat(32), new Date());
    expect(kept).toBe(row!.value);
    expect(await db.select().from(serviceKeys)).toHaveLength(1);

    const url = new URL(svc().deps.storage.signedUrl("vid_x.mp4", 2_000_000_000));
    const other = createLocalStorage(mkdtempSync(join(tmpdir(), "other-machine-")), BASE, Buffer.from(kept, "hex"));
    expect(other.verify("vid_x.mp4", 2_000_000_000, url.searchParams.get("signature")!)).toBe(true);
    const stranger = createLocalStorage(mkdtempSync(join(tmpdir(), "other-deployment-")), BASE, Buffer.alloc(32, 9));
    expect(stranger.verify("vid_x.mp4", 2_000_000_000, url.searchParams.get("signature")!)).toBe(false);
  });
});

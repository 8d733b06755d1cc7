import { describe, expect, test } from "bun:test";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createLocalStorage, type Storage } from "../../src/storage/local.ts";
import { createS3Storage } from "../../src/storage/s3.ts";
import { useObjectStore } from "../helpers/object-store.ts";

/** One suite, both implementations: what every caller of Storage relies on. */

const { store: objectStore, tempDir } = useObjectStore("storage-test");

const SIGNING_KEY = Buffer.alloc(32, 7);

const IMPLEMENTATIONS: Record<string, () => Storage> = {
  local: () => createLocalStorage(tempDir(), "http://files.test", SIGNING_KEY),
  s3: () =>
    createS3Storage(
      objectStore().location(`suite/${crypto.randomUUID()}`),
      tempDir(),
    ),
};

/** What a caller holding a signed URL gets: the app's /v1/files check for local files, the store itself for S3. */
async function download(storage: Storage, key: string, url: string, range?: string): Promise<{ status: number; body: Buffer }> {
  if (url.startsWith("http://files.test/")) {
    const u = new URL(url);
    const ok = storage.verify(key, Number(u.searchParams.get("expires")), u.searchParams.get("signature") ?? "");
    const path = storage.locate(key);
    if (!ok || !path) return { status: 403, body: Buffer.alloc(0) };
    return { status: 200, body: readFileSync(path) };
  }
  const res = await fetch(url, { headers: range ? { range } : {} });
  return { status: res.status, body: Buffer.from(await res.arrayBuffer()) };
}

function sourceFile(content: string | Buffer): string {
  const path = join(tempDir(), "source.bin");
  writeFileSync(path, content);
  return path;
}

describe.each(Object.keys(IMPLEMENTATIONS))("storage: %s", (kind) => {
  const make = IMPLEMENTATIONS[kind]!;

  test("put moves a file in; has and fetch find it with its bytes", async () => {
    const storage = make();
    const bytes = Buffer.from(Array.from({ length: 200_000 }, (_, i) => i % 251));
    const source = sourceFile(bytes);
    expect(await storage.has("vid_a.mp4")).toBe(false);
    await storage.put("vid_a.mp4", source);
    expect(existsSync(source)).toBe(false);
    expect(await storage.has("vid_a.mp4")).toBe(true);
    const local = await storage.fetch("vid_a.mp4");
    expect(readFileSync(local!).equals(bytes)).toBe(true);
    // A second fetch is the same file.
    expect(await storage.fetch("vid_a.mp4")).toBe(local!);
  });

  test("put with keep leaves the source; putting a key again replaces it", async () => {
    const storage = make();
    const source = sourceFile("first");
    await storage.put("work-vid_b-narration.wav", source, { keep: true });
    expect(readFileSync(source, "utf8")).toBe("first");
    writeFileSync(source, "second");
    await storage.put("vid_b.mp4", source, { keep: true });
    await storage.put("vid_b.mp4", sourceFile("third"));
    const url = storage.signedUrl("vid_b.mp4", Math.floor(Date.now() / 1000) + 60);
    expect((await download(storage, "vid_b.mp4", url)).body.toString()).toBe("third");
  });

  test("a missing key: has false, fetch undefined", async () => {
    const storage = make();
    expect(await storage.has("vid_none.mp4")).toBe(false);
    expect(await storage.fetch("vid_none.mp4")).toBeUndefined();
  });

  test("a signed URL serves the file, and only that file", async () => {
    const storage = make();
    await storage.put("vid_c.mp4", sourceFile("the video bytes"));
    await storage.put("vid_d.mp4", sourceFile("another video"));
    const url = storage.signedUrl("vid_c.mp4", Math.floor(Date.now() / 1000) + 900);
    const got = await download(storage, "vid_c.mp4", url);
    expect([got.status, got.body.toString()]).toEqual([200, "the video bytes"]);
    const tampered = url.replace("vid_c.mp4", "vid_d.mp4");
    expect((await download(storage, "vid_d.mp4", tampered)).status).toBe(403);
  });

  test("remove deletes the file", async () => {
    const storage = make();
    await storage.put("vid_e.mp4", sourceFile("gone soon"));
    expect(await storage.fetch("vid_e.mp4")).toBeDefined();
    await storage.remove("vid_e.mp4");
    expect(await storage.has("vid_e.mp4")).toBe(false);
    expect(await storage.fetch("vid_e.mp4")).toBeUndefined();
  });

  test("keys that could leave the store are refused", async () => {
    const storage = make();
    for (const key of ["../x.mp4", ".signing-key", "a/b.mp4", ""]) {
      await expect(storage.put(key, sourceFile("x"))).rejects.toThrow("invalid storage key");
    }
  });
});

describe("storage: s3 only", () => {
  test("the store checks signatures: a client with the wrong secret is refused", async () => {
    const wrong = createS3Storage(
      objectStore().location("suite", { secretAccessKey: "not-the-secret" }),
      tempDir(),
    );
    await expect(wrong.put("vid_g.mp4", sourceFile("x"))).rejects.toThrow("signature");
  });

  test("with a public endpoint, presigned URLs name the host callers use, and the store accepts them there", async () => {
    const publicEndpoint = objectStore().endpoint.replace("127.0.0.1", "localhost");
    const storage = createS3Storage(
      objectStore().location("suite-public", { publicEndpoint }),
      tempDir(),
    );
    await storage.put("vid_h.mp4", sourceFile("through the public name"));
    const url = storage.signedUrl("vid_h.mp4", Math.floor(Date.now() / 1000) + 60);
    expect(url).toStartWith(`${publicEndpoint}/`);
    const got = await fetch(url);
    expect([got.status, await got.text()]).toEqual([200, "through the public name"]);
  });

  test("a presigned URL serves byte ranges, and is refused by the store once expired", async () => {
    const storage = IMPLEMENTATIONS.s3!();
    await storage.put("vid_f.mp4", sourceFile("0123456789"));
    const url = storage.signedUrl("vid_f.mp4", Math.floor(Date.now() / 1000) + 60);
    const range = await download(storage, "vid_f.mp4", url, "bytes=2-5");
    expect([range.status, range.body.toString()]).toEqual([206, "2345"]);
    const soon = storage.signedUrl("vid_f.mp4", Math.floor(Date.now() / 1000) + 1);
    await Bun.sleep(2100);
    expect((await download(storage, "vid_f.mp4", soon)).status).toBe(403);
  });
});

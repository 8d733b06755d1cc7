import { expect, test } from "bun:test";
import { Glob } from "bun";
import { join } from "node:path";

const STUDIO = join(import.meta.dir, "../../../studio/src");

/** Every source file of the Studio with its text. */
async function sources(): Promise<{ file: string; text: string }[]> {
  const out: { file: string; text: string }[] = [];
  for await (const file of new Glob("**/*.{ts,tsx}").scan({ cwd: STUDIO })) out.push({ file, text: await Bun.file(join(STUDIO, file)).text() });
  return out;
}

test("the Studio renders people's text only as text: no HTML from strings, no eval", async () => {
  const files = await sources();
  expect(files.length).toBeGreaterThan(10);
  const found = files.filter(({ text }) => /dangerouslySetInnerHTML|\.innerHTML|outerHTML|insertAdjacentHTML|document\.write|\beval\(|new Function\(/.test(text)).map((f) => f.file);
  expect(found).toEqual([]);
});

test("the key is never logged nor put in an address: no console output, and the client sends it as a header", async () => {
  const files = await sources();
  expect(files.filter(({ text }) => /\bconsole\./.test(text)).map((f) => f.file)).toEqual([]);
  // Only the app reads the stored key (session.ts keeps it), and hands it to the client, which sends it as the Authorization header.
  const readers = files.filter(({ text }) => /storedKey\(\)/.test(text)).map((f) => f.file);
  expect(readers.sort()).toEqual(["api/session.ts", "app.tsx"]);
  expect(files.filter(({ text }) => /[?&](api_?key|key|token)=/i.test(text)).map((f) => f.file)).toEqual([]);
});

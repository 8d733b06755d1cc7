import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { digitalSourceTypeOf } from "../publishing/disclosure.ts";
import type { MadeOf } from "../publishing/model.ts";
import type { ContentSigner } from "./signer.ts";

/** The claim generator every manifest names: this service and its version, as its package states them. */
export const CLAIM_GENERATOR: { name: string; version: string } = (() => {
  const manifest = JSON.parse(readFileSync(fileURLToPath(new URL("../../package.json", import.meta.url)), "utf8")) as { name: string; version: string };
  return { name: manifest.name, version: manifest.version };
})();

async function sha256Of(path: string): Promise<string> {
  const hasher = new Bun.CryptoHasher("sha256");
  for await (const chunk of Bun.file(path).stream()) hasher.update(chunk);
  return hasher.digest("hex");
}

/**
 * Signs a rendered video and its poster in place, each with its own manifest stating the same: the
 * generator, the template, what is synthetic (the IPTC source type) and the caller's own media by hash.
 */
export async function signVideoFiles(signer: ContentSigner, template: string, made: MadeOf, files: { video: string; poster: string }): Promise<{ seconds: number; bytesAdded: number }> {
  const started = performance.now();
  const ingredients = [];
  for (const media of made.callerMedia) if (existsSync(media.path)) ingredients.push({ role: media.role, format: media.format, sha256: await sha256Of(media.path) });
  const facts = { generator: CLAIM_GENERATOR, template, digitalSourceType: digitalSourceTypeOf(made), ingredients };
  const video = await signer.sign(files.video, { ...facts, title: "video.mp4", format: "video/mp4" });
  const poster = await signer.sign(files.poster, { ...facts, title: "poster.jpg", format: "image/jpeg" });
  return { seconds: (performance.now() - started) / 1000, bytesAdded: video.bytesAdded + poster.bytesAdded };
}

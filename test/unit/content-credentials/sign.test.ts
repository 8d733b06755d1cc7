import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generateKeyPairSync } from "node:crypto";
import { runFfmpeg } from "../../../render/ffmpeg.ts";
import { credentialsFromPem, type SigningCredentials } from "../../../src/content-credentials/credentials.ts";
import type { ManifestFacts } from "../../../src/content-credentials/manifest.ts";
import { makeServiceCertificate } from "../../../src/content-credentials/service-certificate.ts";
import { type ContentSigner, createContentSigner } from "../../../src/content-credentials/signer.ts";
import { DIGITAL_SOURCE_TYPES } from "../../../src/publishing/model.ts";
import { readJpegWithC2paTs, readWithCai } from "../../helpers/content-credentials.ts";

const dir = mkdtempSync(join(tmpdir(), "c2pa-sign-"));
let credentials: SigningCredentials;
/** One signer, as a process has: its thread loads the library once. */
let signer: ContentSigner;
let mp4: Uint8Array;
let jpeg: Uint8Array;

beforeAll(async () => {
  // A small MP4 (H.264 and AAC, moov first as the renderer writes it) and a JPEG still.
  await runFfmpeg(["-f", "lavfi", "-i", "testsrc=size=180x320:rate=30", "-f", "lavfi", "-i", "sine=frequency=440", "-t", "2", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-movflags", "+faststart", join(dir, "clip.mp4")]);
  await runFfmpeg(["-f", "lavfi", "-i", "testsrc=size=180x320", "-frames:v", "1", join(dir, "still.jpg")]);
  mp4 = readFileSync(join(dir, "clip.mp4"));
  jpeg = readFileSync(join(dir, "still.jpg"));
  const made = await makeServiceCertificate(new Date(), "shortvid test");
  credentials = credentialsFromPem(made.certPem, made.keyPem);
  signer = createContentSigner(async () => credentials);
});
afterAll(() => signer.close());

function facts(format: ManifestFacts["format"], extra: Partial<ManifestFacts> = {}): ManifestFacts {
  return {
    generator: { name: "shortvid", version: "1.0.0" },
    template: "article_video",
    digitalSourceType: DIGITAL_SOURCE_TYPES.trainedAlgorithmicMedia,
    title: format === "video/mp4" ? "video.mp4" : "poster.jpg",
    format,
    ingredients: [],
    ...extra,
  };
}

async function signedCopy(name: string, bytes: Uint8Array, f: ManifestFacts) {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  const { bytesAdded } = await signer.sign(path, f);
  return { bytes: new Uint8Array(readFileSync(path)), bytesAdded };
}

const created = (manifest: any) => manifest.assertions.find((a: any) => a.label.startsWith("c2pa.actions")).data.actions.find((a: any) => a.action === "c2pa.created");

describe("Content Credentials in an MP4", () => {
  test("the CAI reader finds one manifest whose signature and BMFF hash validate, stating the generator, template and source type", async () => {
    const { bytes, bytesAdded } = await signedCopy("signed.mp4", mp4, facts("video/mp4"));
    expect(bytes.length).toBe(mp4.length + bytesAdded);
    const read = await readWithCai("video/mp4", bytes);
    expect(read.failures).toEqual([]);
    expect(read.codes).toContain("assertion.bmffHash.match");
    expect(read.codes).toContain("claimSignature.validated");
    // Valid, short of Trusted: the service's own certificate is on no trust list.
    expect(read.codes).toContain("signingCredential.untrusted");
    expect(read.state).toBe("Valid");
    expect(read.manifest.claim_generator_info[0]).toMatchObject({ name: "shortvid", version: "1.0.0" });
    expect(created(read.manifest)).toMatchObject({ digitalSourceType: DIGITAL_SOURCE_TYPES.trainedAlgorithmicMedia, parameters: { template: "article_video" } });
  });

  test("changing one byte of the media data makes validation fail", async () => {
    const { bytes } = await signedCopy("tampered.mp4", mp4, facts("video/mp4"));
    // The mdat box's payload: a byte well inside the encoded frames.
    const mdat = Buffer.from(bytes).indexOf("mdat");
    expect(mdat).toBeGreaterThan(0);
    const at = mdat + 4 + 2000;
    bytes[at] = bytes[at]! ^ 0xff;
    const read = await readWithCai("video/mp4", bytes).catch((error: Error) => ({ failures: [error.message] }) as { failures: string[] });
    expect(read.failures.join(" ")).toContain("assertion.bmffHash.mismatch");
  });

  test("the caller's own media are ingredients by hash, and a composite states its source type", async () => {
    const sha256 = "ab".repeat(32);
    const f = facts("video/mp4", { template: "reddit_story", digitalSourceType: DIGITAL_SOURCE_TYPES.compositeWithTrainedAlgorithmicMedia, ingredients: [{ role: "background footage", format: "video/mp4", sha256 }] });
    const read = await readWithCai("video/mp4", (await signedCopy("composite.mp4", mp4, f)).bytes);
    expect(read.failures).toEqual([]);
    expect(created(read.manifest).digitalSourceType).toBe(DIGITAL_SOURCE_TYPES.compositeWithTrainedAlgorithmicMedia);
    expect(read.manifest.ingredients).toHaveLength(1);
    expect(read.manifest.ingredients[0]).toMatchObject({ title: "background footage", format: "video/mp4", relationship: "componentOf", instance_id: `sha256:${sha256}` });
    expect(JSON.stringify(read.manifest)).not.toContain("https://");
  });
});

describe("Content Credentials in a JPEG poster", () => {
  test("an independent implementation (c2pa-ts) validates its signature and data hash; the CAI reader agrees", async () => {
    const { bytes } = await signedCopy("poster.jpg", jpeg, facts("image/jpeg"));
    const independent = await readJpegWithC2paTs(bytes);
    expect(independent.errors).toEqual([]);
    expect(independent.codes).toContain("assertion.dataHash.match");
    expect(independent.codes).toContain("claimSignature.validated");
    const cai = await readWithCai("image/jpeg", bytes);
    expect(cai.failures).toEqual([]);
    expect(created(cai.manifest).digitalSourceType).toBe(DIGITAL_SOURCE_TYPES.trainedAlgorithmicMedia);
  });

  test("changing one byte of the image makes both readers refuse it", async () => {
    const { bytes } = await signedCopy("poster-tampered.jpg", jpeg, facts("image/jpeg"));
    bytes[bytes.length - 100] = bytes[bytes.length - 100]! ^ 0xff;
    expect((await readJpegWithC2paTs(bytes)).errors).toContain("assertion.dataHash.mismatch");
    const cai = await readWithCai("image/jpeg", bytes).catch((error: Error) => ({ failures: [error.message] }) as { failures: string[] });
    expect(cai.failures.join(" ")).toContain("assertion.dataHash.mismatch");
  });
});

describe("the operator's signing certificate", () => {
  test("a signing failure is the signer's error, and the signer goes on signing", async () => {
    await expect(signer.sign(join(dir, "no-such-file.mp4"), facts("video/mp4"))).rejects.toThrow(/signing Content Credentials failed/);
    expect((await readWithCai("video/mp4", (await signedCopy("after-failure.mp4", mp4, facts("video/mp4"))).bytes)).failures).toEqual([]);
  });

  test("the service's certificate signs with ES256; a key that is not the certificate's is refused", async () => {
    const made = await makeServiceCertificate(new Date(), "operator");
    expect(() => credentialsFromPem(made.certPem, generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey.export({ type: "pkcs8", format: "pem" }) as string)).toThrow("not the key");
    expect(credentials.alg).toBe("es256");
  });
});

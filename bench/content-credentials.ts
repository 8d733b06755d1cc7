/**
 * Content Credentials benchmark: what signing adds to a finished video. Signs a copy of an MP4 and of a
 * poster JPEG with the service's signer (a fresh service certificate, ES256) several times and prints the
 * median and best seconds per file and the bytes each manifest adds. Run:
 *   bun bench/content-credentials.ts [video.mp4 [poster.jpg]]
 * Without files it makes a 60 s 1080x1920 H.264 + AAC video at the renderer's 7 Mbit/s cap (the most a
 * 60 s video can weigh) and a 1080x1920 JPEG.
 */
import { copyFileSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runFfmpeg } from "../render/ffmpeg.ts";
import { credentialsFromPem } from "../src/content-credentials/credentials.ts";
import { makeServiceCertificate } from "../src/content-credentials/service-certificate.ts";
import { CLAIM_GENERATOR } from "../src/content-credentials/sign-video.ts";
import { createContentSigner } from "../src/content-credentials/signer.ts";
import { DIGITAL_SOURCE_TYPES } from "../src/publishing/model.ts";

const RUNS = 5;
const dir = mkdtempSync(join(tmpdir(), "bench-c2pa-"));
try {
  let [video, poster] = process.argv.slice(2);
  if (!video) {
    video = join(dir, "sixty.mp4");
    await runFfmpeg(["-f", "lavfi", "-i", "testsrc2=size=1080x1920:rate=30", "-f", "lavfi", "-i", "sine=frequency=220", "-t", "60", "-c:v", "libx264", "-preset", "ultrafast", "-b:v", "7M", "-maxrate", "7M", "-bufsize", "14M", "-pix_fmt", "yuv420p", "-c:a", "aac", "-b:a", "128k", "-movflags", "+faststart", video]);
  }
  if (!poster) {
    poster = join(dir, "poster.jpg");
    await runFfmpeg(["-ss", "1", "-i", video, "-frames:v", "1", "-q:v", "3", poster]);
  }
  const made = await makeServiceCertificate(new Date(), "bench");
  const signer = createContentSigner(async () => credentialsFromPem(made.certPem, made.keyPem));
  const facts = { generator: CLAIM_GENERATOR, template: "reddit_story", digitalSourceType: DIGITAL_SOURCE_TYPES.compositeWithTrainedAlgorithmicMedia, ingredients: [] };
  for (const [source, format, title] of [[video, "video/mp4", "video.mp4"], [poster, "image/jpeg", "poster.jpg"]] as const) {
    const times: number[] = [];
    let added = 0;
    for (let i = 0; i < RUNS; i++) {
      const copy = join(dir, `copy-${title}`);
      copyFileSync(source, copy);
      const started = performance.now();
      added = (await signer.sign(copy, { ...facts, format, title })).bytesAdded;
      times.push((performance.now() - started) / 1000);
    }
    times.sort((a, b) => a - b);
    const size = statSync(source).size;
    console.log(`${title}: ${(size / 1e6).toFixed(2)} MB; signing median ${times[Math.floor(RUNS / 2)]!.toFixed(3)} s, best ${times[0]!.toFixed(3)} s (${RUNS} runs, the first includes loading the library); +${added} bytes (${((added / size) * 100).toFixed(3)}%)`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

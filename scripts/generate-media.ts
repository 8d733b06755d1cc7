/**
 * Generates the built-in background loops (3D scenes rendered in headless Chromium), their thumbnails
 * and the music loops and sound effects into the media cache (MEDIA_CACHE_DIR). Skips what exists, so set-up runs it every
 * time at no cost.
 *   bun scripts/generate-media.ts           everything, the default category first (tests, docs)
 *   bun scripts/generate-media.ts --first   music, sound effects and a loop of the default category (start.sh waits for this)
 *   bun scripts/generate-media.ts --default music, sound effects and every loop of the default category (the test suite's)
 *   bun scripts/generate-media.ts --rest    every other loop, the default category's first (start.sh runs it in the background);
 *                                           a category a video waits for is made next
 *   --while-pid N                           stops (leaving no partial file) when process N has exited
 */
import { availableParallelism } from "node:os";
import { generateMedia, type GenerationPhase } from "../render/media/generate-media.ts";
import { generatedMediaDir } from "../render/media/generated-dir.ts";
import { loadConfig } from "../src/kernel/config.ts";

const phase: GenerationPhase = (["first", "default", "rest"] as const).find((p) => process.argv.includes(`--${p}`)) ?? "all";
const cacheDir = loadConfig().mediaCacheDir;
const stop = new AbortController();
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => stop.abort());
const watched = process.argv.indexOf("--while-pid");
if (watched > 0) {
  const pid = Number(process.argv[watched + 1]);
  const check = setInterval(() => {
    try {
      process.kill(pid, 0);
    } catch {
      stop.abort();
    }
  }, 2000);
  check.unref();
}

const started = performance.now();
// In the background (--rest) one loop at a time leaves a core to the service's own renders; --first is one loop.
const concurrency = phase === "all" || phase === "default" ? Math.min(2, availableParallelism()) : 1;
const report = await generateMedia(cacheDir, phase, { log: (line) => console.error(line), signal: stop.signal, concurrency });
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.error(
  `media (${phase}): ${report.made.length} made, ${report.reused.length} reused, ${report.skipped.length} skipped (no scene yet), ${report.failed.length} failed in ${seconds} s under ${generatedMediaDir(cacheDir)}`,
);
if (stop.signal.aborted) process.exit(130);
if (report.failed.length > 0) process.exit(1);

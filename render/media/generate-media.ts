import { closeSync, copyFileSync, existsSync, linkSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { ffmpegToFile } from "../ffmpeg.ts";
import { Browser } from "../footage/chromium.ts";
import { FOOTAGE_RECIPES, type FootageRecipe } from "../footage/recipes.ts";
import { type LoopStats, renderLoop } from "../footage/render-loop.ts";
import { loopKey } from "../footage/version.ts";
import { DEFAULT_BACKGROUND_CATEGORY, categorySlug } from "./background-categories.ts";
import { thumbnailArgs } from "./generated-backgrounds.ts";
import { generatedMediaDir } from "./generated-dir.ts";
import { generateAudio } from "./generated-audio.ts";
import { clearRequest, type GenerationState, processAlive, requestedCategories, writeGenerationState } from "./footage-requests.ts";

/**
 * Set-up's media generation. "first": the music, the sound effects and a loop of the default category
 * (the service needs nothing else to answer); "default": those and the default category's other loops (what
 * the test suite renders over); "rest": every other loop; "all": everything, default category first. What exists is skipped, a loop made before under another version with the same key is linked, not rendered again, and
 * every file appears under its final name only when complete. A category a video waits for (a request
 * from the service, see footage-requests.ts) is made before the others.
 */
export type GenerationPhase = "first" | "default" | "rest" | "all";

export interface GenerationReport {
  made: string[];
  reused: string[];
  /** Recipes whose scene module does not exist yet. */
  skipped: string[];
  failed: string[];
}

const DEFAULT_SLUG = categorySlug(DEFAULT_BACKGROUND_CATEGORY);

/**
 * The default category first. "first" is its first loop only: one loop serves the category, and on 2
 * cores one capture alone is ready about a minute sooner than two sharing the cores (measured ~200 CPU
 * seconds a loop), which keeps the quick start under five minutes; its other loop heads "rest".
 */
export function recipesFor(phase: GenerationPhase): FootageRecipe[] {
  const ordered = [...FOOTAGE_RECIPES.filter((r) => r.slug === DEFAULT_SLUG), ...FOOTAGE_RECIPES.filter((r) => r.slug !== DEFAULT_SLUG)];
  if (phase === "first") return ordered.slice(0, 1);
  if (phase === "default") return ordered.filter((r) => r.slug === DEFAULT_SLUG);
  return phase === "rest" ? ordered.slice(1) : ordered;
}

export interface GenerationOptions {
  log(line: string): void;
  signal?: AbortSignal;
  /**
   * Loops rendered at once, each in its own browser. Within one capture, drawing, compositing and
   * encoding a frame follow each other and leave cores idle; a second loop fills them.
   */
  concurrency?: number;
  /** Makes a renderer for each of the `concurrency` workers; Chromium capturing the recipe's scene when not given. */
  renderer?: () => LoopRenderer;
}

/** Renders loops one after another, each to a file that appears only when complete. */
export interface LoopRenderer {
  render(recipe: FootageRecipe, out: string, signal?: AbortSignal): Promise<LoopStats>;
  close(): Promise<void>;
}

/** The built-in renderer: the scene captured in headless Chromium (one browser for its loops, a crashed one replaced). */
export function chromiumLoopRenderer(): LoopRenderer {
  let browser: Browser | undefined;
  return {
    async render(recipe, out, signal) {
      try {
        browser ??= await Browser.launch();
        return await renderLoop(recipe, out, browser, signal);
      } catch (error) {
        await browser?.close().catch(() => undefined);
        browser = undefined;
        throw error;
      }
    },
    close: async () => browser?.close(),
  };
}

const recipeId = (recipe: FootageRecipe) => `${recipe.slug}/${recipe.name}`;

/** The next loop to make: the first of the oldest requested category that has one left, else the next in order. */
function takeNext(queue: FootageRecipe[], root: string): FootageRecipe | undefined {
  for (const slug of requestedCategories(root)) {
    const at = queue.findIndex((recipe) => recipe.slug === slug);
    if (at >= 0) return queue.splice(at, 1)[0];
  }
  return queue.shift();
}

export async function generateMedia(cacheDir: string, phase: GenerationPhase, options: GenerationOptions): Promise<GenerationReport> {
  const { log, signal } = options;
  const root = generatedMediaDir(cacheDir);
  mkdirSync(root, { recursive: true });
  const release = await acquireLock(join(cacheDir, ".generate.lock"), log, signal);
  const report: GenerationReport = { made: [], reused: [], skipped: [], failed: [] };
  try {
    removeStalePartials(root);
    // Music and sound effects: a few seconds, in their own folder.
    if (phase !== "rest") report.made.push(...generateAudio(cacheDir).map((file) => `audio/${file}`));
    const queue = recipesFor(phase);
    // What this generation has left, makes and failed, for the service to read (footage-requests.ts).
    const state: GenerationState = { pid: process.pid, pending: [], current: [], failed: [] };
    const publish = () => writeGenerationState(root, { ...state, pending: queue.map(recipeId) });
    publish();
    const worker = async () => {
      const renderer = options.renderer?.() ?? chromiumLoopRenderer();
      try {
        for (let recipe = takeNext(queue, root); recipe && !signal?.aborted; recipe = takeNext(queue, root)) {
          const id = recipeId(recipe);
          state.current.push(id);
          publish();
          const made = await generateLoop(cacheDir, root, recipe, renderer, report, options);
          state.current = state.current.filter((c) => c !== id);
          if (!made && !signal?.aborted) state.failed.push(id);
          // A request is served once the category has a loop, or has no loop left to try.
          const left = queue.some((r) => r.slug === recipe.slug) || state.current.some((c) => c.startsWith(`${recipe.slug}/`));
          if (made || !left) clearRequest(root, recipe.slug);
          publish();
        }
      } finally {
        await renderer.close();
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 1) }, worker));
    const complete = (phase === "rest" || phase === "all") && !signal?.aborted && report.failed.length + report.skipped.length === 0;
    if (complete) pruneOldVersions(cacheDir, root, log);
  } finally {
    release();
  }
  return report;
}

/** Makes one loop and its thumbnail unless they exist; false when it could not be made. */
async function generateLoop(cacheDir: string, root: string, recipe: FootageRecipe, renderer: LoopRenderer, report: GenerationReport, { log, signal }: GenerationOptions): Promise<boolean> {
  const id = `${recipe.slug}/${recipe.name}`;
  const video = join(root, "backgrounds", recipe.slug, `${recipe.name}.mp4`);
  const key = loopKey(recipe);
  if (!existsSync(video)) {
    if (!key) {
      log(`media: skipping ${id}: its scene render/footage/scenes/${recipe.slug}.ts does not exist yet`);
      report.skipped.push(id);
      return false;
    }
    mkdirSync(dirname(video), { recursive: true });
    if (reuse(cacheDir, root, recipe, key, video)) {
      log(`media: ${id} linked from an earlier version (same scene and settings)`);
      report.reused.push(id);
    } else {
      try {
        const stats = await renderer.render(recipe, video, signal);
        log(`media: ${id} rendered: ${stats.rendered} frames in ${stats.seconds.toFixed(1)} s (${stats.fps.toFixed(1)} fps)`);
        report.made.push(id);
      } catch (error) {
        if (signal?.aborted) return false;
        log(`media: ${id} failed: ${error instanceof Error ? error.message : String(error)}`);
        report.failed.push(id);
        return false;
      }
    }
  }
  if (key) writeFileSync(keyPath(video), key);
  const thumbnail = video.replace(/\.mp4$/, ".jpg");
  if (!existsSync(thumbnail)) await ffmpegToFile(thumbnail, (out) => thumbnailArgs(video, out));
  return true;
}

const keyPath = (video: string) => video.replace(/\.mp4$/, ".key");

/** Links (or copies) the same loop from another version's folder when its key matches. */
function reuse(cacheDir: string, root: string, recipe: FootageRecipe, key: string, video: string): boolean {
  for (const folder of readdirSync(cacheDir)) {
    const other = join(cacheDir, folder);
    if (other === root || folder.startsWith(".")) continue;
    const candidate = join(other, "backgrounds", recipe.slug, `${recipe.name}.mp4`);
    if (!existsSync(candidate) || !existsSync(keyPath(candidate)) || readFileSync(keyPath(candidate), "utf8") !== key) continue;
    const partial = video.replace(/\.mp4$/, `.${process.pid}.partial.mp4`);
    try {
      try {
        linkSync(candidate, partial);
      } catch {
        copyFileSync(candidate, partial);
      }
      renameSync(partial, video);
      return true;
    } finally {
      rmSync(partial, { force: true });
    }
  }
  return false;
}

/**
 * Once the current folder is complete, older versions only take disk (a few hundred MB each): all but the
 * newest of them go (that one may still be in use by a process of the previous release).
 */
function pruneOldVersions(cacheDir: string, root: string, log: (line: string) => void) {
  const others = readdirSync(cacheDir)
    .filter((name) => /^[0-9a-f]{10}$/.test(name) && join(cacheDir, name) !== root)
    .map((name) => ({ path: join(cacheDir, name), mtime: statSync(join(cacheDir, name)).mtimeMs }))
    .sort((a, b) => b.mtime - a.mtime);
  for (const { path } of others.slice(1)) {
    rmSync(path, { recursive: true, force: true });
    log(`media: removed the outdated ${path}`);
  }
}

/** Partial files of generations that were killed (their process is gone). */
function removeStalePartials(root: string) {
  for (const folder of ["backgrounds"].map((d) => join(root, d)).filter(existsSync)) {
    for (const sub of readdirSync(folder)) {
      const dir = join(folder, sub);
      for (const file of existsSync(dir) ? readdirSync(dir) : []) {
        const pid = file.match(/\.(\d+)\.partial\./)?.[1];
        if (pid && !processAlive(Number(pid))) rmSync(join(dir, file), { force: true });
      }
    }
  }
}

/** One generation at a time per cache (two would share two cores and finish later); a dead holder's lock is taken over. */
async function acquireLock(path: string, log: (line: string) => void, signal?: AbortSignal): Promise<() => void> {
  let told = false;
  for (;;) {
    try {
      const fd = openSync(path, "wx");
      writeFileSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(path, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const holder = Number(readFileSync(path, "utf8").trim());
    if (!holder || !processAlive(holder)) {
      rmSync(path, { force: true });
      continue;
    }
    if (!told) log(`media: waiting for the generation already running (pid ${holder})`);
    told = true;
    if (signal?.aborted) throw new Error("media: generation stopped");
    await Bun.sleep(1000);
  }
}

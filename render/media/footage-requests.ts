import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * What the service and set-up's generation (another process: scripts/generate-media.ts, started by
 * start.sh) tell each other through the generated media folder, which both see:
 *   <root>/.requests/<slug>     a video waits for this category: the generation makes it next
 *   <root>/.generation.json     what the running generation has left to make, makes now, and failed to make
 * Files, not the database: the quick start's embedded database is open to the service's process only.
 */

/** Where a loop is in the running generation, or in the last one when its process has ended. */
export interface GenerationState {
  pid: number;
  /** "slug/name" of the loops not started yet, in the order they will be made (requests aside). */
  pending: string[];
  /** Being made now. */
  current: string[];
  /** Tried and failed in this generation. */
  failed: string[];
}

const requestsDir = (root: string) => join(root, ".requests");
const statePath = (root: string) => join(root, ".generation.json");

/** Asks for a category to be made next; a request already there keeps its time (the oldest is served first). */
export function requestCategory(root: string, slug: string): void {
  const path = join(requestsDir(root), slug);
  if (existsSync(path)) return;
  mkdirSync(requestsDir(root), { recursive: true });
  writeFileSync(path, "");
}

/** The categories asked for, oldest request first. */
export function requestedCategories(root: string): string[] {
  const dir = requestsDir(root);
  if (!existsSync(dir)) return [];
  const requests: { slug: string; at: number }[] = [];
  for (const slug of readdirSync(dir)) {
    try {
      requests.push({ slug, at: statSync(join(dir, slug)).mtimeMs });
    } catch {
      // Served meanwhile.
    }
  }
  return requests.sort((a, b) => a.at - b.at || a.slug.localeCompare(b.slug)).map((r) => r.slug);
}

/** The category is made (or failed): nobody waits on this request any more. */
export function clearRequest(root: string, slug: string): void {
  rmSync(join(requestsDir(root), slug), { force: true });
}

export function writeGenerationState(root: string, state: GenerationState): void {
  mkdirSync(root, { recursive: true });
  const partial = `${statePath(root)}.${process.pid}.partial`;
  writeFileSync(partial, JSON.stringify(state));
  renameSync(partial, statePath(root));
}

/** The last generation's state and whether its process still runs; null when none has run here. */
export function readGenerationState(root: string): (GenerationState & { running: boolean }) | null {
  try {
    const state = JSON.parse(readFileSync(statePath(root), "utf8")) as GenerationState;
    return { ...state, running: processAlive(state.pid) };
  } catch {
    return null;
  }
}

export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * What becomes of a category with no loop yet: "generating" (being made now), "queued" (the running
 * generation will make it), "failed" (its loops failed and none is left to try), or "unplanned" (no
 * running generation will make it).
 */
export type CategoryGeneration = "generating" | "queued" | "failed" | "unplanned";

export function categoryGeneration(state: GenerationState & { running: boolean }, slug: string): CategoryGeneration {
  const of = (ids: string[]) => ids.some((id) => id.startsWith(`${slug}/`));
  if (state.running && of(state.current)) return "generating";
  if (state.running && of(state.pending)) return "queued";
  return of(state.failed) ? "failed" : "unplanned";
}

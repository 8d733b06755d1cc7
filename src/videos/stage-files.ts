import { copyFileSync, existsSync, mkdirSync } from "node:fs";
import { basename, dirname, join, sep } from "node:path";
import type { Storage } from "../storage/local.ts";
import { StageOutputError } from "../templates/stages.ts";
import type { Template } from "../templates/template.ts";

/**
 * The files a finished stage left in a video's working folder (its narration, say) are kept in storage
 * too, so an attempt on another machine, whose working folder is elsewhere and empty, takes them from
 * there instead of running the stage again. Files outside the folder (imported media) are storage's
 * already.
 */

/** A stage file's key: the video's id and the file's name, flattened to a storage key. */
export function stageFileKey(videoId: string, file: string): string {
  return `stage-${videoId}-${basename(file).replace(/[^A-Za-z0-9_.-]/g, "_")}`;
}

const inFolder = (workDir: string, file: string) => file.startsWith(workDir + sep);

/**
 * Stage outputs name files by absolute path, in the working folder of the attempt that made them; on
 * another machine (another DATA_DIR) that folder is elsewhere. Every path inside a folder named after
 * the video is moved onto this attempt's folder.
 */
export function relocateOutputs<T>(outputs: T, videoId: string, workDir: string): T {
  const marker = `${sep}${videoId}${sep}`;
  const walk = (value: unknown): unknown => {
    if (typeof value === "string") {
      const at = value.indexOf(marker);
      return at >= 0 && value.startsWith(sep) ? join(workDir, value.slice(at + marker.length)) : value;
    }
    if (Array.isArray(value)) return value.map(walk);
    if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v)]));
    return value;
  };
  return walk(outputs) as T;
}

export async function keepStageFiles(storage: Storage, videoId: string, workDir: string, files: string[]): Promise<void> {
  for (const file of files) if (inFolder(workDir, file)) await storage.put(stageFileKey(videoId, file), file, { keep: true });
}

/** Brings back the stage's files missing here; false when one is neither here nor in storage. */
export async function restoreStageFiles(storage: Storage, videoId: string, workDir: string, files: string[]): Promise<boolean> {
  for (const file of files) {
    if (existsSync(file)) continue;
    if (!inFolder(workDir, file)) return false;
    const stored = await storage.fetch(stageFileKey(videoId, file));
    if (!stored) return false;
    mkdirSync(dirname(file), { recursive: true });
    copyFileSync(stored, file);
  }
  return true;
}

/**
 * Removes what keepStageFiles kept for every stage `outputs` holds (outputs relocated onto `workDir`).
 * An output its template refuses to read names no files it can trust, and is passed over: this runs
 * as a video ends, and must not fail it a second time.
 */
export async function dropStageFiles(storage: Storage, template: Pick<Template, "stages" | "stageFiles">, videoId: string, workDir: string, outputs: Record<string, unknown>): Promise<void> {
  for (const stage of template.stages) {
    if (outputs[stage] === undefined) continue;
    for (const file of readableFiles(template, stage, outputs[stage])) if (inFolder(workDir, file)) await storage.remove(stageFileKey(videoId, file));
  }
}

function readableFiles(template: Pick<Template, "stageFiles">, stage: Template["stages"][number], output: unknown): string[] {
  try {
    return template.stageFiles(stage, output);
  } catch (error) {
    if (error instanceof StageOutputError) return [];
    throw error;
  }
}

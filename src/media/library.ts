import { existsSync, readdirSync, statSync } from "node:fs";
import { basename, extname, join } from "node:path";
import { BACKGROUND_CATEGORIES, type BackgroundCategory, categorySlug } from "../../render/media/background-categories.ts";
import { soundEffectFile } from "../../render/media/generated-audio.ts";
import type { SoundEffect } from "../../render/media/sound-effects.ts";

/**
 * Background footage and music on disk. Layout (documented in the README):
 *   <root>/backgrounds/<category-slug>/<name>.mp4   (+ optional <name>.jpg thumbnail)
 *   <root>/backgrounds/other/<name>.mp4             operator footage outside the categories
 *   <root>/music/<mood>/<name>.mp3
 *   <root>/sfx/<effect>.wav                          the sound effects templates place (send, tick, ...)
 * Ids are derived from the path, so they are stable across restarts and machines sharing storage.
 */
export interface BackgroundAsset {
  id: string;
  name: string;
  category: BackgroundCategory | null;
  file: string;
  thumbnail: string | null;
}

export interface MusicTrack {
  id: string;
  name: string;
  category: string | null;
  file: string;
}

export interface MediaLibrary {
  backgrounds(): BackgroundAsset[];
  music(): MusicTrack[];
  findBackground(id: string): BackgroundAsset | undefined;
  findMusic(id: string): MusicTrack | undefined;
  /** The file of a sound effect (the operator's first), or undefined before set-up has made it. */
  soundEffect(name: SoundEffect): string | undefined;
}

const SLUG_TO_CATEGORY = new Map(BACKGROUND_CATEGORIES.map((c) => [categorySlug(c), c]));
const VIDEO_EXT = new Set([".mp4", ".mov", ".mkv", ".webm"]);
const AUDIO_EXT = new Set([".mp3", ".m4a", ".aac", ".wav", ".ogg", ".flac"]);

function listDir(dir: string): string[] {
  return existsSync(dir) ? readdirSync(dir).filter((n) => !n.startsWith(".")).sort() : [];
}

/** Media files one folder down: `<base>/<folder>/<stem><ext>`. */
function filesIn(base: string, extensions: Set<string>) {
  const found: { folder: string; dir: string; stem: string; path: string }[] = [];
  for (const folder of listDir(base)) {
    const dir = join(base, folder);
    if (!statSync(dir).isDirectory()) continue;
    for (const file of listDir(dir)) {
      if (extensions.has(extname(file).toLowerCase())) found.push({ folder, dir, stem: basename(file, extname(file)), path: join(dir, file) });
    }
  }
  return found;
}

function titleCase(stem: string): string {
  return stem.replace(/[-_]+/g, " ").replace(/\b\w/g, (c) => c.toUpperCase());
}

function idPart(s: string): string {
  return s.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
}

/** Several roots (the operator's folder first, then the generated loops); an id found twice keeps the first. */
export function createFileLibrary(...roots: string[]): MediaLibrary {
  // Scans are cheap (a few dozen files) but happen per request; cache by folder mtimes.
  let cache: { key: string; backgrounds: BackgroundAsset[]; music: MusicTrack[] } | undefined;

  const scan = () => {
    const folders = roots.flatMap((root) => [join(root, "backgrounds"), join(root, "music")]).flatMap((d) => [d, ...listDir(d).map((n) => join(d, n))]);
    const key = folders.map((f) => (existsSync(f) ? statSync(f).mtimeMs : 0)).join(",");
    if (cache?.key === key) return cache;
    const unique = <T extends { id: string }>(items: T[]) => items.filter((item, i) => items.findIndex((o) => o.id === item.id) === i);
    const backgrounds = unique(roots.flatMap((root) => filesIn(join(root, "backgrounds"), VIDEO_EXT).filter((f) => !f.stem.includes(".partial")).map(({ folder, dir, stem, path }) => {
      const thumb = join(dir, `${stem}.jpg`);
      return {
        id: `bg_${idPart(folder)}_${idPart(stem)}`,
        name: titleCase(stem),
        category: SLUG_TO_CATEGORY.get(folder) ?? null,
        file: path,
        thumbnail: existsSync(thumb) ? thumb : null,
      };
    })));
    const music = unique(roots.flatMap((root) => filesIn(join(root, "music"), AUDIO_EXT).filter((f) => !f.stem.includes(".partial")).map(({ folder, stem, path }) => ({
      id: `mus_${idPart(folder)}_${idPart(stem)}`,
      name: titleCase(stem),
      category: titleCase(folder),
      file: path,
    }))));
    cache = { key, backgrounds, music };
    return cache;
  };

  return {
    backgrounds: () => scan().backgrounds,
    music: () => scan().music,
    findBackground: (id) => scan().backgrounds.find((b) => b.id === id),
    findMusic: (id) => scan().music.find((m) => m.id === id),
    soundEffect: (name) => roots.map((root) => soundEffectFile(root, name)).find(existsSync),
  };
}

export type BackgroundChoice = { assetId: string } | { category: BackgroundCategory };

export type PickedBackground =
  /** `next`: the category's other clips, in the order they follow the chosen one (none for an asset asked for by id). */
  | { ok: true; asset: BackgroundAsset; next: BackgroundAsset[] }
  /** The category's loops are not generated yet (set-up makes them one category after another, in the background after the service starts). */
  | { ok: false; code: "BACKGROUND_NOT_READY"; category: BackgroundCategory }
  | { ok: false; code: "BACKGROUND_UNAVAILABLE"; message: string };

/**
 * The footage for a video: the asset asked for, or the category's clips starting from one chosen by
 * `seed` (so a retried job picks the same) and going round the rest, so a long video moves on to other
 * footage instead of repeating its clip. A category with no clip is never served with another category's
 * footage: the caller waits for it (BACKGROUND_NOT_READY). An unknown asset is BACKGROUND_UNAVAILABLE.
 */
export function pickBackground(library: MediaLibrary, choice: BackgroundChoice, seed: number): PickedBackground {
  if ("assetId" in choice) {
    const asset = library.findBackground(choice.assetId);
    return asset
      ? { ok: true, asset, next: [] }
      : { ok: false, code: "BACKGROUND_UNAVAILABLE", message: `No background video ${choice.assetId}; see GET /v1/options backgrounds.assets.` };
  }
  const clips = library.backgrounds().filter((b) => b.category === choice.category);
  if (clips.length > 0) {
    const first = Math.abs(Math.floor(seed)) % clips.length;
    return { ok: true, asset: clips[first]!, next: [...clips.slice(first + 1), ...clips.slice(0, first)] };
  }
  return { ok: false, code: "BACKGROUND_NOT_READY", category: choice.category };
}

/** The categories with footage on this deployment. */
export function readyCategories(library: MediaLibrary): Set<BackgroundCategory> {
  return new Set(library.backgrounds().flatMap((b) => (b.category ? [b.category] : [])));
}

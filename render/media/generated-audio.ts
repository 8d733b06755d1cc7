import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { MUSIC_RECIPES, synthesizeMusic } from "./music-loops.ts";
import { SOUND_EFFECTS, synthesizeEffect } from "./sound-effects.ts";
import { wavBytes } from "./synth.ts";

/**
 * The built-in music loops and sound effects, stored apart from the background loops in
 * `<cache>/audio-<version>/` (music/<mood>/<name>.wav, sfx/<name>.wav): a new sound changes only this
 * folder, never the footage's version. WAV, not MP3: an MP3's encoder delay and padding would put a gap
 * at every loop seam. Making all of them takes a few seconds.
 */
const SOURCES = ["synth.ts", "sound-effects.ts", "music-loops.ts", "generated-audio.ts", "../seeded-random.ts"].map((f) => join(import.meta.dir, f));

let version: string | undefined;

/** Changes whenever the code that makes the sounds changes. */
export function audioVersion(): string {
  version ??= new Bun.CryptoHasher("sha256")
    .update(SOURCES.map((f) => readFileSync(f, "utf8")).join("\n"))
    .digest("hex")
    .slice(0, 10);
  return version;
}

export function generatedAudioDir(cacheDir: string): string {
  return join(cacheDir, `audio-${audioVersion()}`);
}

export function musicFile(root: string, mood: string, name: string): string {
  return join(root, "music", mood, `${name}.wav`);
}

export function soundEffectFile(root: string, name: string): string {
  return join(root, "sfx", `${name}.wav`);
}

/** Writes every missing sound (each appears under its final name only when complete); returns what it made. */
export function generateAudio(cacheDir: string): string[] {
  const root = generatedAudioDir(cacheDir);
  const made: string[] = [];
  const write = (path: string, channels: () => Float32Array[]) => {
    if (existsSync(path)) return;
    mkdirSync(dirname(path), { recursive: true });
    const partial = path.replace(/\.wav$/, `.${process.pid}.partial.wav`);
    writeFileSync(partial, wavBytes(channels()));
    renameSync(partial, path);
    made.push(path.slice(root.length + 1));
  };
  for (const recipe of MUSIC_RECIPES) write(musicFile(root, recipe.mood, recipe.name), () => synthesizeMusic(recipe));
  for (const name of SOUND_EFFECTS) write(soundEffectFile(root, name), () => [synthesizeEffect(name)]);
  pruneOldAudio(cacheDir, root);
  return made;
}

/** Older audio folders: all but the newest go (a process of the previous release may still read it). */
function pruneOldAudio(cacheDir: string, root: string) {
  const others = readdirSync(cacheDir)
    .filter((name) => /^audio-[0-9a-f]{10}$/.test(name) && join(cacheDir, name) !== root)
    .map((name) => ({ path: join(cacheDir, name), mtime: statSync(join(cacheDir, name)).mtimeMs }))
    .sort((a, b) => b.mtime - a.mtime);
  for (const { path } of others.slice(1)) rmSync(path, { recursive: true, force: true });
}

import { chmodSync, lstatSync, readdirSync } from "node:fs";
import { join } from "node:path";

/** Bits that let anyone but the owner read, write or enter. */
const OPEN_TO_OTHERS = 0o077;

/**
 * Takes every group and other permission off `dir` and all beneath it (symbolic links are left as they
 * are: their own mode means nothing, and what they point to is not ours to change).
 *
 * The embedded database needs it: PGlite writes a new database's files at 0666 and its relation caches
 * at 0644 with explicit chmods that the process's umask does not limit, and a folder made by an older
 * version of the service kept whatever modes it was given then.
 */
export function makePrivate(dir: string): void {
  const walk = (path: string) => {
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) return;
    if (stat.mode & OPEN_TO_OTHERS) chmodSync(path, stat.mode & 0o7700);
    if (stat.isDirectory()) for (const name of readdirSync(path)) walk(join(path, name));
  };
  walk(dir);
}

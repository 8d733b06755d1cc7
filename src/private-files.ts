import { mkdirSync, statSync } from "node:fs";
import type { Logger } from "./kernel/logger.ts";

/**
 * Everything a process of the service writes is its user's alone: the embedded database (every account's
 * webhook signing secret, the key that signs file URLs), callers' videos and media, working folders. Set
 * first thing by each entry point; worker threads and the ffmpeg, festival and espeak processes inherit it.
 */
export function keepNewFilesPrivate(): void {
  process.umask(0o077);
}

/**
 * Warns when DATA_DIR lets other users read, write or enter it. The service still starts: operators mount
 * volumes with modes of their own, and the database folder inside is closed whatever DATA_DIR's mode
 * (db/private-folder.ts), but videos, media and working files beneath an open DATA_DIR may not be.
 */
export function warnIfDataDirOpen(dataDir: string, log: Logger): void {
  mkdirSync(dataDir, { recursive: true });
  const mode = statSync(dataDir).mode & 0o777;
  if ((mode & 0o077) === 0) return;
  const octal = mode.toString(8).padStart(4, "0");
  log.warn("DATA_DIR is open to other users: the videos, media and working files in it may be readable by them (chmod 700 it)", { dataDir, mode: octal });
}

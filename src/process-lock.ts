import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { dirname, join } from "node:path";

/**
 * An exclusive lock file holding the owner's pid. PGlite is one process's database: the service and a
 * direct admin command must never open the same files at once. A lock left by a dead process is taken over.
 */
export interface ProcessLock {
  release(): void;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export function lockHolder(path: string): number | null {
  try {
    const pid = Number(readFileSync(path, "utf8").trim());
    return Number.isInteger(pid) && pid > 0 && alive(pid) ? pid : null;
  } catch {
    return null;
  }
}

export function acquireLock(path: string): ProcessLock | { heldBy: number } {
  mkdirSync(dirname(path), { recursive: true });
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(path, "wx", 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return {
        release() {
          if (lockHolder(path) === process.pid) rmSync(path, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = lockHolder(path);
      if (holder !== null) return { heldBy: holder };
      rmSync(path, { force: true });
    }
  }
  throw new Error(`could not take the lock ${path}`);
}

/** The lock of the embedded database in `dataDir`, taken by the service and by a direct admin command. */
export function pgliteLockPath(dataDir: string): string {
  return join(dataDir, "pglite.lock");
}

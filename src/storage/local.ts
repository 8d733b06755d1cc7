import { createHmac, timingSafeEqual } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { diskFault } from "../kernel/faults.ts";

/**
 * Where the files every machine must see are kept: finished videos and the files made with them, callers'
 * imported media, teaser audio, and the stage files a retry on another machine needs. Two
 * implementations: a folder on local disk (one machine, or several sharing it) and an S3-compatible
 * bucket (src/storage/s3.ts), chosen by STORAGE_URL.
 */
export interface Storage {
  /** Stores the file at `sourcePath` under `key`: moved (copied across file systems) or, with `keep`, copied. */
  put(key: string, sourcePath: string, options?: { keep?: boolean }): Promise<void>;
  /** Whether `key` is stored. */
  has(key: string): Promise<boolean>;
  /** A file on this machine with the stored bytes (the stored file itself on local disk, a fetched copy from a bucket), or undefined when there is none. */
  fetch(key: string): Promise<string | undefined>;
  remove(key: string): Promise<void>;
  /** Drops this machine's copy of a fetched file (a bucket's download cache); the stored file stays. */
  forget(key: string): void;
  /** Local disk only: the stored file's path, which GET /v1/files serves. Undefined for a bucket. */
  locate(key: string): string | undefined;
  /** A URL that serves the file until `expiresAt` (unix seconds): a signed /v1/files URL, or the bucket's presigned URL. */
  signedUrl(key: string, expiresAt: number): string;
  /** Checks a /v1/files URL's parts; constant-time on the signature. Always false for a bucket. */
  verify(key: string, expiresAt: number, signature: string): boolean;
}

const KEY = /^[A-Za-z0-9_.-]{1,200}$/;

export function isStorageKey(key: string): boolean {
  return KEY.test(key) && !key.startsWith(".");
}

/** Where a finished video's MP4 is stored. */
export function videoFileKey(videoId: string): string {
  return `${videoId}.mp4`;
}

/** Where a file made with a finished video (its captions, poster, contact sheet) is stored, beside its MP4. */
export function videoCompanionKey(videoId: string, fileName: string): string {
  return `${videoId}.${fileName}`;
}

/** `secret` signs /v1/files URLs: the deployment's, kept in the database, so every process signs alike. */
export function createLocalStorage(dir: string, publicBaseUrl: string, secret: Buffer): Storage {
  mkdirSync(dir, { recursive: true });
  const sign = (key: string, expiresAt: number) => createHmac("sha256", secret).update(`${key}\n${expiresAt}`).digest("base64url");
  const locate = (key: string) => {
    if (!isStorageKey(key)) return undefined;
    const path = join(dir, key);
    return existsSync(path) && statSync(path).isFile() ? path : undefined;
  };
  return {
    async put(key, sourcePath, options = {}) {
      if (!isStorageKey(key)) throw new Error(`invalid storage key ${key}`);
      const target = join(dir, key);
      const partial = `${target}.${process.pid}.partial`;
      try {
        if (options.keep) copyFileSync(sourcePath, partial);
        else {
          try {
            renameSync(sourcePath, partial);
          } catch {
            copyFileSync(sourcePath, partial);
          }
        }
        diskFault("store", key);
        renameSync(partial, target);
      } catch (error) {
        // A copy cut short by a full disk leaves part of the file: nothing half-stored stays behind.
        rmSync(partial, { force: true });
        throw error;
      }
    },
    has: async (key) => locate(key) !== undefined,
    fetch: async (key) => locate(key),
    async remove(key) {
      if (isStorageKey(key)) rmSync(join(dir, key), { force: true });
    },
    // A fetch hands out the stored file itself: there is no copy to drop.
    forget: () => {},
    locate,
    signedUrl(key, expiresAt) {
      return `${publicBaseUrl}/v1/files/${key}?expires=${expiresAt}&signature=${sign(key, expiresAt)}`;
    },
    verify(key, expiresAt, signature) {
      const expected = Buffer.from(sign(key, expiresAt));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}

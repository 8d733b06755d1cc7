import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { copyFileSync, existsSync, linkSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { diskFault } from "../faults.ts";

/**
 * Where finished videos live. The local-disk implementation keeps files under one folder; several
 * processes (or machines sharing the folder) use the same signing key, kept beside the files.
 */
export interface Storage {
  /** Moves (or copies, across file systems) a finished file into storage under `key`. */
  put(key: string, sourcePath: string): Promise<void>;
  /** Local path of a stored file, or undefined when there is none. */
  locate(key: string): string | undefined;
  /** A URL that serves the file until `expiresAt` (unix seconds). */
  signedUrl(key: string, expiresAt: number): string;
  /** Checks a signed URL's parts; constant-time on the signature. */
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

function signingKey(dir: string): Buffer {
  const path = join(dir, ".signing-key");
  if (!existsSync(path)) {
    const temp = `${path}.${process.pid}`;
    writeFileSync(temp, randomBytes(32).toString("hex"), { mode: 0o600 });
    // First writer wins (link fails when the name exists, where rename would replace it); everyone
    // then reads the same key.
    try {
      linkSync(temp, path);
    } catch {
      // another process got there first
    } finally {
      rmSync(temp, { force: true });
    }
  }
  return Buffer.from(readFileSync(path, "utf8").trim(), "hex");
}

export function createLocalStorage(dir: string, publicBaseUrl: string): Storage {
  mkdirSync(dir, { recursive: true });
  const secret = signingKey(dir);
  const sign = (key: string, expiresAt: number) => createHmac("sha256", secret).update(`${key}\n${expiresAt}`).digest("base64url");
  return {
    async put(key, sourcePath) {
      if (!isStorageKey(key)) throw new Error(`invalid storage key ${key}`);
      const target = join(dir, key);
      const partial = `${target}.${process.pid}.partial`;
      try {
        try {
          renameSync(sourcePath, partial);
        } catch {
          copyFileSync(sourcePath, partial);
        }
        diskFault("store");
        renameSync(partial, target);
      } catch (error) {
        // A copy cut short by a full disk leaves part of the file: nothing half-stored stays behind.
        rmSync(partial, { force: true });
        throw error;
      }
    },
    locate(key) {
      if (!isStorageKey(key)) return undefined;
      const path = join(dir, key);
      return existsSync(path) && statSync(path).isFile() ? path : undefined;
    },
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

import { mkdirSync, renameSync, rmSync } from "node:fs";
import { join } from "node:path";
import { isStorageKey, type Storage } from "./local.ts";

export interface S3Location {
  bucket: string;
  /** Prepended to every key with a slash; empty for the bucket's root. */
  prefix: string;
  /** The S3-compatible server (MinIO, R2, Ceph, B2...); empty for AWS itself. */
  endpoint: string;
  /** Where callers reach that server, when it is not `endpoint` (a private network): presigned URLs name it. */
  publicEndpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken: string;
}

/**
 * Files kept as objects of an S3-compatible bucket, through Bun's built-in S3 client. Every machine sees
 * the same objects; a process that needs a file on disk (ffmpeg reads own media, a retry reads a stage's
 * files) fetches it once into `cacheDir`. Downloads are presigned GET URLs of the object, so the bytes go
 * from the store to the caller and never through the API process.
 */
export function createS3Storage(location: S3Location, cacheDir: string): Storage {
  const clientFor = (endpoint: string) =>
    new Bun.S3Client({
      bucket: location.bucket,
      region: location.region || undefined,
      endpoint: endpoint || undefined,
      accessKeyId: location.accessKeyId || undefined,
      secretAccessKey: location.secretAccessKey || undefined,
      sessionToken: location.sessionToken || undefined,
    });
  const client = clientFor(location.endpoint);
  // A presigned URL signs the host it names, so it is made for the address callers use.
  const signer = location.publicEndpoint ? clientFor(location.publicEndpoint) : client;
  const objectKey = (key: string) => {
    if (!isStorageKey(key)) throw new Error(`invalid storage key ${key}`);
    return location.prefix ? `${location.prefix}/${key}` : key;
  };
  mkdirSync(cacheDir, { recursive: true });
  return {
    async put(key, sourcePath, options = {}) {
      await client.write(objectKey(key), Bun.file(sourcePath));
      if (!options.keep) rmSync(sourcePath, { force: true });
    },
    locate: () => undefined,
    has: (key) => client.exists(objectKey(key)),
    async fetch(key) {
      const cached = join(cacheDir, key);
      if (await Bun.file(cached).exists()) return cached;
      const object = client.file(objectKey(key));
      if (!(await object.exists())) return undefined;
      // Written beside and renamed, so a reader never sees half a file.
      const partial = `${cached}.${process.pid}.${Date.now()}.partial`;
      try {
        await Bun.write(partial, object);
        renameSync(partial, cached);
      } finally {
        rmSync(partial, { force: true });
      }
      return cached;
    },
    forget(key) {
      rmSync(join(cacheDir, key), { force: true });
    },
    async remove(key) {
      await client.delete(objectKey(key));
      rmSync(join(cacheDir, key), { force: true });
    },
    signedUrl(key, expiresAt) {
      // SigV4 presigned URLs live at most 7 days.
      const expiresIn = Math.min(7 * 86_400, Math.max(1, expiresAt - Math.floor(Date.now() / 1000)));
      return signer.presign(objectKey(key), { method: "GET", expiresIn });
    },
    // Presigned URLs are checked by the store, never by this service.
    verify: () => false,
  };
}

import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import S3rver from "@20minutes/s3rver";
import { afterAll, beforeAll } from "bun:test";
import type { createS3Storage } from "../../src/storage/s3.ts";
import { type MediaServer, startMediaServer } from "../fakes/media-server.ts";

type S3Location = Parameters<typeof createS3Storage>[0];

/** The credentials s3rver checks every request's signature (and every presigned URL's) against. */
export const OBJECT_STORE_CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" } as const;

export interface ObjectStore {
  endpoint: string;
  bucket: string;
  /** createS3Storage's location of this bucket under `prefix`; `overrides` change single fields. */
  location(prefix: string, overrides?: Partial<S3Location>): S3Location;
  /** What a process needs in its environment to store its files in this bucket under `prefix`. */
  env(prefix: string): Record<string, string>;
  /** The keys stored under `prefix`, read from the server's own folder. */
  keys(prefix: string): string[];
  stop(): Promise<void>;
}

/**
 * An S3-compatible server on loopback for the tests: s3rver, which answers the S3 REST API over HTTP,
 * checks SigV4 signatures (headers and presigned query strings) and keeps objects on disk.
 */
export async function startObjectStore(bucket = "shortvid-test"): Promise<ObjectStore> {
  const directory = mkdtempSync(join(tmpdir(), "s3rver-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    location: (prefix, overrides = {}) => ({ bucket, prefix, endpoint, publicEndpoint: "", region: "us-east-1", sessionToken: "", ...OBJECT_STORE_CREDENTIALS, ...overrides }),
    env: (prefix) => ({
      STORAGE_URL: `s3://${bucket}/${prefix}`,
      AWS_ENDPOINT_URL: endpoint,
      AWS_REGION: "us-east-1",
      AWS_ACCESS_KEY_ID: OBJECT_STORE_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: OBJECT_STORE_CREDENTIALS.secretAccessKey,
    }),
    keys(prefix) {
      const root = join(directory, bucket, prefix);
      if (!existsSync(root)) return [];
      // s3rver keeps each object as <name>._S3rver_object beside its metadata.
      return readdirSync(root, { recursive: true })
        .map(String)
        .filter((name) => name.endsWith("._S3rver_object"))
        .map((name) => `${prefix}/${name.slice(0, -"._S3rver_object".length)}`);
    },
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/**
 * A service's environment for `store()`'s bucket under `prefix`, read only when the service starts (so
 * after the beforeAll that started the store): for useService(kind, objectStoreEnv(...)).
 */
export function objectStoreEnv(store: () => ObjectStore, prefix: string): Record<string, string> {
  const keys = ["STORAGE_URL", "AWS_ENDPOINT_URL", "AWS_REGION", "AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY"];
  return Object.defineProperties({}, Object.fromEntries(keys.map((k) => [k, { enumerable: true, get: () => store().env(prefix)[k] }])));
}

/**
 * A test file's object store, started before its tests and stopped after them, with temporary folders
 * (named from `prefix`) removed with it.
 */
export function useObjectStore(prefix: string): { store: () => ObjectStore; tempDir: () => string } {
  let store: ObjectStore | undefined;
  const dirs: string[] = [];
  beforeAll(async () => {
    store = await startObjectStore();
  });
  afterAll(async () => {
    await store?.stop();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });
  return {
    store: () => store!,
    tempDir() {
      const dir = mkdtempSync(join(tmpdir(), `${prefix}-`));
      dirs.push(dir);
      return dir;
    },
  };
}

/**
 * For the tests of several machines: a bucket and a local https media server (own footage, music, an
 * article), started before the file's tests and stopped after them.
 */
export function useBucketAndMedia(): { store: () => ObjectStore; media: () => MediaServer } {
  let store: ObjectStore | undefined;
  let media: MediaServer | undefined;
  beforeAll(async () => {
    store = await startObjectStore();
    media = await startMediaServer();
  }, 60_000);
  afterAll(async () => {
    media?.stop();
    await store?.stop();
  });
  return { store: () => store!, media: () => media! };
}

import { renameSync } from "node:fs";
import { coseSigner } from "./cose.ts";
import type { SigningAlg, SigningCredentials } from "./credentials.ts";
import { type ManifestFacts, manifestDefinition } from "./manifest.ts";
import { BytesBlob, c2pa } from "./wasm.ts";

/** What the signing thread (sign-thread.ts) is told, and what it answers. */
export type SignRequest = { kind: "credentials"; chain: Uint8Array[]; keyPem: string; alg: SigningAlg } | { kind: "sign"; id: number; path: string; facts: ManifestFacts };
export type SignReply = { id: number; ok: true; bytesAdded: number } | { id: number; ok: false; message: string };

/** Embeds a signed C2PA manifest in a finished file. */
export interface ContentSigner {
  /**
   * Loads the signing credentials (from the database, or the operator's files) and starts the thread, if
   * not done yet: called as a render starts, so a database that goes away mid-render does not keep its
   * finished files from being signed and stored. A failure is left to `sign`, which asks again.
   */
  prepare(): Promise<void>;
  /** Signs the file at `path` in place: the file is replaced by the signed one, whole, or left as it was. */
  sign(path: string, facts: ManifestFacts): Promise<{ bytesAdded: number }>;
  /** Ends its thread. */
  close(): void;
}

/** Signs the file at `path` in place, in this thread, with `signer` (a COSE signer definition). */
export async function signFile(signer: Awaited<ReturnType<typeof coseSigner>>, path: string, facts: ManifestFacts): Promise<{ bytesAdded: number }> {
  const { WasmBuilder } = c2pa();
  const source = new Uint8Array(await Bun.file(path).arrayBuffer());
  const builder = WasmBuilder.fromJson(JSON.stringify(manifestDefinition(facts)));
  try {
    const signed = await builder.sign(signer, [], facts.format, new BytesBlob(source) as unknown as Blob);
    // Written beside and renamed over: a reader never sees half a file.
    await Bun.write(`${path}.signing`, signed);
    renameSync(`${path}.signing`, path);
    return { bytesAdded: signed.length - source.length };
  } finally {
    builder.free();
  }
}

/** Bun's Worker, which can be let go of (unref) so that an idle one keeps no process alive. */
type Thread = Worker & { ref(): void; unref(): void };

/**
 * A signer with `credentials` (asked for on first use: the service's own may have to be made) that
 * signs on a thread of its own: c2pa-rs hashes every byte of the video in WebAssembly, which takes
 * seconds for a long video and would hold up this thread's requests and heartbeats meanwhile.
 */
export function createContentSigner(credentials: () => Promise<SigningCredentials>): ContentSigner {
  let thread: Promise<Thread> | undefined;
  let next = 0;
  const waiting = new Map<number, { resolve(value: { bytesAdded: number }): void; reject(error: Error): void }>();
  const failAll = (error: Error) => {
    for (const w of waiting.values()) w.reject(error);
    waiting.clear();
    thread = undefined;
  };
  const start = async () => {
    const { chain, key, alg } = await credentials();
    const worker = new Worker(new URL("./sign-thread.ts", import.meta.url).href) as Thread;
    // Held only while a file is being signed (sign refs it): a signer made ready keeps no process alive.
    worker.unref();
    worker.onmessage = (event: MessageEvent<SignReply>) => {
      const reply = event.data;
      const w = waiting.get(reply.id);
      waiting.delete(reply.id);
      if (waiting.size === 0) worker.unref();
      if (reply.ok) w?.resolve({ bytesAdded: reply.bytesAdded });
      else w?.reject(new Error(`signing Content Credentials failed: ${reply.message}`));
    };
    worker.onerror = (event) => {
      failAll(new Error(`the Content Credentials thread failed: ${event.message}`));
      worker.terminate();
    };
    worker.postMessage({ kind: "credentials", chain, keyPem: key.export({ type: "pkcs8", format: "pem" }) as string, alg } satisfies SignRequest);
    return worker;
  };
  const started = () =>
    (thread ??= start().catch((error: unknown) => {
      thread = undefined; // the database away when the certificate was asked for: the next video asks again
      throw error;
    }));
  return {
    async prepare() {
      await started().then(
        () => {},
        () => {},
      );
    },
    async sign(path, facts) {
      const worker = await started();
      const id = next++;
      const reply = new Promise<{ bytesAdded: number }>((resolve, reject) => waiting.set(id, { resolve, reject }));
      // Held only while a file is being signed: an idle signer keeps no process alive.
      worker.ref();
      worker.postMessage({ kind: "sign", id, path, facts } satisfies SignRequest);
      return reply;
    },
    close() {
      void thread?.then((w) => w.terminate(), () => {});
      failAll(new Error("the Content Credentials signer was closed"));
    },
  };
}

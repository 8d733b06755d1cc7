import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { onFirstUse } from "../kernel/on-first-use.ts";

type C2paWasm = typeof import("@contentauth/c2pa-wasm");

/**
 * An asset in memory, handed to the library where it takes a Blob. Its builder reads a Blob through
 * `size`, `slice` and `FileReaderSync` (a browser worker's API that Bun lacks), so the asset is a
 * plain byte view answering those three, read without a copy of the whole file per slice.
 */
export class BytesBlob {
  constructor(readonly bytes: Uint8Array) {}
  get size(): number {
    return this.bytes.length;
  }
  slice(start?: number, end?: number): BytesBlob {
    return new BytesBlob(this.bytes.subarray(start, end));
  }
}

class BytesReaderSync {
  readAsArrayBuffer(blob: BytesBlob): ArrayBuffer {
    if (!(blob instanceof BytesBlob)) throw new TypeError("only in-memory assets are read");
    return blob.bytes.slice().buffer as ArrayBuffer;
  }
}

/**
 * The Content Authenticity Initiative's C2PA library (c2pa-rs as WebAssembly), loaded on first use:
 * a serving process that signs nothing never compiles its 9 MB.
 */
export const c2pa = onFirstUse((): C2paWasm => {
  const globals = globalThis as { FileReaderSync?: unknown };
  globals.FileReaderSync ??= BytesReaderSync;
  const lib = require("@contentauth/c2pa-wasm") as C2paWasm;
  lib.initSync({ module: readFileSync(fileURLToPath(import.meta.resolve("@contentauth/c2pa-wasm/c2pa.wasm"))) });
  return lib;
});

import { renameSync } from "node:fs";
import { coseSigner } from "./cose.ts";
import type { SigningCredentials } from "./credentials.ts";
import { type ManifestFacts, manifestDefinition } from "./manifest.ts";
import { BytesBlob, c2pa } from "./wasm.ts";

/** Embeds a signed C2PA manifest in a finished file. */
export interface ContentSigner {
  /** Signs the file at `path` in place: the file is replaced by the signed one, whole, or left as it was. */
  sign(path: string, facts: ManifestFacts): Promise<{ bytesAdded: number }>;
}

/** A signer with `credentials`, asked for on first use (the service's own may have to be made). */
export function createContentSigner(credentials: () => Promise<SigningCredentials>): ContentSigner {
  let definition: Awaited<ReturnType<typeof coseSigner>> | undefined;
  return {
    async sign(path, facts) {
      definition ??= await coseSigner(await credentials());
      const { WasmBuilder } = c2pa();
      const source = new Uint8Array(await Bun.file(path).arrayBuffer());
      const builder = WasmBuilder.fromJson(JSON.stringify(manifestDefinition(facts)));
      try {
        const signed = await builder.sign(definition, [], facts.format, new BytesBlob(source) as unknown as Blob);
        // Written beside and renamed over: a reader never sees half a file.
        await Bun.write(`${path}.signing`, signed);
        renameSync(`${path}.signing`, path);
        return { bytesAdded: signed.length - source.length };
      } finally {
        builder.free();
      }
    },
  };
}

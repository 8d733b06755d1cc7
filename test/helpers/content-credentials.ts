import { JPEG } from "@trustnxt/c2pa-ts/asset";
import { SuperBox } from "@trustnxt/c2pa-ts/jumbf";
import { ManifestStore } from "@trustnxt/c2pa-ts/manifest";
import { c2pa } from "../../src/content-credentials/wasm.ts";

/** A manifest as the Content Authenticity Initiative's reader (c2pa-rs) reports it, with its failures. */
export interface CaiReading {
  manifest: any;
  state: string;
  /** Failure codes, the signer's missing trust aside (the service's own CA is on no trust list). */
  failures: string[];
  /** Every validation code c2pa-rs reported, failures and successes. */
  codes: string[];
  /** The signing certificate, by issuer and serial number. */
  certificate: string;
  /** How many manifests the file holds. */
  manifests: number;
}

/** Reads a file's manifest with c2pa-rs (`WasmReader`); a file without one throws. */
export async function readWithCai(format: "video/mp4" | "image/jpeg", bytes: Uint8Array): Promise<CaiReading> {
  const reader = await c2pa().WasmReader.fromBytes(format, bytes);
  try {
    const store = JSON.parse(reader.json());
    const manifest = store.manifests[store.active_manifest];
    const results = store.validation_results?.activeManifest ?? {};
    const failures = (results.failure ?? []).map((f: any) => f.code as string).filter((c: string) => c !== "signingCredential.untrusted");
    const codes = [...(results.success ?? []), ...(results.informational ?? []), ...(results.failure ?? [])].map((f: any) => f.code as string);
    const signer = manifest?.signature_info ?? {};
    const certificate = signer.cert_serial_number ? `${signer.issuer}#${signer.cert_serial_number}` : "";
    return { manifest, state: store.validation_state, failures, codes, certificate, manifests: Object.keys(store.manifests ?? {}).length };
  } finally {
    reader.free();
  }
}

/** Reads and validates a JPEG's manifest with @trustnxt/c2pa-ts, an implementation independent of c2pa-rs. */
export async function readJpegWithC2paTs(bytes: Uint8Array) {
  const asset = new JPEG(bytes);
  const jumbf = asset.getManifestJUMBF() as Uint8Array<ArrayBuffer> | undefined;
  if (!jumbf) throw new Error("no manifest in the JPEG");
  const store = ManifestStore.read(SuperBox.fromBuffer(jumbf));
  const validation = await store.validate(asset);
  const errors = validation.statusEntries.filter((e) => e.success === false).map((e) => e.code as string);
  return { store, manifest: store.getActiveManifest()!, validation, errors, codes: validation.statusEntries.map((e) => e.code as string) };
}

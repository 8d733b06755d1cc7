import type * as X509 from "@peculiar/x509";
import type * as Cose from "@trustnxt/c2pa-ts/cose";
import type * as Jumbf from "@trustnxt/c2pa-ts/jumbf";
import { ALGORITHMS, signBytes, type SigningCredentials } from "./credentials.ts";

/**
 * c2pa-rs in WebAssembly signs through a callback that must return the whole COSE_Sign1 signature
 * (its JavaScript signer hands the COSE work to the caller), exactly the size reserved for it. That
 * structure is built by another C2PA implementation, @trustnxt/c2pa-ts, whose Signature writes the
 * protected header (algorithm, x5chain), the Sig_structure it signs and the padding; this file only
 * pads it to the reserved size.
 */

// Loaded on first use (the packages are ES modules only, so imported, not required).
let loaded: Promise<{ cose: typeof Cose; jumbf: typeof Jumbf; x509: typeof X509 }> | undefined;
const libs = () =>
  (loaded ??= Promise.all([import("@trustnxt/c2pa-ts/cose"), import("@trustnxt/c2pa-ts/jumbf"), import("@peculiar/x509")]).then(([cose, jumbf, x509]) => ({ cose, jumbf, x509 })));

/** Room for the signature, headers and padding beyond the certificates. */
const OVERHEAD = 1536;

export function reserveSizeOf(credentials: SigningCredentials): number {
  return credentials.chain.reduce((n, c) => n + c.length, 0) + OVERHEAD;
}

/** The signer definition c2pa-wasm's builder takes: a callback from claim bytes to a COSE_Sign1 of `reserveSize` bytes. */
export async function coseSigner(credentials: SigningCredentials) {
  const { cose, jumbf, x509 } = await libs();
  const [leaf, ...rest] = credentials.chain.map((der) => new x509.X509Certificate(der as Uint8Array<ArrayBuffer>));
  const coseAlg = ALGORITHMS[credentials.alg];
  const reserveSize = reserveSizeOf(credentials);
  const signer = { algorithm: coseAlg, certificate: leaf!, chainCertificates: rest, sign: async (payload: Uint8Array) => signBytes(credentials, payload) };
  return {
    alg: credentials.alg,
    reserveSize,
    async sign(claim: Uint8Array): Promise<Uint8Array<ArrayBuffer>> {
      const signature = new cose.Signature();
      signature.algorithm = cose.Algorithms.getAlgorithm(coseAlg as never);
      signature.certificate = leaf;
      signature.chainCertificates = rest;
      signature.writeJUMBFData(); // sets the protected header the signature covers
      await signature.sign(signer as never, claim);
      const encode = (padding: number) => {
        signature.paddingLength = padding;
        const box = new jumbf.CBORBox();
        box.tag = 18; // COSE_Sign1_Tagged
        box.content = signature.writeJUMBFData();
        box.generateRawContent();
        return box.rawContent as Uint8Array;
      };
      // A byte string's length prefix grows with it: step back until the whole is exactly the reserved size.
      let padding = Math.max(0, reserveSize - encode(0).length);
      let bytes = encode(padding);
      while (bytes.length > reserveSize && padding > 0) bytes = encode(--padding);
      if (bytes.length !== reserveSize) throw new Error(`the COSE signature is ${bytes.length} bytes, not the ${reserveSize} reserved`);
      return bytes as Uint8Array<ArrayBuffer>;
    },
  };
}

import { constants, createPrivateKey, type KeyObject, sign, X509Certificate } from "node:crypto";

/** A C2PA signing algorithm, as c2pa-rs names it, and the COSE algorithm it is. */
export const ALGORITHMS = { es256: -7, es384: -35, es512: -36, ps256: -37, ed25519: -8 } as const;
export type SigningAlg = keyof typeof ALGORITHMS;

/** What signs Content Credentials: a certificate chain (the signing certificate first, DER) and its key. */
export interface SigningCredentials {
  chain: Uint8Array[];
  key: KeyObject;
  alg: SigningAlg;
}

/** The DER bodies of a PEM file's blocks of one kind. */
export function pemBlocks(pem: string, label: string): Uint8Array[] {
  const re = new RegExp(`-----BEGIN ${label}-----([\\s\\S]*?)-----END ${label}-----`, "g");
  return [...pem.matchAll(re)].map((m) => new Uint8Array(Buffer.from(m[1]!.replace(/\s+/g, ""), "base64")));
}

function algorithmOf(key: KeyObject): SigningAlg {
  const type = key.asymmetricKeyType;
  if (type === "ec") {
    const curve = key.asymmetricKeyDetails?.namedCurve;
    if (curve === "prime256v1") return "es256";
    if (curve === "secp384r1") return "es384";
    if (curve === "secp521r1") return "es512";
    throw new Error(`C2PA_KEY_FILE: the EC curve ${curve} is not one C2PA signs with (P-256, P-384, P-521)`);
  }
  if (type === "rsa" || type === "rsa-pss") return "ps256";
  if (type === "ed25519") return "ed25519";
  throw new Error(`C2PA_KEY_FILE: a ${type} key does not sign C2PA manifests (EC, RSA or Ed25519)`);
}

/** Reads a PEM chain and key, checking that the key is the first certificate's. */
export function credentialsFromPem(certPem: string, keyPem: string): SigningCredentials {
  const chain = pemBlocks(certPem, "CERTIFICATE");
  if (chain.length === 0) throw new Error("C2PA_CERT_FILE holds no PEM certificate");
  const key = createPrivateKey(keyPem);
  if (!new X509Certificate(Buffer.from(chain[0]!)).checkPrivateKey(key)) {
    throw new Error("C2PA_KEY_FILE is not the key of the first certificate in C2PA_CERT_FILE");
  }
  return { chain, key, alg: algorithmOf(key) };
}

/** The raw signature C2PA's COSE wants: ECDSA as r|s (IEEE P1363), RSA as PSS with SHA-256. */
export function signBytes(credentials: SigningCredentials, data: Uint8Array): Uint8Array {
  const { key, alg } = credentials;
  if (alg === "ed25519") return new Uint8Array(sign(null, data, key));
  if (alg === "ps256") return new Uint8Array(sign("sha256", data, { key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: 32 }));
  const hash = { es256: "sha256", es384: "sha384", es512: "sha512" }[alg];
  return new Uint8Array(sign(hash, data, { key, dsaEncoding: "ieee-p1363" }));
}

import type * as X509 from "@peculiar/x509";
import { sharedKey } from "../../db/repos/service-keys.ts";
import type { Db } from "../../db/client.ts";
import { credentialsFromPem, type SigningCredentials } from "./credentials.ts";

/** The deployment's own Content Credentials certificate and key, in service_keys. */
const SERVICE_KEY = "c2pa-signing";
const YEARS = 10;
const EC = { name: "ECDSA", namedCurve: "P-256", hash: "SHA-256" } as const;
/** Document signing (RFC 9336), the extended key usage C2PA lists for claim signers; email protection for older validators. */
const SIGNING_EKUS = ["1.3.6.1.5.5.7.3.36", "1.3.6.1.5.5.7.3.4"];

const pem = (label: string, der: ArrayBuffer) => `-----BEGIN ${label}-----\n${Buffer.from(der).toString("base64").replace(/(.{64})/g, "$1\n").trim()}\n-----END ${label}-----\n`;

/**
 * A certificate authority of the deployment's own and an end-entity signing certificate it issues
 * (C2PA wants the signer to be an end-entity certificate with the digital-signature key usage, not a
 * bare self-signed key). Validators check the signature and chain; no public trust list holds this CA.
 */
export async function makeServiceCertificate(now: Date, name: string): Promise<{ certPem: string; keyPem: string }> {
  const x509 = (await import("@peculiar/x509")) as typeof X509;
  const notAfter = new Date(now.getTime() + YEARS * 365 * 24 * 3600 * 1000);
  const caKeys = await crypto.subtle.generateKey(EC, true, ["sign", "verify"]);
  const signerKeys = await crypto.subtle.generateKey(EC, true, ["sign", "verify"]);
  const serial = () => Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("hex").replace(/^[89a-f]/, "1");
  const ca = await x509.X509CertificateGenerator.create({
    serialNumber: serial(),
    subject: `CN=${name} Content Credentials CA, O=${name}`,
    issuer: `CN=${name} Content Credentials CA, O=${name}`,
    notBefore: now,
    notAfter,
    publicKey: caKeys.publicKey,
    signingKey: caKeys.privateKey,
    signingAlgorithm: EC,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(caKeys.publicKey),
    ],
  });
  const signer = await x509.X509CertificateGenerator.create({
    serialNumber: serial(),
    subject: `CN=${name} Content Credentials, O=${name}`,
    issuer: ca.subject,
    notBefore: now,
    notAfter,
    publicKey: signerKeys.publicKey,
    signingKey: caKeys.privateKey,
    signingAlgorithm: EC,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      new x509.ExtendedKeyUsageExtension(SIGNING_EKUS),
      await x509.SubjectKeyIdentifierExtension.create(signerKeys.publicKey),
      await x509.AuthorityKeyIdentifierExtension.create(ca),
    ],
  });
  return { certPem: signer.toString("pem") + "\n" + ca.toString("pem") + "\n", keyPem: pem("PRIVATE KEY", await crypto.subtle.exportKey("pkcs8", signerKeys.privateKey)) };
}

/** The deployment's certificate: the first process to ask makes it, every process signs with the kept one. */
export async function serviceCredentials(db: Db, now: Date, name: string): Promise<SigningCredentials> {
  const made = await makeServiceCertificate(now, name);
  const kept = await sharedKey(db, SERVICE_KEY, Buffer.from(JSON.stringify(made)).toString("hex"), now);
  const { certPem, keyPem } = JSON.parse(Buffer.from(kept, "hex").toString("utf8")) as typeof made;
  return credentialsFromPem(certPem, keyPem);
}

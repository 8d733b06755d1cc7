import { createHmac } from "node:crypto";

export const SIGNATURE_HEADER = "X-Service-Signature";
export const SIGNATURE_SCHEME = "t=<unix seconds>,v1=<hex HMAC-SHA256 of `<t>.<raw body>` keyed with signingSecret without its whsec_ prefix>";

/**
 * `X-Service-Signature: t=<unix seconds>,v1=<hex>`: HMAC-SHA256 of `<t>.<raw body>`, keyed with the
 * account's signing secret without its `whsec_` prefix (the same scheme Stripe uses, so its libraries
 * verify it).
 */
export function signatureHeader(signingSecret: string, rawBody: string, unixSeconds: number): string {
  const key = signingSecret.replace(/^whsec_/, "");
  const hex = createHmac("sha256", key).update(`${unixSeconds}.${rawBody}`).digest("hex");
  return `t=${unixSeconds},v1=${hex}`;
}

import { describe, expect, test } from "bun:test";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { X509Certificate } from "node:crypto";
import { loadConfig } from "../../src/kernel/config.ts";
import { makeServiceCertificate, serviceCredentials } from "../../src/content-credentials/service-certificate.ts";
import { DATABASE_KINDS, freshDatabase } from "../helpers/databases.ts";

describe.each(DATABASE_KINDS)("the deployment's Content Credentials certificate on %s", (kind) => {
  test("the first process to sign makes it; every later one signs with the kept one", async () => {
    const database = await freshDatabase(kind);
    try {
      const first = await serviceCredentials(database.db, new Date(), "shortvid");
      const second = await serviceCredentials(database.db, new Date(), "shortvid");
      expect(second.chain).toEqual(first.chain);
      expect(second.key.export({ type: "pkcs8", format: "pem" })).toBe(first.key.export({ type: "pkcs8", format: "pem" }) as string);
      // An end-entity signing certificate issued by the deployment's own CA, not a bare self-signed key.
      const [leaf, ca] = first.chain.map((der) => new X509Certificate(Buffer.from(der)));
      expect([leaf!.ca, ca!.ca]).toEqual([false, true]);
      expect(leaf!.checkIssued(ca!)).toBe(true);
      expect(leaf!.verify(ca!.publicKey)).toBe(true);
      expect(leaf!.keyUsage).toContain("1.3.6.1.5.5.7.3.36");
    } finally {
      await database.close();
    }
  });
});

describe("C2PA configuration", () => {
  test("on by default with the service's certificate; C2PA=0 off; the operator's PEM files read at start, both or neither", async () => {
    expect(loadConfig({}).contentCredentials).toEqual({ kind: "service" });
    expect(loadConfig({ C2PA: "0" }).contentCredentials).toBeNull();
    const dir = mkdtempSync(join(tmpdir(), "c2pa-config-"));
    const made = await makeServiceCertificate(new Date(), "operator");
    writeFileSync(join(dir, "chain.pem"), made.certPem);
    writeFileSync(join(dir, "key.pem"), made.keyPem);
    expect(loadConfig({ C2PA_CERT_FILE: join(dir, "chain.pem"), C2PA_KEY_FILE: join(dir, "key.pem") }).contentCredentials).toEqual({ kind: "operator", certPem: made.certPem, keyPem: made.keyPem });
    expect(() => loadConfig({ C2PA_CERT_FILE: join(dir, "chain.pem") })).toThrow(/C2PA_CERT_FILE and C2PA_KEY_FILE/);
    expect(() => loadConfig({ C2PA: "yes" })).toThrow(/C2PA/);
  });
});

import { describe, expect, test } from "bun:test";
import { OutboundError, checkUrl, isPublicAddress } from "../../../src/net/outbound.ts";

const publicOnly = { allowPrivate: false, schemes: ["https:"] as const };

async function reason(url: string): Promise<string> {
  try {
    await checkUrl(url, { ...publicOnly, resolve: async () => ["93.184.216.34"] });
  } catch (error) {
    if (error instanceof OutboundError) return error.reason;
    throw error;
  }
  return "ok";
}

/**
 * The SSRF battery: every spelling of a non-public target that a caller's URL (webhook, own media,
 * article) has been seen to try. Each must be refused before anything is contacted; names are resolved
 * by a stub answering a public address, so only the literal address decides.
 */
const REFUSED: Array<[string, string]> = [
  // IPv4 loopback in every spelling the URL parser turns into 127.0.0.1
  ["https://127.0.0.1/", "private_address"],
  ["https://127.0.0.2:8443/", "private_address"],
  ["https://2130706433/", "private_address"],
  ["https://0x7f000001/", "private_address"],
  ["https://0x7f.1/", "private_address"],
  ["https://0177.0.0.1/", "private_address"],
  ["https://127.1/", "private_address"],
  ["https://127.0.1/", "private_address"],
  // unspecified, private, shared, link-local (cloud metadata), benchmarking, documentation, multicast, reserved
  ["https://0.0.0.0/", "private_address"],
  ["https://0/", "private_address"],
  ["https://10.0.0.1/", "private_address"],
  ["https://172.16.0.1/", "private_address"],
  ["https://172.31.255.255/", "private_address"],
  ["https://192.168.0.1/", "private_address"],
  ["https://100.64.0.1/", "private_address"],
  ["https://169.254.169.254/latest/meta-data/", "private_address"],
  ["https://0xa9fea9fe/", "private_address"],
  ["https://2852039166/", "private_address"],
  ["https://198.18.0.1/", "private_address"],
  ["https://192.0.0.1/", "private_address"],
  ["https://192.0.2.1/", "private_address"],
  ["https://198.51.100.1/", "private_address"],
  ["https://203.0.113.1/", "private_address"],
  ["https://224.0.0.1/", "private_address"],
  ["https://240.0.0.1/", "private_address"],
  ["https://255.255.255.255/", "private_address"],
  // IPv6 loopback, unspecified, mapped, compatible, NAT64, 6to4, Teredo, ULA, link-local, site-local, multicast, documentation
  ["https://[::1]/", "private_address"],
  ["https://[::]/", "private_address"],
  ["https://[0:0:0:0:0:0:0:1]/", "private_address"],
  ["https://[::ffff:127.0.0.1]/", "private_address"],
  ["https://[::ffff:7f00:1]/", "private_address"],
  ["https://[::ffff:169.254.169.254]/", "private_address"],
  ["https://[::7f00:1]/", "private_address"],
  ["https://[::127.0.0.1]/", "private_address"],
  ["https://[::a9fe:a9fe]/", "private_address"],
  ["https://[::808:808]/", "private_address"],
  ["https://[64:ff9b::7f00:1]/", "private_address"],
  ["https://[64:ff9b::a9fe:a9fe]/", "private_address"],
  ["https://[64:ff9b:1::1]/", "private_address"],
  ["https://[100::1]/", "private_address"],
  ["https://[2002:7f00:1::]/", "private_address"],
  ["https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/", "private_address"],
  ["https://[2001:db8::1]/", "private_address"],
  ["https://[3fff::1]/", "private_address"],
  ["https://[fc00::1]/", "private_address"],
  ["https://[fd12:3456::1]/", "private_address"],
  ["https://[fe80::1]/", "private_address"],
  ["https://[fec0::1]/", "private_address"],
  ["https://[ff02::1]/", "private_address"],
  // names that are loopback by definition are resolved by the system, so only their form is checked here
  // form: scheme, credentials
  ["http://93.184.216.34/", "scheme"],
  ["ftp://93.184.216.34/", "scheme"],
  ["file:///etc/passwd", "scheme"],
  ["gopher://127.0.0.1:6379/_INFO", "scheme"],
  ["https://user:pass@93.184.216.34/", "invalid_url"],
  ["not a url", "invalid_url"],
];

describe("SSRF battery", () => {
  test.each(REFUSED)("%s is refused (%s)", async (url, expected) => {
    expect(await reason(url)).toBe(expected);
  });

  test.each([["https://93.184.216.34/"], ["https://8.8.8.8/x.mp4"], ["https://[2606:4700:4700::1111]/"], ["https://[::ffff:8.8.8.8]/"], ["https://example.com/clip.mp4"]])(
    "%s is allowed",
    async (url) => {
      expect(await reason(url)).toBe("ok");
    },
  );

  test("a name resolving to any special-purpose address is refused", async () => {
    for (const address of ["127.0.0.1", "::1", "::7f00:1", "64:ff9b::a9fe:a9fe", "fd00::1", "169.254.169.254", "2001:db8::5"]) {
      expect(isPublicAddress(address)).toBe(false);
      const refused = await checkUrl("https://rebind.example/", { ...publicOnly, resolve: async () => [address] }).catch((e: OutboundError) => e.reason);
      expect(refused).toBe("private_address");
    }
  });
});

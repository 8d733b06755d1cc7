import { describe, expect, test } from "bun:test";
import { useService } from "../helpers/harness.ts";
import { useListening } from "../helpers/listening.ts";
import { openRawConnection } from "../helpers/raw-http.ts";

/** Method, path of the request line, and the status that path answers whatever the Host header says. */
const CASES: Array<[string, string, number]> = [
  ["GET", "/v1/me", 200],
  ["GET", "/v1/health", 200],
  ["GET", "/v1/videos/vid_missing", 404],
  ["GET", "/xy/v1/me", 404],
  ["GET", "/xy/v1/health", 404],
  ["POST", "/ab/v1/mcp", 404],
  ["GET", "/abcdefghij/v1/me", 404],
  ["GET", "/v1/videos/vid_missing/xy/v1/me", 404],
];

// Routing reads nothing from the database: PGlite alone.
describe("the router sees the request line's path, whatever the Host header", () => {
  const svc = useService("pglite");
  const serve = useListening(svc);

  test("short, long, empty, with a port, IPv6 literals and hosts Bun cannot use: the same path answers the same over a socket", async () => {
    const { apiKey } = await svc().createAccount();
    const port = serve();
    const hosts = ["x", "ab", "abc", "", "x:1", `127.0.0.1:${port}`, "[::1]", "[::1]:8080", "shortvid.internal.example.com:8443", "a/b", "a b", "user@host"];
    for (const host of hosts) {
      const connection = await openRawConnection(port);
      try {
        for (const [method, path, status] of CASES) {
          const answer = await connection.exchange(`${method} ${path} HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer ${apiKey}`);
          expect({ host, method, path, status: answer.status }).toEqual({ host, method, path, status });
          if (status === 404 && path !== "/v1/videos/vid_missing") expect(JSON.parse(answer.body).detail).toBe(`No endpoint ${method} ${path}.`);
        }
      } finally {
        connection.destroy();
      }
    }
  }, 60_000);

  test("a request handed to the app routes by its path whatever its origin (the MCP tools' requests name the public address)", async () => {
    const { apiKey } = await svc().createAccount();
    const get = (url: string) => svc().app.handle(new Request(url, { headers: { authorization: `Bearer ${apiKey}` } }));
    for (const origin of ["http://x", "https://ab", "http://[::1]:1", "https://shortvid.example.com"]) {
      expect({ origin, status: (await get(`${origin}/v1/me`)).status }).toEqual({ origin, status: 200 });
      expect({ origin, status: (await get(`${origin}/xy/v1/me`)).status }).toEqual({ origin, status: 404 });
      expect({ origin, status: (await get(`${origin}/v1/health?probe=1`)).status }).toEqual({ origin, status: 200 });
    }
  }, 60_000);
});

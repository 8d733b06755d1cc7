import { expect, test } from "bun:test";
import { askServerForAddresses, clientAddress, rememberClientAddress } from "../../../src/http/client-address.ts";

test("a served request's address comes from its server only when asked; a given address wins; other requests share 'local'", async () => {
  let asked = 0;
  const seen: string[] = [];
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    fetch: (request) => {
      seen.push(clientAddress(request));
      const made = new Request("http://local.test/");
      rememberClientAddress(made, "203.0.113.7");
      seen.push(clientAddress(made));
      return new Response("ok");
    },
  });
  const forget = askServerForAddresses((request) => {
    asked++;
    return server.requestIP(request)?.address;
  });
  try {
    await (await fetch(`http://127.0.0.1:${server.port}/`)).text();
    expect(seen).toEqual(["127.0.0.1", "203.0.113.7"]);
    // The given address was answered without asking the server.
    expect(asked).toBe(1);
    expect(clientAddress(new Request("http://local.test/"))).toBe("local");
  } finally {
    forget();
    server.stop(true);
  }
  expect(asked).toBe(2);
});

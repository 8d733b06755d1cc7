import { describe, expect, test } from "bun:test";
import { ApiError } from "../../../src/kernel/errors.ts";
import { MAX_BODY_BYTES, readJsonBody } from "../../../src/http/body.ts";

function streamed(bytes: Uint8Array, chunk = 64 * 1024): Request {
  let offset = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.subarray(offset, offset + chunk));
      offset += chunk;
    },
  });
  return new Request("http://x/", { method: "POST", body, duplex: "half" } as RequestInit);
}

function jsonOfSize(size: number): Uint8Array {
  const prefix = '{"a":"';
  return new TextEncoder().encode(prefix + "x".repeat(size - prefix.length - 2) + '"}');
}

async function refusal(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (error) {
    return error as ApiError;
  }
  throw new Error("expected a refusal");
}

describe("reading JSON bodies", () => {
  test("exactly 2 MB is read", async () => {
    const value = (await readJsonBody(streamed(jsonOfSize(MAX_BODY_BYTES)))) as { a: string };
    expect(value.a.length).toBe(MAX_BODY_BYTES - 8);
  });

  test("2 MB + 1 byte without Content-Length is refused with 413 INVALID_INPUT", async () => {
    const error = await refusal(readJsonBody(streamed(jsonOfSize(MAX_BODY_BYTES + 1))));
    expect(error.code).toBe("INVALID_INPUT");
    expect(error.status).toBe(413);
  });

  test("a Content-Length over 2 MB is refused before reading", async () => {
    const request = new Request("http://x/", { method: "POST", body: "{}", headers: { "content-length": String(MAX_BODY_BYTES + 1) } });
    expect((await refusal(readJsonBody(request))).status).toBe(413);
  });

  test("malformed JSON is INVALID_INPUT 400; an empty body is undefined", async () => {
    const error = await refusal(readJsonBody(new Request("http://x/", { method: "POST", body: "{nope" })));
    expect([error.code, error.status]).toEqual(["INVALID_INPUT", 400]);
    expect(await readJsonBody(new Request("http://x/", { method: "POST", body: "" }))).toBeUndefined();
  });
});

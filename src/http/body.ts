import { ApiError } from "../kernel/errors.ts";
import { checkBodyCharacters, checkJsonText } from "./body-shape.ts";

export const MAX_BODY_BYTES = 2 * 1024 * 1024;

function tooLarge(): ApiError {
  return new ApiError("INVALID_INPUT", `The request body is larger than ${MAX_BODY_BYTES} bytes (2 MB).`, {
    status: 413,
    errors: [{ path: "", message: "body larger than 2 MB", code: "too_large" }],
  });
}

/**
 * Reads a JSON body, counting bytes as they arrive so an oversized or lying Content-Length never gets
 * buffered whole, bounds its shape on the text before it is parsed (checkJsonText) and its strings
 * before anything walks it (checkBodyCharacters). Returns undefined for an empty body.
 */
export async function readJsonBody(request: Request, limit = MAX_BODY_BYTES): Promise<unknown> {
  const declared = Number(request.headers.get("content-length") ?? "NaN");
  if (Number.isFinite(declared) && declared > limit) throw tooLarge();
  if (!request.body) return undefined;
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  if (size === 0) return undefined;
  const text = new TextDecoder("utf-8", { fatal: false }).decode(Buffer.concat(chunks));
  checkJsonText(text);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    throw new ApiError("INVALID_INPUT", `The request body is not valid JSON: ${(error as Error).message.slice(0, 200)}`, {
      errors: [{ path: "", message: "body is not valid JSON", code: "invalid_json" }],
    });
  }
  checkBodyCharacters(body);
  return body;
}

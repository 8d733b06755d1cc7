import { expect } from "bun:test";
import Ajv2020 from "ajv/dist/2020";
import { toJsonSchema } from "../../src/templates/describe.ts";
import { ProblemSchema } from "../../src/http/problem-schema.ts";

const checkProblem = new Ajv2020({ strict: false, validateFormats: false }).compile(toJsonSchema(ProblemSchema));

/** Asserts a problem body (RFC 9457) of the given status and code, wherever it came (an answer, a stream's `error` event). */
export function expectProblemBody(body: Record<string, any>, status: number, code: string): void {
  expect({ status: body.status, code: body.code }).toEqual({ status, code });
  expect(checkProblem(body)).toBe(true);
  expect(body.type).toEndWith(`/v1/errors#${code}`);
  expect(body.title.length).toBeGreaterThan(0);
  expect(body.detail.length).toBeGreaterThan(0);
}

/** Asserts an RFC 9457 problem of the given status and code, and returns its body. */
export async function expectProblem(res: Response, status: number, code: string): Promise<Record<string, any>> {
  expect(res.headers.get("content-type")).toBe("application/problem+json");
  const body = (await res.json()) as Record<string, any>;
  expect(res.status).toBe(status);
  expectProblemBody(body, status, code);
  if (status === 401) expect(res.headers.get("www-authenticate")).toStartWith("Bearer");
  if (status === 402) {
    expect(["subscribe", "topup", "none"]).toContain(body.upsell);
    expect(typeof body.plansUrl).toBe("string");
  }
  if (status === 429) expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
  if (code === "INVALID_INPUT") expect(Array.isArray(body.errors)).toBe(true);
  expect(res.headers.get("x-request-id")).toMatch(/^req_/);
  return body;
}

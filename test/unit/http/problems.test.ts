import { describe, expect, test } from "bun:test";
import { ApiError, FAILURE_CODES, REQUEST_ERRORS, REQUEST_ERROR_ADVICE, problemResponse, toProblem } from "../../../src/kernel/errors.ts";
import { toRouterPath } from "../../../src/http/route.ts";

const ctx = { errorsUrl: "https://api.example/v1/errors", plansUrl: "https://example/plans", requestId: "req_1" };

describe("problem+json", () => {
  test("every spec request code has a status, title and advice", () => {
    const spec = [
      "MISSING_API_KEY", "INVALID_API_KEY", "UNSUPPORTED_TOKEN", "UNAUTHENTICATED", "SUBSCRIPTION_REQUIRED", "INSUFFICIENT_CREDITS",
      "INSUFFICIENT_AI_CREDITS", "VIDEO_ALLOWANCE_EXHAUSTED", "CLIPPING_ALLOWANCE_EXHAUSTED", "SOFT_CAP_REACHED", "INVALID_INPUT",
      "INVALID_VOICE", "UNKNOWN_TEMPLATE", "TEMPLATE_NOT_AVAILABLE", "NARRATION_REQUIRED", "INVALID_WEBHOOK_URL", "SAFETY_REJECTED",
      "INVALID_IDEMPOTENCY_KEY", "NOT_FOUND", "IDEMPOTENCY_IN_PROGRESS", "CANNOT_CANCEL", "LINK_EXPIRED", "IDEMPOTENCY_KEY_REUSED",
      "RATE_LIMITED", "CONCURRENCY_LIMIT", "INTERNAL_ERROR", "RATE_LIMITER_UNAVAILABLE", "SERVICE_UNAVAILABLE",
    ];
    for (const code of spec) {
      expect(REQUEST_ERRORS).toHaveProperty(code);
      expect(REQUEST_ERROR_ADVICE[code as keyof typeof REQUEST_ERRORS].length).toBeGreaterThan(10);
    }
    expect(Object.keys(FAILURE_CODES)).toHaveLength(16);
  });

  test("INVALID_INPUT always carries errors; type points into the error reference", () => {
    const p = toProblem(new ApiError("INVALID_INPUT", "bad"), ctx);
    expect(p).toEqual({ type: `${ctx.errorsUrl}#INVALID_INPUT`, title: "Invalid input", status: 400, detail: "bad", code: "INVALID_INPUT", errors: [] });
  });

  test("every 402 carries upsell and plansUrl", () => {
    for (const code of ["SUBSCRIPTION_REQUIRED", "INSUFFICIENT_CREDITS", "VIDEO_ALLOWANCE_EXHAUSTED", "SOFT_CAP_REACHED"] as const) {
      const p = toProblem(new ApiError(code, "no", { upsell: "topup" }), ctx);
      expect(p.status).toBe(402);
      expect(p.upsell).toBe("topup");
      expect(p.plansUrl).toBe(ctx.plansUrl);
    }
    expect(toProblem(new ApiError("SUBSCRIPTION_REQUIRED", "no"), ctx).upsell).toBe("none");
  });

  test("5xx carry the request id; 4xx do not", () => {
    expect(toProblem(new ApiError("INTERNAL_ERROR", "x"), ctx).requestId).toBe("req_1");
    expect(toProblem(new ApiError("NOT_FOUND", "x"), ctx).requestId).toBeUndefined();
  });

  test("headers: content type, WWW-Authenticate on 401, Retry-After when given", async () => {
    const unauthorized = problemResponse(new ApiError("MISSING_API_KEY", "x"), ctx);
    expect(unauthorized.headers.get("content-type")).toBe("application/problem+json");
    expect(unauthorized.headers.get("www-authenticate")).toStartWith("Bearer");
    const limited = problemResponse(new ApiError("RATE_LIMITED", "x", { retryAfterSeconds: 12 }), ctx);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("12");
    const big = problemResponse(new ApiError("INVALID_INPUT", "x", { status: 413 }), ctx);
    expect(big.status).toBe(413);
    expect(((await big.json()) as { code: string }).code).toBe("INVALID_INPUT");
  });
});

describe("router paths", () => {
  test("parameters and suffixed segments", () => {
    expect(toRouterPath("/v1/videos/{id}/cancel")).toEqual({ path: "/v1/videos/:id/cancel", suffixes: {} });
    expect(toRouterPath("/v1/templates/{id}.txt")).toEqual({ path: "/v1/templates/:id", suffixes: { id: ".txt" } });
    expect(toRouterPath("/v1/me")).toEqual({ path: "/v1/me", suffixes: {} });
  });
});

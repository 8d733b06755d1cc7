import { describe, expect, test } from "bun:test";
import { DATABASE_KINDS } from "../helpers/databases.ts";
import { useService } from "../helpers/harness.ts";
import { expectProblem } from "../helpers/problem.ts";

describe.each(DATABASE_KINDS)("authentication on %s", (kind) => {
  const svc = useService(kind);

  test("no Authorization header: 401 MISSING_API_KEY", async () => {
    await expectProblem(await svc().request("/v1/me"), 401, "MISSING_API_KEY");
  });

  test("a non-bearer scheme: 401 MISSING_API_KEY", async () => {
    const res = await svc().request("/v1/me", { headers: { authorization: "Basic dXNlcjpwYXNz" } });
    await expectProblem(res, 401, "MISSING_API_KEY");
  });

  test("a JWT: 401 UNSUPPORTED_TOKEN", async () => {
    const res = await svc().request("/v1/me", { key: "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjMifQ.c2lnbmF0dXJl" });
    await expectProblem(res, 401, "UNSUPPORTED_TOKEN");
  });

  test("an unknown key of the right shape: 401 INVALID_API_KEY", async () => {
    const res = await svc().request("/v1/me", { key: `svk_live_${"A".repeat(40)}` });
    await expectProblem(res, 401, "INVALID_API_KEY");
  });

  test("a revoked key: 401 INVALID_API_KEY, while the account's other key still works", async () => {
    const { accountId, apiKey, keyId } = await svc().createAccount();
    const second = (await svc().admin("create-key", { account: accountId, name: "ci" })) as { apiKey: string };
    expect((await svc().request("/v1/me", { key: apiKey })).status).toBe(200);
    await svc().admin("revoke-key", { key: keyId });
    await expectProblem(await svc().request("/v1/me", { key: apiKey }), 401, "INVALID_API_KEY");
    expect((await svc().request("/v1/me", { key: second.apiKey })).status).toBe(200);
  });

  test("a key of a disabled account: 401 UNAUTHENTICATED", async () => {
    const { accountId, apiKey } = await svc().createAccount();
    await svc().admin("disable-account", { account: accountId });
    await expectProblem(await svc().request("/v1/me", { key: apiKey }), 401, "UNAUTHENTICATED");
    await svc().admin("enable-account", { account: accountId });
    expect((await svc().request("/v1/me", { key: apiKey })).status).toBe(200);
  });

  test("the scheme is case-insensitive", async () => {
    const { apiKey } = await svc().createAccount();
    const res = await svc().request("/v1/me", { headers: { authorization: `bEaReR ${apiKey}` } });
    expect(res.status).toBe(200);
  });

  test("authenticated routes refuse before validating the body", async () => {
    const res = await svc().request("/v1/estimate", { method: "POST", json: { template: "nope" } });
    await expectProblem(res, 401, "MISSING_API_KEY");
  });

  test("public routes need no key", async () => {
    for (const path of ["/v1/templates", "/v1/options", "/v1/llms.txt", "/v1/templates/quiz_video.txt", "/v1/openapi.json", "/v1/errors"]) {
      expect((await svc().request(path)).status).toBe(200);
    }
  });
});

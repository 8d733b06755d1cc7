import { describe, expect, test } from "bun:test";
import { openPostgres } from "../../db/client.ts";
import { createApp } from "../../src/http/app.ts";
import { ApiKeyCache } from "../../src/auth/key-cache.ts";
import { DATABASE_KINDS } from "../helpers/databases.ts";
import { BASE, useService } from "../helpers/harness.ts";
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

  /** Another serving process: its own key cache on its own connections (PGlite has one database per process). */
  async function secondInstance() {
    const url = (svc().database as { url?: string }).url;
    const database = url ? openPostgres(url, { max: 5 }) : svc().database;
    const apiKeys = new ApiKeyCache(database);
    await apiKeys.start();
    const app = createApp({ ...svc().deps, database, apiKeys });
    const me = (key: string) => app.handle(new Request(`${BASE}/v1/me`, { headers: { authorization: `Bearer ${key}` } }));
    const close = async () => {
      await apiKeys.close();
      if (url) await database.close();
    };
    return { apiKeys, me, close };
  }

  test("keys are looked up once: a cached key is answered without reading api_keys", async () => {
    const { apiKey } = await svc().createAccount();
    const uncached = await svc().createAccount();
    expect((await svc().request("/v1/me", { key: apiKey })).status).toBe(200);
    await svc().database.executeSql("alter table api_keys rename to api_keys_away");
    expect((await svc().request("/v1/me", { key: apiKey })).status).toBe(200);
    expect((await svc().request("/v1/me", { key: uncached.apiKey })).status).toBe(500);
  });

  test("revocation and disabling reach another app instance's key cache at once (NOTIFY from the database)", async () => {
    const other = await secondInstance();
    try {
      const { accountId, apiKey, keyId } = await svc().createAccount();
      const kept = (await svc().admin("create-key", { account: accountId, name: "kept" })) as { apiKey: string };
      expect((await other.me(apiKey)).status).toBe(200);
      expect((await other.me(kept.apiKey)).status).toBe(200);
      expect(other.apiKeys.size).toBe(2);
      await svc().admin("revoke-key", { key: keyId });
      // Everything committed before this NOTIFY has been heard once it comes back.
      await other.apiKeys.barrier();
      await expectProblem(await other.me(apiKey), 401, "INVALID_API_KEY");
      expect((await other.me(kept.apiKey)).status).toBe(200);

      await svc().admin("disable-account", { account: accountId });
      await other.apiKeys.barrier();
      await expectProblem(await other.me(kept.apiKey), 401, "UNAUTHENTICATED");
      await svc().admin("enable-account", { account: accountId });
      await other.apiKeys.barrier();
      expect((await other.me(kept.apiKey)).status).toBe(200);
    } finally {
      await other.close();
    }
  });
});

import { describe, expect, test } from "bun:test";
import Ajv2020 from "ajv/dist/2020";
import { AccountSchema } from "../../src/account/model.ts";
import { toJsonSchema } from "../../src/templates/describe.ts";
import { DATABASE_KINDS } from "../helpers/databases.ts";
import { useService } from "../helpers/harness.ts";

const checkAccount = new Ajv2020({ strict: false, validateFormats: false }).compile(toJsonSchema(AccountSchema));

describe.each(DATABASE_KINDS)("GET /v1/me on %s", (kind) => {
  const svc = useService(kind);

  test("shows user, plan, entitlement, usage, limits, webhooks and the key", async () => {
    const account = await svc().createAccount({ plan: "starter" });
    const res = await svc().request("/v1/me", { key: account.apiKey });
    expect(res.status).toBe(200);
    const me = (await res.json()) as any;
    expect(checkAccount(me)).toBe(true);
    expect(me.user.id).toBe(account.accountId);
    expect(me.plan).toEqual({ tier: "starter", pricingV2: true });
    expect(me.entitlement).toMatchObject({ canUseTemplates: true, upsell: "none", plan: { monthlyVideos: 30, videosRemaining: 30 } });
    expect(me.limits).toEqual({ requestsPerMinute: 60, createsPerMinute: 10, freeToolsPerHour: 30, freeToolsPerDay: 100, concurrentRenders: 3, mediaImportsPerDay: 20, concurrentStreams: 20 });
    expect(me.webhooks).toEqual({ signingSecret: account.signingSecret, signatureHeader: "X-Service-Signature", scheme: expect.stringContaining("t=") });
    expect(me.webhooks.signingSecret).toMatch(/^whsec_[0-9a-f]{64}$/);
    expect(me.key).toMatchObject({ id: account.keyId, name: "default", prefix: account.apiKey.slice(0, 13), scopes: ["full"] });
    expect(JSON.stringify(me)).not.toContain(account.apiKey);
    expect(me.usage).toMatchObject({ videosCreated: 0, videosInProgress: 0, creditsCharged: { narration: 0, render: 0, videos: 0 } });
  });

  test("an account without a plan cannot use templates and is offered a subscription", async () => {
    const account = await svc().createAccount({ plan: "none" });
    const me = (await (await svc().request("/v1/me", { key: account.apiKey })).json()) as any;
    expect(me.plan.tier).toBeNull();
    expect(me.entitlement).toMatchObject({ canUseTemplates: false, upsell: "subscribe" });
  });

  test("plan, balances and limits set by the operator show up", async () => {
    const account = await svc().createAccount();
    await svc().admin("set-plan", { account: account.accountId, plan: "legacy" });
    await svc().admin("set-balance", { account: account.accountId, credits: "12", "ai-credits": "3", "export-credits": "4" });
    await svc().admin("set-limits", { account: account.accountId, "concurrent-renders": "5", "concurrent-streams": "2" });
    const me = (await (await svc().request("/v1/me", { key: account.apiKey })).json()) as any;
    expect(me.plan).toEqual({ tier: "legacy", pricingV2: false });
    expect(me.entitlement.credits).toEqual({ narration: 12, ai: 3, export: 4 });
    expect(me.limits.concurrentRenders).toBe(5);
    expect(me.limits.concurrentStreams).toBe(2);
  });
});

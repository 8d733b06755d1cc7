import {
  type AccountPatch,
  findAccountByEmail,
  findAccountById,
  insertAccount,
  insertApiKey,
  listAccounts,
  listApiKeys,
  revokeApiKey,
  updateAccount,
} from "../../db/repos/accounts.ts";
import type { AccountRow } from "../../db/schema/index.ts";
import type { Db } from "../../db/client.ts";
import { pricingV2Of } from "../billing/charges.ts";
import { DEFAULT_PLAN_TIER, PLANS, findPlan } from "../billing/plans.ts";
import { generateApiKey, newSigningSecret } from "../auth/api-keys.ts";
import { newId } from "../kernel/ids.ts";

/**
 * Operator commands. They run inside the service (through the admin socket) or directly on the
 * database when no service holds it; either way they return plain JSON-able values or a failure.
 */
export type AdminResult = { ok: true; value: Record<string, unknown> } | { ok: false; error: string };

export interface AdminContext {
  db: Db;
  now(): Date;
}

const ok = (value: Record<string, unknown>): AdminResult => ({ ok: true, value });
const fail = (error: string): AdminResult => ({ ok: false, error });

const LIMIT_FIELDS = ["requestsPerMinute", "createsPerMinute", "freeToolsPerHour", "freeToolsPerDay", "concurrentRenders", "mediaImportsPerDay", "concurrentStreams"] as const;
type NumericColumn = (typeof LIMIT_FIELDS)[number] | "credits" | "aiCredits" | "exportCredits" | "videoAllowanceOverride";
const BALANCE_COLUMNS: Record<string, NumericColumn> = { credits: "credits", aiCredits: "aiCredits", exportCredits: "exportCredits", videoAllowance: "videoAllowanceOverride" };
const LIMIT_COLUMNS: Record<string, NumericColumn> = Object.fromEntries(LIMIT_FIELDS.map((f) => [f, f]));

const flagOf = (field: string) => field.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

async function resolveAccount(ctx: AdminContext, ref: string | undefined): Promise<AccountRow | string> {
  if (!ref) return "name the account with --account <acct_id or email>";
  const account = ref.includes("@") ? await findAccountByEmail(ctx.db, ref) : await findAccountById(ctx.db, ref);
  return account ?? `no account ${ref}`;
}

function accountSummary(a: AccountRow) {
  return {
    accountId: a.id,
    email: a.email,
    status: a.status,
    plan: a.planTier,
    pricingV2: pricingV2Of(a.planTier),
    credits: a.credits,
    aiCredits: a.aiCredits,
    exportCredits: a.exportCredits,
    videoAllowance: a.videoAllowanceOverride,
    limits: Object.fromEntries(LIMIT_FIELDS.map((f) => [f, a[f]])),
  };
}

/** `--some-field N` flags -> a patch of the matching columns; a message when a value is not a count. */
function numericPatch(args: Record<string, string>, columns: Record<string, NumericColumn>): AccountPatch | string {
  const patch: AccountPatch = {};
  for (const [field, column] of Object.entries(columns)) {
    const raw = args[flagOf(field)];
    if (raw === undefined) continue;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 0) return `--${flagOf(field)} must be a whole number >= 0`;
    patch[column] = n;
  }
  return Object.keys(patch).length > 0 ? patch : `name at least one of ${Object.keys(columns).map((f) => `--${flagOf(f)}`).join(", ")}`;
}

async function newKeyFor(ctx: AdminContext, accountId: string, name: string) {
  const key = generateApiKey();
  const row = await insertApiKey(ctx.db, {
    id: newId("key"),
    accountId,
    name,
    prefix: key.prefix,
    hash: key.hash,
    scopes: ["full"],
    createdAt: ctx.now(),
  });
  return { keyId: row.id, apiKey: key.key, prefix: row.prefix };
}

type AdminCommand = { usage: string; run(ctx: AdminContext, args: Record<string, string>): Promise<AdminResult> };

/** A command on one account named by `--account`. */
function onAccount(usage: string, act: (ctx: AdminContext, account: AccountRow, args: Record<string, string>) => Promise<AdminResult>): AdminCommand {
  return {
    usage,
    async run(ctx, args) {
      const account = await resolveAccount(ctx, args.account);
      return typeof account === "string" ? fail(account) : act(ctx, account, args);
    },
  };
}

async function patchAccount(ctx: AdminContext, account: AccountRow, patch: AccountPatch | string): Promise<AdminResult> {
  if (typeof patch === "string") return fail(patch);
  return ok(accountSummary((await updateAccount(ctx.db, account.id, patch))!));
}

export const ADMIN_COMMANDS: Record<string, AdminCommand> = {
  "create-account": {
    usage: `create-account --email <email> [--plan <${PLANS.map((p) => p.tier).join("|")}|none>] [--key-name <name>]`,
    async run(ctx, args) {
      const email = args.email?.trim().toLowerCase();
      if (!email || !/^[^@\s]+@[^@\s]+$/.test(email)) return fail("--email <email> is required");
      const tier = args.plan === "none" ? null : (args.plan ?? DEFAULT_PLAN_TIER);
      const plan = tier === null ? undefined : findPlan(tier);
      if (tier !== null && !plan) return fail(`unknown plan ${tier}; plans: ${PLANS.map((p) => p.tier).join(", ")}, none`);
      if (await findAccountByEmail(ctx.db, email)) return fail(`an account with email ${email} exists already`);
      const now = ctx.now();
      const account = await insertAccount(ctx.db, {
        id: newId("acct"),
        email,
        planTier: tier,
        signingSecret: newSigningSecret(),
        periodStartedAt: now,
        createdAt: now,
      });
      const key = await newKeyFor(ctx, account.id, args["key-name"] ?? "default");
      return ok({ ...accountSummary(account), ...key, signingSecret: account.signingSecret });
    },
  },
  "create-key": onAccount("create-key --account <acct_id|email> [--name <name>]", async (ctx, account, args) =>
    ok({ accountId: account.id, ...(await newKeyFor(ctx, account.id, args.name ?? "default")) }),
  ),
  "revoke-key": {
    usage: "revoke-key --key <key_id>",
    async run(ctx, args) {
      if (!args.key) return fail("--key <key_id> is required");
      const row = await revokeApiKey(ctx.db, args.key, ctx.now());
      return row ? ok({ keyId: row.id, revokedAt: row.revokedAt!.toISOString() }) : fail(`no live key ${args.key}`);
    },
  },
  "list-keys": onAccount("list-keys --account <acct_id|email>", async (ctx, account) => {
      const keys = await listApiKeys(ctx.db, account.id);
      return ok({
        accountId: account.id,
        keys: keys.map((k) => ({
          keyId: k.id,
          name: k.name,
          prefix: k.prefix,
          scopes: k.scopes,
          createdAt: k.createdAt.toISOString(),
          revokedAt: k.revokedAt?.toISOString() ?? null,
        })),
      });
  }),
  "list-accounts": {
    usage: "list-accounts",
    async run(ctx) {
      return ok({ accounts: (await listAccounts(ctx.db)).map(accountSummary) });
    },
  },
  "set-plan": onAccount(`set-plan --account <acct_id|email> --plan <${PLANS.map((p) => p.tier).join("|")}|none>`, async (ctx, account, args) => {
    if (!args.plan) return fail("--plan is required");
    const plan = args.plan === "none" ? null : findPlan(args.plan);
    if (plan === undefined) return fail(`unknown plan ${args.plan}`);
    return patchAccount(ctx, account, { planTier: plan?.tier ?? null });
  }),
  "set-balance": onAccount("set-balance --account <acct_id|email> [--credits N] [--ai-credits N] [--export-credits N] [--video-allowance N]", (ctx, account, args) => patchAccount(ctx, account, numericPatch(args, BALANCE_COLUMNS))),
  "set-limits": onAccount("set-limits --account <acct_id|email> [--requests-per-minute N] [--creates-per-minute N] [--free-tools-per-hour N] [--free-tools-per-day N] [--concurrent-renders N] [--media-imports-per-day N] [--concurrent-streams N]", (ctx, account, args) => patchAccount(ctx, account, numericPatch(args, LIMIT_COLUMNS))),
  "disable-account": onAccount("disable-account --account <acct_id|email>", (ctx, account) => patchAccount(ctx, account, { status: "disabled" })),
  "enable-account": onAccount("enable-account --account <acct_id|email>", (ctx, account) => patchAccount(ctx, account, { status: "active" })),
};

export async function runAdminCommand(ctx: AdminContext, command: string, args: Record<string, string>): Promise<AdminResult> {
  const entry = ADMIN_COMMANDS[command];
  if (!entry) return fail(`unknown command ${command}; commands: ${Object.keys(ADMIN_COMMANDS).join(", ")}`);
  return entry.run(ctx, args);
}

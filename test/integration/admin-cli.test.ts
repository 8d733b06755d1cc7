import { afterEach, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freshDatabase } from "../helpers/databases.ts";
import { ROOT, spawnService } from "../helpers/service-process.ts";
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

function tempDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "svc-admin-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function admin(env: Record<string, string>, ...args: string[]) {
  const proc = Bun.spawn(["bun", "run", "admin", ...args], { cwd: ROOT, env: { ...process.env, LOG_LEVEL: "error", ...env }, stdout: "pipe", stderr: "pipe" });
  const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  return { stdout, stderr, code, json: () => JSON.parse(stdout) };
}

async function startService(env: Record<string, string>) {
  const service = await spawnService(env);
  cleanups.push(() => void service.proc.kill("SIGKILL"));
  return service;
}

describe("admin command", () => {
  test("works on PGlite with no service running, and prints the key once", async () => {
    const env = { DATA_DIR: tempDataDir() };
    const created = await admin(env, "create-account", "--email", "ops@example.com", "--plan", "starter", "--json");
    expect(created.code).toBe(0);
    const account = created.json();
    expect(account).toMatchObject({ email: "ops@example.com", plan: "starter" });
    expect(account.accountId).toMatch(/^acct_/);
    expect(account.apiKey).toMatch(/^svk_live_[0-9A-Za-z]{40}$/);
    expect(account.signingSecret).toMatch(/^whsec_[0-9a-f]{64}$/);
    const keys = await admin(env, "list-keys", "--account", "ops@example.com", "--json");
    expect(keys.json().keys).toEqual([expect.objectContaining({ prefix: account.apiKey.slice(0, 13), revokedAt: null })]);
    expect(keys.stdout).not.toContain(account.apiKey);
    const again = await admin(env, "create-account", "--email", "ops@example.com", "--json");
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("exists already");
    const unknown = await admin(env, "launch-rockets");
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("create-account --email");
  }, 60_000);

  test("goes through the running service's socket, and its keys work at once", async () => {
    const dataDir = tempDataDir();
    const service = await startService({ DATA_DIR: dataDir });
    const created = await admin({ DATA_DIR: dataDir }, "create-account", "--email", "live@example.com", "--json");
    expect(created.code).toBe(0);
    const { apiKey, keyId } = created.json();
    const me = await fetch(`${service.url}/v1/me`, { headers: { authorization: `Bearer ${apiKey}` } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as any).user.email).toBe("live@example.com");
    expect((await admin({ DATA_DIR: dataDir }, "revoke-key", "--key", keyId, "--json")).code).toBe(0);
    expect((await fetch(`${service.url}/v1/me`, { headers: { authorization: `Bearer ${apiKey}` } })).status).toBe(401);
    service.proc.kill("SIGTERM");
    expect(await service.proc.exited).toBe(0);
    expect(existsSync(join(dataDir, "admin.sock"))).toBe(false);
    expect(existsSync(join(dataDir, "pglite.lock"))).toBe(false);
    // With the service gone the command opens the database itself and sees the same data.
    const listed = await admin({ DATA_DIR: dataDir }, "list-keys", "--account", "live@example.com", "--json");
    expect(listed.json().keys[0].revokedAt).not.toBeNull();
  }, 60_000);

  test("a second service on the same embedded database refuses to start", async () => {
    const dataDir = tempDataDir();
    await startService({ DATA_DIR: dataDir });
    const second = Bun.spawn(["bun", "src/main.ts"], { cwd: ROOT, env: { ...process.env, PORT: "0", DATA_DIR: dataDir }, stdout: "pipe", stderr: "pipe" });
    expect(await second.exited).toBe(1);
    expect(await new Response(second.stderr).text()).toContain("in use by process");
  }, 60_000);

  test.skipIf(!process.env.TEST_DATABASE_URL)("works on Postgres", async () => {
    const database = await freshDatabase("postgres");
    cleanups.push(() => database.close());
    const env = { DATA_DIR: tempDataDir(), DATABASE_URL: database.url! };
    const created = await admin(env, "create-account", "--email", "pg@example.com", "--plan", "business", "--json");
    expect(created.code).toBe(0);
    const service = await startService(env);
    const me = await fetch(`${service.url}/v1/me`, { headers: { authorization: `Bearer ${created.json().apiKey}` } });
    expect(((await me.json()) as any).plan.tier).toBe("business");
  }, 60_000);
});

import { afterEach, describe, expect, test } from "bun:test";
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { createLogger } from "../../src/kernel/logger.ts";
import { warnIfDataDirOpen } from "../../src/private-files.ts";
import { ROOT, spawnService } from "../helpers/service-process.ts";

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const fn of cleanups.splice(0).reverse()) fn();
});

/**
 * A DATA_DIR path whose parent every local user may enter, as /srv or /var/lib let them: only DATA_DIR's
 * own modes and those beneath it keep other users out (a temp folder of 0700 would hide the question).
 */
function dataDirInOpenParent(): string {
  const parent = mkdtempSync(join(tmpdir(), "private-files-"));
  chmodSync(parent, 0o755);
  cleanups.push(() => rmSync(parent, { recursive: true, force: true }));
  return join(parent, "data");
}

async function startService(dataDir: string) {
  const service = await spawnService({ DATA_DIR: dataDir });
  cleanups.push(() => void service.proc.kill("SIGKILL"));
  return service;
}

/**
 * An account made by the admin command, through the running service's socket or on the database itself:
 * its webhook signing secret goes to the database's WAL.
 */
async function createAccount(dataDir: string): Promise<{ signingSecret: string }> {
  const proc = Bun.spawn(["bun", "src/admin/cli.ts", "create-account", "--email", `files-${Date.now()}@example.com`, "--json"], { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir }, stdout: "pipe", stderr: "pipe" });
  const [out, err, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  if (code !== 0) throw new Error(`create-account failed: ${err}`);
  return JSON.parse(out);
}

/** Every entry at or beneath `dir` (symbolic links aside) that group or others may read, write or enter, with its mode. */
function openToOthers(dir: string, skipTop = false): string[] {
  const open: string[] = [];
  const walk = (path: string) => {
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) return;
    if (stat.mode & 0o077 && !(skipTop && path === dir)) open.push(`${relative(dir, path) || "."} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const name of readdirSync(path)) walk(join(path, name));
  };
  walk(dir);
  return open;
}

/**
 * Runs a command as `nobody`, where this machine lets the test do that (it runs as root and has the user
 * and setpriv); undefined elsewhere, and the tests rely on the modes alone.
 */
function asNobody(command: string[]): { stdout: string; code: number } | undefined {
  if (process.getuid?.() !== 0 || !Bun.which("setpriv") || Bun.spawnSync(["id", "nobody"]).exitCode !== 0) return undefined;
  const run = Bun.spawnSync(["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups", ...command], { stdout: "pipe", stderr: "pipe" });
  return { stdout: run.stdout.toString(), code: run.exitCode };
}

/** What the security review did as another local user: read the database's files for signing secrets. */
function expectNoSecretsForOthers(dataDir: string, signingSecret: string) {
  // The secret is on disk in the clear (the WAL): only the modes keep it from other users.
  const asOwner = Bun.spawnSync(["grep", "-rlF", signingSecret, join(dataDir, "pglite")]).stdout.toString();
  expect(asOwner).not.toBe("");
  const grep = asNobody(["grep", "-rlF", "whsec_", dataDir]);
  if (grep) expect(grep.stdout).toBe("");
  const readable = asNobody(["find", dataDir, "-type", "f", "-readable"]);
  if (readable) expect(readable.stdout).toBe("");
}

describe("what the service writes is private to its user", () => {
  test("a new DATA_DIR is made 0700 and nothing in it is open to other users, the embedded database included", async () => {
    const dataDir = dataDirInOpenParent();
    const service = await startService(dataDir);
    const { signingSecret } = await createAccount(dataDir);
    expectNoSecretsForOthers(dataDir, signingSecret);
    expect(openToOthers(dataDir)).toEqual([]);
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(service.logTail()).not.toContain("DATA_DIR is open to other users");
  }, 180_000);

  test("the admin command on its own writes nothing open to others; what an older version left open is warned about or closed at the next start", async () => {
    const dataDir = dataDirInOpenParent();
    const { signingSecret: first } = await createAccount(dataDir);
    expectNoSecretsForOthers(dataDir, first);
    expect(openToOthers(dataDir)).toEqual([]);

    // As an older version left it: DATA_DIR 0755, the database's folders 0777 and its files 0666.
    const loosen = (path: string) => {
      const stat = lstatSync(path);
      chmodSync(path, stat.isDirectory() ? 0o777 : 0o666);
      if (stat.isDirectory()) for (const name of readdirSync(path)) loosen(join(path, name));
    };
    loosen(join(dataDir, "pglite"));
    chmodSync(dataDir, 0o755);
    const service = await startService(dataDir);
    const { signingSecret: second } = await createAccount(dataDir);
    const warnings = service
      .logTail()
      .split("\n")
      .filter((line) => line.includes("DATA_DIR is open to other users"))
      .map((line) => JSON.parse(line));
    expect(warnings).toEqual([expect.objectContaining({ level: "warn", dataDir, mode: "0755" })]);
    // DATA_DIR's mode is the operator's; everything beneath it is closed.
    for (const secret of [first, second]) expectNoSecretsForOthers(dataDir, secret);
    expect(openToOthers(dataDir, true)).toEqual([]);
    expect(statSync(dataDir).mode & 0o777).toBe(0o755);
  }, 180_000);

  test("a DATA_DIR open to others is reported with its path and mode, and left as it is", () => {
    const dataDir = dataDirInOpenParent();
    const lines: Record<string, unknown>[] = [];
    const log = createLogger("info", (line) => lines.push(JSON.parse(line)));
    mkdirSync(dataDir);
    chmodSync(dataDir, 0o750);
    warnIfDataDirOpen(dataDir, log);
    expect(lines).toEqual([expect.objectContaining({ level: "warn", msg: expect.stringContaining("DATA_DIR is open to other users"), dataDir, mode: "0750" })]);
    expect(statSync(dataDir).mode & 0o777).toBe(0o750);

    lines.length = 0;
    chmodSync(dataDir, 0o700);
    warnIfDataDirOpen(dataDir, log);
    expect(lines).toEqual([]);
  });
});

import { expect, test } from "bun:test";
import { accessSync, constants, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { COMMANDS } from "../../client/src/cli/main.ts";
import { ADMIN_COMMANDS } from "../../src/admin/commands.ts";
import { commandLines, fencedBlocks, inlineCommands, isShell } from "../helpers/readme.ts";
import { ROOT } from "../helpers/service-process.ts";

const scripts = Object.keys(JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).scripts);
const executable = (path: string) => {
  accessSync(join(ROOT, path), constants.X_OK);
  return true;
};

/** Why a command the README shows would fail in a fresh shell at the repository root, or undefined. */
function problemWith(command: string): string | undefined {
  const [program, first, second] = command.split(/\s+/);
  // Set-up installs Bun under .tools/, which no fresh shell has on PATH.
  if (program === "bun" || program === "bunx") return "bun is not on PATH after the quick start; write scripts/bun or ./shortvid";
  if (program === "./shortvid") {
    if (!executable("shortvid")) return "./shortvid is not executable";
    if (first === "admin") return second && (second in ADMIN_COMMANDS || second === "help") ? undefined : `no admin command ${second}`;
    return COMMANDS.includes(first as never) ? undefined : `no shortvid command ${first}`;
  }
  if (program === "shortvid") return "shortvid is not on PATH in a checkout; write ./shortvid";
  if (program === "scripts/bun") {
    if (!executable("scripts/bun")) return "scripts/bun is not executable";
    if (first === "run") return second && scripts.includes(second) ? undefined : `no package script ${second}`;
    return first && existsSync(join(ROOT, first)) ? undefined : `no file ${first}`;
  }
  if (program === "bash" && first && !first.startsWith("-")) return existsSync(join(ROOT, first)) ? undefined : `no file ${first}`;
  return undefined;
}

test("every command the README shows runs from a fresh shell at the repository root", () => {
  const commands = [...fencedBlocks().filter(isShell).flatMap((b) => commandLines(b.code)), ...inlineCommands()];
  expect(commands.length).toBeGreaterThan(20);
  const problems = commands.map((c) => [c, problemWith(c)]).filter(([, p]) => p !== undefined);
  expect(problems).toEqual([]);
});

test("the check catches what a new user tripped over", () => {
  expect(problemWith("bun run admin create-account --email you@example.com --json")).toContain("not on PATH");
  expect(problemWith("./shortvid admin launch-rockets")).toBe("no admin command launch-rockets");
  expect(problemWith("scripts/bun scripts/no-such-script.ts")).toBe("no file scripts/no-such-script.ts");
});

test("every shell block is either run by the README test or marked with why not", () => {
  for (const block of fencedBlocks().filter(isShell)) {
    if (block.mark) expect(block.mark).toMatch(/^(service|skip \(.+\))$/);
  }
  expect(fencedBlocks().filter((b) => b.mark === "service").map((b) => b.code)).toEqual(["bash scripts/start.sh"]);
});

test("the desktop agent configuration starts this checkout's shortvid with mcp", () => {
  const config = fencedBlocks()
    .filter((b) => b.lang === "json")
    .map((b) => JSON.parse(b.code))
    .find((c) => c.mcpServers);
  const server = config.mcpServers.shortvid;
  expect(server.command.endsWith("/shortvid")).toBe(true);
  expect(server.args).toEqual(["mcp"]);
  expect(Object.keys(server.env).sort()).toEqual(["SHORTVID_API_KEY", "SHORTVID_URL"]);
});

test("the client example typechecks against the client's generated types", () => {
  const example = fencedBlocks().find((b) => b.lang === "ts" && b.code.includes("@shortvid/client"))!;
  const dir = mkdtempSync(join(tmpdir(), "readme-ts-"));
  try {
    writeFileSync(join(dir, "example.ts"), example.code.replace('"@shortvid/client"', JSON.stringify(join(ROOT, "client/src/index.ts"))));
    const types = [join(ROOT, "node_modules"), join(ROOT, "node_modules/@types")];
    writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ extends: join(ROOT, "tsconfig.json"), compilerOptions: { typeRoots: types }, include: ["example.ts"] }));
    const tsc = Bun.spawnSync([join(ROOT, "node_modules/.bin/tsc"), "--noEmit", "-p", dir], { stdout: "pipe", stderr: "pipe" });
    expect(tsc.stdout.toString() + tsc.stderr.toString()).toBe("");
    expect(tsc.exitCode).toBe(0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);

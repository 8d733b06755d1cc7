import { afterAll, expect, test } from "bun:test";
import { existsSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fencedBlocks, isShell } from "../helpers/readme.ts";
import { freePort } from "../helpers/live-service.ts";
import { streams } from "../helpers/media.ts";
import { ROOT } from "../helpers/service-process.ts";

/**
 * The README as printed, run as a new user would: the quick start's `bash scripts/start.sh` starts the
 * service, then every other shell block runs, in order, in one fresh shell whose PATH has no Bun. The
 * blocks run in a scratch folder holding links to the checkout's `shortvid` and `scripts/`, so the files
 * they write (chat.mp4) land there; the service gets a free port (the README's localhost:3000 is
 * rewritten to it) and a fresh DATA_DIR. The client's TypeScript example runs too, against the package.
 */

const CLEAN_PATH = "/usr/local/bin:/usr/bin:/bin";
/** Set-up on an installed machine, media already generated, then a two-message chat rendered twice. */
const START_DEADLINE_MS = 240_000;
const RUN_DEADLINE_MS = 600_000;

const work = mkdtempSync(join(tmpdir(), "readme-"));
const dataDir = mkdtempSync(join(tmpdir(), "readme-data-"));
const port = freePort();
const env = { PATH: CLEAN_PATH, HOME: process.env.HOME ?? "/root", LANG: "C.UTF-8", DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: "info" };
let service: Bun.Subprocess<"ignore", "ignore", "pipe"> | undefined;

/** The processes start.sh left (the service under `bun run start`, the background media generation), by id. */
function descendants(pid: number): number[] {
  const children = Bun.spawnSync(["ps", "-o", "pid=", "--ppid", String(pid)]).stdout.toString().split("\n").map(Number).filter((n) => n > 0);
  return children.flatMap((child) => [child, ...descendants(child)]);
}

afterAll(async () => {
  if (service) {
    for (const pid of [...descendants(service.pid), service.pid].reverse()) {
      try {
        process.kill(pid, "SIGTERM");
      } catch {}
    }
    await service.exited;
  }
  rmSync(work, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

const atPort = (code: string) => code.replaceAll("localhost:3000", `localhost:${port}`);

test(
  "every shell command in the README works pasted into a fresh shell after the quick start",
  async () => {
    expect(Bun.which("bun", { PATH: CLEAN_PATH })).toBeNull();
    const blocks = fencedBlocks();
    const start = blocks.find((b) => b.mark === "service")!;
    service = Bun.spawn(["bash", "-c", atPort(start.code)], { cwd: ROOT, env, stdout: "ignore", stderr: "pipe" });
    const reader = service.stderr.getReader();
    let log = "";
    const deadline = Date.now() + START_DEADLINE_MS;
    while (!log.includes('"listening"')) {
      const { value, done } = await Promise.race([reader.read(), Bun.sleep(deadline - Date.now()).then(() => ({ value: undefined, done: true }))]);
      if (done) throw new Error(`the quick start did not start the service:\n${log.slice(-4000)}`);
      log += new TextDecoder().decode(value);
    }
    void (async () => {
      while (!(await reader.read()).done);
    })();

    symlinkSync(join(ROOT, "shortvid"), join(work, "shortvid"));
    symlinkSync(join(ROOT, "scripts"), join(work, "scripts"));
    const runnable = blocks.filter((b) => isShell(b) && !b.mark);
    const example = blocks.find((b) => b.lang === "ts" && b.code.includes("@shortvid/client"))!;
    writeFileSync(join(work, "example.ts"), atPort(example.code).replace('"@shortvid/client"', JSON.stringify(join(ROOT, "client/src/index.ts"))));
    const script = ["set -euo pipefail", ...runnable.map((b) => atPort(b.code)), "scripts/bun example.ts"].join("\n");
    const shell = Bun.spawn(["bash", "-c", script], { cwd: work, env: { ...env, TERM: "dumb" }, stdout: "pipe", stderr: "pipe" });
    const timer = setTimeout(() => shell.kill(), RUN_DEADLINE_MS);
    const [stdout, stderr, code] = await Promise.all([new Response(shell.stdout).text(), new Response(shell.stderr).text(), shell.exited]);
    clearTimeout(timer);
    if (code !== 0) throw new Error(`the README's commands failed (${code}):\n${stderr.slice(-4000)}\n${stdout.slice(-2000)}`);

    // curl .../v1/me answered for the account the admin command made.
    expect(stdout).toContain('"email":"you@example.com"');
    // ./shortvid templates
    expect(stdout).toContain('"id": "fake_text_message"');
    // The CLI's create --wait --out made the MP4 it names.
    const mp4 = join(work, "chat.mp4");
    expect(existsSync(mp4)).toBe(true);
    const media = await streams(mp4);
    expect(media.video).toMatchObject({ codec_name: "h264", width: 1080, height: 1920 });
    // The client example waited for its video.
    expect(stdout).toMatch(/^completed http:\/\/localhost:\d+\/v1\/d\//m);
  },
  START_DEADLINE_MS + RUN_DEADLINE_MS + 30_000,
);

import { expect, test } from "bun:test";
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FFMPEG_KILL_GRACE_MS } from "../../../render/ffmpeg.ts";

/** Pids of `parent`'s children whose command is one of `names` (from ps: procfs files read as empty here). */
function childrenOf(parent: number, names: string[]): number[] {
  const out = Bun.spawnSync(["ps", "-o", "pid=,comm=", "--ppid", String(parent)]).stdout.toString();
  return out
    .split("\n")
    .map((line) => line.trim().split(/\s+/))
    .filter(([pid, comm]) => pid && names.includes(comm ?? ""))
    .map(([pid]) => Number(pid));
}

/** Gone, or a zombie nobody reaps (its parent died): either way it runs no more. */
function running(pid: number): boolean {
  const state = Bun.spawnSync(["ps", "-o", "stat=", "-p", String(pid)]).stdout.toString().trim();
  return state !== "" && !state.startsWith("Z");
}

test("ffmpeg and ffprobe die with the service: after a kill -9, none of its children keeps running", async () => {
  const dir = mkdtempSync(join(tmpdir(), "parent-death-"));
  const fifo = join(dir, "never-written");
  execFileSync("mkfifo", [fifo]);
  const service = Bun.spawn([process.execPath, join(import.meta.dir, "../../fixtures/long-ffmpeg.ts"), fifo], { stdout: "pipe", stderr: "inherit" });
  try {
    const reader = service.stdout.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toContain("started");
    // Three children: two ffmpeg runs (main thread, worker thread) and one ffprobe.
    let children: number[] = [];
    for (const deadline = Date.now() + 30_000; children.length < 3 && Date.now() < deadline; await Bun.sleep(50)) {
      children = childrenOf(service.pid, ["ffmpeg", "ffprobe"]);
    }
    expect(children).toHaveLength(3);
    service.kill("SIGKILL");
    await service.exited;
    // The parent-death signal is sent as the parent dies; the grace ffmpeg gets on an abort bounds the wait.
    for (const deadline = Date.now() + FFMPEG_KILL_GRACE_MS; children.some(running) && Date.now() < deadline; await Bun.sleep(20));
    expect(children.filter(running)).toEqual([]);
  } finally {
    service.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);

import { afterAll } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT } from "./service-process.ts";

/**
 * Real service processes (`bun src/main.ts`) for tests of several processes: each one's log is kept,
 * parsed, so a test can tell which process did what. Processes and folders made here are removed
 * after the file's tests.
 */

const dataDirs: string[] = [];
const processes: Bun.Subprocess[] = [];
afterAll(() => {
  for (const p of processes) p.kill("SIGKILL");
  for (const d of dataDirs) rmSync(d, { recursive: true, force: true });
});

export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dataDirs.push(dir);
  return dir;
}

export interface Service {
  proc: Bun.Subprocess<"ignore", "ignore", "pipe">;
  /** Every log line so far, parsed. */
  log: Record<string, any>[];
  url: string;
}

/** `bun src/main.ts` with `env`; resolves once it logs that it started (a worker) or listens (a server). */
export async function start(env: Record<string, string>): Promise<Service> {
  const proc = Bun.spawn(["bun", "src/main.ts"], { cwd: ROOT, env: { ...process.env, PORT: "0", LOG_LEVEL: "info", ...env }, stdout: "ignore", stderr: "pipe" });
  processes.push(proc);
  const service: Service = { proc, log: [], url: "" };
  let ready: (() => void) | undefined;
  const started = new Promise<void>((resolve) => (ready = resolve));
  void (async () => {
    const decoder = new TextDecoder();
    let partial = "";
    for await (const chunk of proc.stderr) {
      const lines = (partial + decoder.decode(chunk)).split("\n");
      partial = lines.pop()!;
      for (const line of lines) {
        // Anything but a log line (a crash's stack trace) is kept as it is.
        let entry: Record<string, any>;
        try {
          entry = JSON.parse(line);
        } catch {
          entry = { raw: line };
        }
        service.log.push(entry);
        if (entry.msg === "listening" || entry.msg === "started") {
          if (entry.port) service.url = `http://127.0.0.1:${entry.port}`;
          ready!();
        }
      }
    }
  })();
  await Promise.race([started, proc.exited.then((code) => Promise.reject(new Error(`exited with ${code}: ${JSON.stringify(service.log)}`)))]);
  return service;
}

/** Waits for a log line that `match` accepts, up to `timeoutMs`; returns it with when it was seen. */
export async function logLine(service: Service, match: (entry: Record<string, any>) => boolean, timeoutMs: number): Promise<{ entry: Record<string, any>; at: number }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const entry = service.log.find(match);
    if (entry) return { entry, at: Date.now() };
    if (Date.now() > deadline) throw new Error(`no such log line in ${timeoutMs} ms: ${JSON.stringify(service.log.slice(-20))}`);
    await Bun.sleep(50);
  }
}

/**
 * Polls a video through the API every `everyMs` until `until` says so; a failed video fails the wait at
 * once. Polling faster than once a second needs an account whose request limit was raised.
 */
export async function poll(url: string, apiKey: string, id: string, until: (v: any) => boolean, timeoutMs: number, everyMs = 1100): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const video = (await (await fetch(`${url}/v1/videos/${id}`, { headers: { authorization: `Bearer ${apiKey}` } })).json()) as any;
    if (video.status === "failed") throw new Error(`the video failed: ${JSON.stringify(video.error)}`);
    if (until(video)) return video;
    if (Date.now() > deadline) throw new Error(`timed out waiting on ${id}: ${JSON.stringify(video)}`);
    await Bun.sleep(everyMs);
  }
}

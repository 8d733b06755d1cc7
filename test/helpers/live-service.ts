import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runFfmpeg } from "../../render/ffmpeg.ts";
import { ROOT, spawnService } from "./service-process.ts";

export const SHORTVID = join(ROOT, "shortvid");

/** The background startLiveService puts in the library, so renders need no generated footage. */
export const LIBRARY_BACKGROUND = "bg_minecraft_live-test";

/** 2 s of flat colour as operator footage in DATA_DIR's library (asset ids come from paths). */
async function addLibraryBackground(dataDir: string): Promise<void> {
  const folder = join(dataDir, "library", "backgrounds", "minecraft");
  mkdirSync(folder, { recursive: true });
  await runFfmpeg(["-f", "lavfi", "-i", "color=c=#335577:s=1080x1920:r=30:d=2", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", join(folder, "live-test.mp4")]);
}

/** A two-message chat: the shortest video a template makes (a few seconds), for end-to-end runs. */
export const SHORT_CHAT = {
  contact: { name: "Mom" },
  background: { assetId: LIBRARY_BACKGROUND },
  messages: [
    { sender: "them", text: "Did you take the last slice of cake?" },
    { sender: "me", text: "Define 'take'." },
  ],
};

export function freePort(): number {
  const probe = Bun.serve({ port: 0, fetch: () => new Response() });
  const port = probe.port!;
  probe.stop(true);
  return port;
}

export interface LiveService {
  url: string;
  dataDir: string;
  /** The end of the service's log, for a failing test to show. */
  logTail(): string;
  /** Whether the service process has exited. */
  exited(): boolean;
  stop(): Promise<void>;
}

/**
 * The real service on a known free port, with its public address set to it, so download links work
 * from outside (`PORT=0` would leave them pointing at port 0), on a fresh DATA_DIR.
 */
export async function startLiveService(env: Record<string, string> = {}): Promise<LiveService> {
  const dataDir = mkdtempSync(join(tmpdir(), "svc-live-"));
  await addLibraryBackground(dataDir);
  const port = freePort();
  const url = `http://127.0.0.1:${port}`;
  const { proc, logTail } = await spawnService({ DATA_DIR: dataDir, PORT: String(port), PUBLIC_BASE_URL: url, ...env });
  return {
    url,
    dataDir,
    logTail,
    exited: () => proc.exitCode !== null || proc.signalCode !== null,
    async stop() {
      proc.kill("SIGTERM");
      await proc.exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** `./shortvid ...` as a user would run it; `input` goes to its standard input. */
export async function shortvid(args: string[], options: { env?: Record<string, string>; input?: string; cwd?: string } = {}) {
  const proc = Bun.spawn([SHORTVID, ...args], {
    cwd: options.cwd ?? ROOT,
    env: { ...process.env, ...options.env },
    stdin: options.input === undefined ? "ignore" : new Blob([options.input]),
    stdout: "pipe",
    stderr: "pipe",
  });
  const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  return { stdout, stderr, code };
}

/** A new account's API key, made by the admin command through the running service's socket. */
export async function createApiKey(service: LiveService, plan = "pro"): Promise<string> {
  const result = await shortvid(["admin", "create-account", "--email", `${crypto.randomUUID()}@example.com`, "--plan", plan, "--print", "apiKey"], {
    env: { DATA_DIR: service.dataDir, LOG_LEVEL: "error" },
  });
  if (result.code !== 0) throw new Error(`create-account failed: ${result.stderr}`);
  return result.stdout.trim();
}

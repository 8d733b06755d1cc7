import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const INSTALLS = "/usr/lib/postgresql";
/** How long a starting server may take to accept connections on a loaded machine before the test gives up. */
const READY_WITHIN_MS = 60_000;

/** The newest installed server's binaries (Debian's layout), or undefined when none is installed. */
export function postgresBinDir(): string | undefined {
  if (!existsSync(INSTALLS)) return undefined;
  const [newest] = readdirSync(INSTALLS)
    .filter((version) => existsSync(join(INSTALLS, version, "bin", "postgres")))
    .sort((a, b) => Number(b) - Number(a));
  return newest ? join(INSTALLS, newest, "bin") : undefined;
}

function idOf(user: string, flag: "-u" | "-g"): number {
  return Number(Bun.spawnSync(["id", flag, user]).stdout.toString().trim());
}

/** A free loopback port (the kernel's pick, released again for the server to take). */
function freePort(): number {
  const probe = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
  const { port } = probe;
  probe.stop(true);
  return port;
}

/**
 * A throwaway Postgres server of the test's own (its own data folder and loopback port), so a test can
 * stop and start it without touching the machine's shared cluster. Postgres refuses to run as root: as
 * root, the server runs as the `postgres` user. The server dies with the test process (pdeathsig).
 */
export class PrivatePostgres {
  private server: Bun.Subprocess | undefined;

  private constructor(
    private readonly bin: string,
    readonly dataDir: string,
    readonly port: number,
    /** setpriv's options that run the server as `postgres` (none when the test is not root). */
    private readonly asUser: string[],
  ) {}

  /** Creates the cluster (initdb, trust authentication); start() runs it. */
  static async create(): Promise<PrivatePostgres> {
    const bin = postgresBinDir();
    if (!bin) throw new Error(`no Postgres server under ${INSTALLS}`);
    const dataDir = mkdtempSync(join(tmpdir(), "private-pg-"));
    let asUser: string[] = [];
    if (process.getuid?.() === 0) {
      chownSync(dataDir, idOf("postgres", "-u"), idOf("postgres", "-g"));
      asUser = ["--reuid=postgres", "--regid=postgres", "--init-groups"];
    }
    const init = Bun.spawnSync(["setpriv", ...asUser, join(bin, "initdb"), "-D", dataDir, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync"], { cwd: dataDir, stderr: "pipe", stdout: "pipe" });
    if (init.exitCode !== 0) throw new Error(`initdb failed: ${init.stderr.toString()}`);
    return new PrivatePostgres(bin, dataDir, freePort(), asUser);
  }

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  get running(): boolean {
    return this.server !== undefined && this.server.exitCode === null && this.server.signalCode === null;
  }

  /** Starts the server and resolves once it accepts connections. */
  async start(): Promise<void> {
    // Durability is of no use to a throwaway cluster; an immediate stop still runs crash recovery on start.
    const settings = ["fsync=off", "synchronous_commit=off", "full_page_writes=off", "shared_buffers=32MB", "max_connections=60"].flatMap((s) => ["-c", s]);
    this.server = Bun.spawn(
      ["setpriv", ...this.asUser, "--pdeathsig", "KILL", join(this.bin, "postgres"), "-D", this.dataDir, "-p", String(this.port), "-h", "127.0.0.1", "-k", this.dataDir, ...settings],
      { cwd: this.dataDir, stdout: "ignore", stderr: "ignore" },
    );
    const deadline = Date.now() + READY_WITHIN_MS;
    while (Bun.spawnSync([join(this.bin, "pg_isready"), "-q", "-h", "127.0.0.1", "-p", String(this.port)]).exitCode !== 0) {
      if (!this.running) throw new Error(`the private Postgres exited on start (code ${this.server.exitCode})`);
      if (Date.now() > deadline) throw new Error(`the private Postgres did not accept connections within ${READY_WITHIN_MS} ms`);
      await Bun.sleep(100);
    }
  }

  /**
   * Stops the server: "immediate" drops every connection at once with no checkpoint (as a crash or a
   * failover would), "fast" rolls back open transactions and shuts down cleanly.
   */
  async stop(mode: "immediate" | "fast"): Promise<void> {
    if (!this.server) return;
    this.server.kill(mode === "immediate" ? "SIGQUIT" : "SIGINT");
    await this.server.exited;
    this.server = undefined;
  }

  async destroy(): Promise<void> {
    await this.stop("immediate");
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * Headless Chromium driven over the DevTools protocol with Bun's own WebSocket: a page is a handful of
 * commands (navigate, evaluate, screenshot), so a 100-line client replaces a browser-automation
 * dependency and runs where Bun runs. WebGL works on the CPU through SwiftShader.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

/**
 * Flags measured to work as root with no GPU and no network: SwiftShader WebGL, and none of Chromium's
 * background traffic (it keeps retrying outside hosts otherwise).
 */
export const CHROMIUM_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--use-angle=swiftshader",
  "--enable-unsafe-swiftshader",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--no-default-browser-check",
  "--disable-extensions",
  "--mute-audio",
  "--hide-scrollbars",
  // A page in a background tab or behind an occluded window would stop producing frames.
  "--disable-background-timer-throttling",
  "--disable-renderer-backgrounding",
  "--disable-backgrounding-occluded-windows",
  "--remote-debugging-address=127.0.0.1",
  "--remote-debugging-port=0",
];

const COMMAND_TIMEOUT_MS = 120_000;

type Pending = { resolve(value: any): void; reject(error: Error): void; method: string };

export class CdpSession {
  constructor(
    private readonly browser: Browser,
    readonly sessionId: string,
  ) {}

  send<T = any>(method: string, params: Record<string, unknown> = {}): Promise<T> {
    return this.browser.send<T>(method, params, this.sessionId);
  }

  /** Evaluates an expression in the page, awaiting a returned promise; throws the page's exception. */
  async evaluate<T = unknown>(expression: string): Promise<T> {
    const reply = await this.send("Runtime.evaluate", { expression, awaitPromise: true, returnByValue: true });
    if (reply.exceptionDetails) {
      const details = reply.exceptionDetails;
      throw new Error(`page: ${details.exception?.description ?? details.text}`);
    }
    return reply.result.value as T;
  }
}

export class Browser {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private closed = false;
  private readonly listeners = new Set<(method: string, params: any, sessionId?: string) => void>();

  private constructor(
    private readonly proc: ReturnType<typeof Bun.spawn>,
    private readonly socket: WebSocket,
    private readonly userDataDir: string,
  ) {
    socket.addEventListener("message", (event) => {
      const message = JSON.parse(String(event.data));
      if (message.id === undefined) {
        for (const listener of this.listeners) listener(message.method, message.params, message.sessionId);
        return;
      }
      const waiter = this.pending.get(message.id);
      if (!waiter) return;
      this.pending.delete(message.id);
      if (message.error) waiter.reject(new Error(`${waiter.method}: ${message.error.message}`));
      else waiter.resolve(message.result);
    });
    socket.addEventListener("close", () => this.failAll(new Error("chromium: DevTools connection closed")));
  }

  static async launch(extraFlags: readonly string[] = []): Promise<Browser> {
    const userDataDir = mkdtempSync(join(tmpdir(), "footage-chromium-"));
    const proc = Bun.spawn([CHROMIUM_PATH, ...CHROMIUM_FLAGS, ...extraFlags, `--user-data-dir=${userDataDir}`, "about:blank"], {
      stdin: "ignore",
      stdout: "ignore",
      stderr: "pipe",
    });
    try {
      const url = await devtoolsUrl(proc);
      const socket = new WebSocket(url);
      await new Promise<void>((resolve, reject) => {
        socket.addEventListener("open", () => resolve(), { once: true });
        socket.addEventListener("error", () => reject(new Error(`chromium: cannot connect to ${url}`)), { once: true });
      });
      return new Browser(proc, socket, userDataDir);
    } catch (error) {
      proc.kill("SIGKILL");
      await proc.exited;
      rmSync(userDataDir, { recursive: true, force: true });
      throw error;
    }
  }

  send<T = any>(method: string, params: Record<string, unknown> = {}, sessionId?: string): Promise<T> {
    if (this.closed) return Promise.reject(new Error(`${method}: chromium is closed`));
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      // A scene stuck in a loop would otherwise hold set-up forever; no single command takes minutes.
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`${method}: no answer from chromium in ${COMMAND_TIMEOUT_MS / 1000} s`));
      }, COMMAND_TIMEOUT_MS);
      const settle = <V>(fn: (value: V) => void) => (value: V) => {
        clearTimeout(timer);
        fn(value);
      };
      this.pending.set(id, { resolve: settle(resolve), reject: settle(reject), method });
      this.socket.send(JSON.stringify(sessionId ? { id, method, params, sessionId } : { id, method, params }));
    });
  }

  /** Calls `listener` with every protocol event (screencast frames, console messages); returns the unsubscribe. */
  onEvent(listener: (method: string, params: any, sessionId?: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Process ids of the browser, for measuring what it costs. */
  get pid(): number {
    return this.proc.pid;
  }

  /** A new page of `width` x `height` CSS pixels at device scale 1, so a screenshot is exactly that size. */
  async newPage(width: number, height: number): Promise<CdpSession> {
    const { targetId } = await this.send("Target.createTarget", { url: "about:blank", newWindow: true, width, height });
    const { sessionId } = await this.send("Target.attachToTarget", { targetId, flatten: true });
    const page = new CdpSession(this, sessionId);
    await page.send("Page.enable");
    await page.send("Runtime.enable");
    await page.send("Emulation.setDeviceMetricsOverride", { width, height, deviceScaleFactor: 1, mobile: false });
    return page;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    try {
      await Promise.race([this.send("Browser.close"), Bun.sleep(2000)]);
    } catch {
      // Already gone: killing below is enough.
    }
    this.closed = true;
    this.socket.close();
    this.proc.kill("SIGKILL");
    await this.proc.exited;
    rmSync(this.userDataDir, { recursive: true, force: true });
  }

  private failAll(error: Error) {
    this.closed = true;
    for (const waiter of this.pending.values()) waiter.reject(error);
    this.pending.clear();
  }
}

/** Reads Chromium's stderr until it prints the DevTools address (port 0 picks a free one). */
async function devtoolsUrl(proc: ReturnType<typeof Bun.spawn>): Promise<string> {
  const stderr = proc.stderr as ReadableStream<Uint8Array>;
  const reader = stderr.getReader();
  const decoder = new TextDecoder();
  let text = "";
  const deadline = setTimeout(() => proc.kill("SIGKILL"), 30_000);
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`chromium exited before DevTools was ready: ${text.trim().slice(-600)}`);
      text += decoder.decode(value, { stream: true });
      const match = text.match(/DevTools listening on (ws:\/\/\S+)/);
      if (match) {
        // Keep draining so Chromium never blocks on a full stderr pipe.
        void (async () => {
          try {
            while (!(await reader.read()).done);
          } catch {
            // The process ended.
          }
        })();
        return match[1]!;
      }
    }
  } finally {
    clearTimeout(deadline);
  }
}

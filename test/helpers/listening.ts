import { afterEach } from "bun:test";
import { type Listening, listen } from "../../src/http/listen.ts";
import type { TestService } from "./harness.ts";

/**
 * Serves the test's app as the service does (src/http/listen.ts, its configuration's idle timeout) on a
 * loopback port, for tests that need real connections; stopped after each test. Call inside the describe
 * block after useService; `serve()` starts it and returns its port.
 */
export function useListening(svc: () => TestService): () => number {
  let listening: Listening | undefined;
  afterEach(() => {
    listening?.server.stop(true);
    listening?.forget();
    listening = undefined;
  });
  return () => {
    listening ??= listen(svc().app, { port: 0, hostname: "127.0.0.1", idleTimeoutSeconds: svc().deps.config.httpIdleTimeoutSeconds });
    return listening.server.port!;
  };
}

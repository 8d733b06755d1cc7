/**
 * Bun closes a connection that has been idle for its `idleTimeout` (10 s by default), and a progress
 * stream may be quiet for longer between heartbeats. The server that answers requests registers itself
 * here, and a long-lived response lifts the limit for its own connection. Requests handed to the app
 * directly (tests, embedding) have no such limit.
 */
interface IdleTimeouts {
  timeout(request: Request, seconds: number): void;
}

let server: IdleTimeouts | undefined;

export function serveLongLivedWith(answering: IdleTimeouts | undefined): void {
  server = answering;
}

/** Lets this request's connection stay open however long its response takes. */
export function keepOpen(request: Request): void {
  try {
    server?.timeout(request, 0);
  } catch {
    // a request this server is not answering (handed to the app directly)
  }
}

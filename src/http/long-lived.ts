/**
 * Bun closes a keep-alive connection that has been idle for its idle timeout (HTTP_IDLE_TIMEOUT_SECONDS),
 * and an answer may need longer: a progress stream is quiet between heartbeats, an MCP tool call may wait
 * 50 s for a change. Such an answer lifts the limit for its own connection, only while it is being made,
 * and puts it back before its last byte goes out: Bun keeps a connection's timeout after the answer, and
 * a limit lifted and never put back (a 404 to a stream, an MCP JSON answer) held the connection open for
 * good. Only these two helpers lift it, so no answer can forget. Requests handed to the app directly
 * (tests, embedding) have no such limit.
 */
interface IdleTimeouts {
  timeout(request: Request, seconds: number): void;
}

let server: { timeouts: IdleTimeouts; idleSeconds: number } | undefined;

/** The server that answers requests, and the idle timeout it was started with; undefined when it stops. */
export function serveLongLivedWith(answering: IdleTimeouts | undefined, idleSeconds = 0): void {
  server = answering ? { timeouts: answering, idleSeconds } : undefined;
}

/** No limit (0), or the server's own. */
function setIdleLimit(request: Request, lifted: boolean): void {
  if (!server) return;
  try {
    server.timeouts.timeout(request, lifted ? 0 : server.idleSeconds);
  } catch {
    // a request this server is not answering (handed to the app directly)
  }
}

/**
 * Makes an answer whose body is whole once made (JSON) with the connection free of the idle limit,
 * and puts the limit back before the answer is returned, whatever it is or throws.
 */
export async function heldOpenWhile(request: Request, answer: () => Promise<Response>): Promise<Response> {
  setIdleLimit(request, true);
  try {
    return await answer();
  } finally {
    setIdleLimit(request, false);
  }
}

/**
 * `response` (a stream, already opened: a refusal before it never lifts the limit) sent with the
 * connection free of the idle limit while its body streams; the limit is back before the stream's end
 * is sent, or when the client goes away.
 */
export function streamedOpen(request: Request, response: Response): Response {
  const source = response.body;
  if (!source || !server) return response;
  const reader = source.getReader();
  setIdleLimit(request, true);
  let lifted = true;
  const restore = () => {
    if (!lifted) return;
    lifted = false;
    setIdleLimit(request, false);
  };
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (!done) return controller.enqueue(value);
        restore();
        controller.close();
      } catch (error) {
        restore();
        controller.error(error);
      }
    },
    cancel(reason) {
      restore();
      return reader.cancel(reason);
    },
  });
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/** One Server-Sent Event as the WHATWG event-stream format defines it. */
export interface SseEvent {
  /** The last `id:` seen on the stream so far (what `Last-Event-ID` resumes from). */
  id: string | undefined;
  event: string;
  data: string;
}

const ABORTED = Symbol("aborted");

/**
 * Reads a `text/event-stream` body. Comments (`: ping`) and `retry:` are skipped. Lines end with LF or
 * CRLF (a lone CR is not treated as a line end). Ends when the stream does or when `signal` aborts; the
 * body is cancelled either way, so the connection is given back.
 */
export async function* readSse(body: ReadableStream<Uint8Array>, signal?: AbortSignal): AsyncGenerator<SseEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  // A fetch that is already answered does not always stop its body on abort (an in-process handler's
  // stream never sees the signal), so every read races the signal.
  let onAbort: () => void = () => {};
  const aborted = new Promise<typeof ABORTED>((resolve) => {
    onAbort = () => resolve(ABORTED);
    if (signal?.aborted) resolve(ABORTED);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
  let buffer = "";
  let lastId: string | undefined;
  let type = "";
  let data: string[] = [];
  try {
    for (;;) {
      const chunk = await Promise.race([reader.read(), aborted]);
      if (chunk === ABORTED || chunk.done) return;
      buffer += decoder.decode(chunk.value, { stream: true });
      let newline = buffer.indexOf("\n");
      while (newline >= 0) {
        const line = buffer.slice(0, newline).replace(/\r$/, "");
        buffer = buffer.slice(newline + 1);
        newline = buffer.indexOf("\n");
        if (line === "") {
          if (data.length > 0) yield { id: lastId, event: type || "message", data: data.join("\n") };
          type = "";
          data = [];
          continue;
        }
        if (line.startsWith(":")) continue;
        const colon = line.indexOf(":");
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
        if (field === "data") data.push(value);
        else if (field === "event") type = value;
        else if (field === "id" && !value.includes("\0")) lastId = value;
      }
    }
  } finally {
    signal?.removeEventListener("abort", onAbort);
    await reader.cancel().catch(() => {});
  }
}

import { type Socket, connect } from "node:net";

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * One HTTP/1.1 connection over a plain socket, written and read byte for byte: the request line and
 * headers go out exactly as given (an odd Host, none at all), and the connection stays open after an
 * answer, so a test can see when the server closes it.
 */
export interface RawConnection {
  /** Writes `head` (request line and headers, without the blank line) and `body`, and reads the whole answer. */
  exchange(head: string, body?: string, timeoutMs?: number): Promise<RawResponse>;
  /** Resolves when the server closes the connection, with the time it did (Date.now()). */
  readonly closed: Promise<number>;
  destroy(): void;
}

/** Where the answer at the start of `data` ends, or -1 while it is incomplete; its status, headers and body once complete. */
function parseAnswer(data: Buffer): { end: number; response?: RawResponse } {
  const headEnd = data.indexOf("\r\n\r\n");
  if (headEnd < 0) return { end: -1 };
  const [statusLine = "", ...lines] = data.subarray(0, headEnd).toString("latin1").split("\r\n");
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(":");
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const status = Number(statusLine.split(" ")[1]);
  let offset = headEnd + 4;
  if (headers["transfer-encoding"]?.includes("chunked")) {
    const chunks: Buffer[] = [];
    for (;;) {
      const lineEnd = data.indexOf("\r\n", offset);
      if (lineEnd < 0) return { end: -1 };
      const size = Number.parseInt(data.subarray(offset, lineEnd).toString("latin1"), 16);
      if (data.length < lineEnd + 2 + size + 2) return { end: -1 };
      chunks.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
      offset = lineEnd + 2 + size + 2;
      if (size === 0) return { end: offset, response: { status, headers, body: Buffer.concat(chunks).toString("utf8") } };
    }
  }
  const length = Number(headers["content-length"] ?? 0);
  if (data.length < offset + length) return { end: -1 };
  return { end: offset + length, response: { status, headers, body: data.subarray(offset, offset + length).toString("utf8") } };
}

export async function openRawConnection(port: number, host = "127.0.0.1"): Promise<RawConnection> {
  const socket: Socket = connect(port, host);
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", resolve);
    socket.once("error", reject);
  });
  let buffered = Buffer.alloc(0);
  let waiting: (() => void) | undefined;
  socket.on("data", (chunk: Buffer) => {
    buffered = Buffer.concat([buffered, chunk]);
    waiting?.();
  });
  socket.on("error", () => {});
  let isClosed = false;
  const closed = new Promise<number>((resolve) =>
    socket.once("close", () => {
      isClosed = true;
      resolve(Date.now());
      waiting?.();
    }),
  );

  return {
    closed,
    destroy: () => socket.destroy(),
    async exchange(head, body = "", timeoutMs = 30_000) {
      const bytes = Buffer.from(body, "utf8");
      const contentLength = body === "" ? "" : `\r\nContent-Length: ${bytes.length}`;
      socket.write(Buffer.concat([Buffer.from(`${head}${contentLength}\r\n\r\n`, "latin1"), bytes]));
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const { end, response } = parseAnswer(buffered);
        if (response) {
          buffered = buffered.subarray(end);
          return response;
        }
        if (isClosed) throw new Error(`the server closed the connection before answering ${head.split("\r\n")[0]}`);
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no whole answer to ${head.split("\r\n")[0]} in ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiting = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        waiting = undefined;
      }
    },
  };
}

/** A loopback webhook receiver that records every delivery (raw body and headers) and answers as told. */
export interface ReceivedHook {
  path: string;
  body: string;
  headers: Record<string, string>;
}

export function startWebhookReceiver(answer: (path: string) => Response = () => new Response("ok")) {
  const received: ReceivedHook[] = [];
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(request) {
      const path = new URL(request.url).pathname;
      received.push({ path, body: await request.text(), headers: Object.fromEntries(request.headers) });
      return answer(path);
    },
  });
  return {
    url: (path = "/hook") => `http://127.0.0.1:${server.port}${path}`,
    received,
    stop: () => server.stop(true),
  };
}

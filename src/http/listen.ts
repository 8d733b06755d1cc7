import type { App } from "./app.ts";
import { MAX_BODY_BYTES } from "./body.ts";
import { askServerForAddresses } from "./client-address.ts";
import { serveLongLivedWith } from "./long-lived.ts";

export interface Listening {
  server: ReturnType<typeof Bun.serve>;
  /** Stops asking this server for its requests' peers and connections (after it has stopped). */
  forget(): void;
}

/**
 * Serves `app` over HTTP, the service's way: the server the process runs and the tests that need real
 * connections (sockets, request lines) go through the same options.
 */
export function listen(app: App, options: { port: number; hostname: string; idleTimeoutSeconds: number }): Listening {
  // Bun answers a bare 413 above its own limit, before the app sees the request; keep it well above
  // the API's 2 MB so the app can answer problem+json.
  const server = Bun.serve({
    port: options.port,
    hostname: options.hostname,
    maxRequestBodySize: MAX_BODY_BYTES * 8,
    idleTimeout: options.idleTimeoutSeconds,
    fetch: (request) => app.fetch(request),
  });
  const forgetAddresses = askServerForAddresses((request) => server.requestIP(request)?.address);
  serveLongLivedWith(server, options.idleTimeoutSeconds);
  return {
    server,
    forget() {
      forgetAddresses();
      serveLongLivedWith(undefined);
    },
  };
}

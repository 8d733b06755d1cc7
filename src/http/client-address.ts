/**
 * The peer address of a request (the app has only the Request). Most requests never need it (an
 * authenticated read from an address that has not failed lately), so nothing is recorded per request:
 * each listening server registers how to ask it once, and only a request whose address is needed asks.
 * A request made inside the process on behalf of another (the MCP tools') carries that one's address.
 */
const given = new WeakMap<Request, string>();
const servers = new Set<(request: Request) => string | undefined>();

/** `request` is answered for a client at `address` (a request the process made itself, or a test's). */
export function rememberClientAddress(request: Request, address: string | undefined): void {
  if (address) given.set(request, address);
}

/** A listening server's way to find its requests' peers; returns the function that removes it. */
export function askServerForAddresses(peerOf: (request: Request) => string | undefined): () => void {
  servers.add(peerOf);
  return () => servers.delete(peerOf);
}

/** Requests handed to the app directly (tests, embedding) share one bucket. */
export function clientAddress(request: Request): string {
  const address = given.get(request);
  if (address) return address;
  for (const peerOf of servers) {
    const peer = peerOf(request);
    if (peer) return peer;
  }
  return "local";
}

/**
 * The peer address of each request, recorded by the server before the app sees it (the app has only the
 * Request). The server records where to ask rather than the address itself: most requests never need
 * it (an authenticated read from an address that has not failed lately), and asking costs a call.
 */
const sources = new WeakMap<Request, string | (() => string | undefined)>();

export function rememberClientAddress(request: Request, address: string | undefined | (() => string | undefined)): void {
  if (address) sources.set(request, address);
}

/** Requests handed to the app directly (tests, embedding) share one bucket. */
export function clientAddress(request: Request): string {
  const source = sources.get(request);
  return (typeof source === "function" ? source() : source) ?? "local";
}

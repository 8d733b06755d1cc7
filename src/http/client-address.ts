/** The peer address of each request, recorded by the server before the app sees it (the app has only the Request). */
const addresses = new WeakMap<Request, string>();

export function rememberClientAddress(request: Request, address: string | undefined): void {
  if (address) addresses.set(request, address);
}

/** Requests handed to the app directly (tests, embedding) share one bucket. */
export function clientAddress(request: Request): string {
  return addresses.get(request) ?? "local";
}

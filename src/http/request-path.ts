/**
 * The router must see the path of the request line, whatever the Host header says. Elysia cuts a
 * request's path out of its URL by searching for "/" from the URL's 12th character on: it assumes
 * "http://" and a host of at least four characters. Bun writes the URL from the Host header, so a
 * shorter host moved the cut (`Host: x` with `GET /xy/v1/me` was routed as /v1/me, and /v1/health was
 * 404), and a host Bun cannot use (empty, or holding "/", "?", "@" or a space) leaves the URL as the
 * bare path, cut further in still. A proxy that routes or filters by path prefix could be walked around.
 */

/** Where the path begins in a request's URL: after the authority of an absolute URL, at 0 in a bare path. */
export function pathStart(url: string): number {
  if (url.charCodeAt(0) === 0x2f) return 0;
  // A URL's authority holds no "/": the first one after "//" begins the path.
  const slash = url.indexOf("/", url.indexOf("//") + 2);
  return slash < 0 ? url.length : slash;
}

/**
 * Stands in for the host of a URL Elysia would cut in the wrong place: long enough for its cut, and
 * under the TLD reserved for names that resolve nowhere. Nothing in the app reads a request's host
 * (public addresses come from PUBLIC_BASE_URL).
 */
const ROUTABLE_ORIGIN = "http://request.invalid";

/** Where Elysia's router starts the path: the first "/" from index 11 on. */
const ELYSIA_PATH_FROM = 11;

/**
 * Gives `request` a URL whose path Elysia cuts where the request line's path begins, in place (its
 * server still knows it: its peer address and idle timeout are looked up by the object). A URL it
 * already cuts right (any host of four characters or more) is left alone, at the cost of two searches.
 */
export function routeByRequestLine(request: Request): void {
  const url = request.url;
  const start = pathStart(url);
  if (url.indexOf("/", ELYSIA_PATH_FROM) === start) return;
  Object.defineProperty(request, "url", { value: ROUTABLE_ORIGIN + url.slice(start), enumerable: true });
}

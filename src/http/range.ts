/** A single byte range of an HTTP Range header (RFC 9110), resolved against the file size. */
export type ByteRange = { start: number; end: number } | "unsatisfiable" | undefined;

/** undefined: no (usable) Range header, serve the whole file. Multiple ranges are served whole too. */
export function parseRange(header: string | null, size: number): ByteRange {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return undefined;
  const [, from, to] = match;
  if (from === "" && to === "") return undefined;
  if (from === "") {
    const suffix = Number(to);
    if (suffix === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === "" ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size || end < start) return "unsatisfiable";
  return { start, end };
}

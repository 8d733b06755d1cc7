/** Filter-graph text escaping for a path inside a filter option (`subtitles=filename=...`, `drawtext=fontfile=...`). */
export function escapeFilterPath(path: string): string {
  return path.replace(/\\/g, "\\\\\\\\").replace(/'/g, "'\\\\\\''").replace(/:/g, "\\\\:").replace(/,/g, "\\,");
}

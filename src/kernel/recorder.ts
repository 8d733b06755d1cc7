/**
 * What the service tells about its work, told where the work ends. Features call these and know nothing
 * of where the figures go: the composition root turns them into Prometheus metrics (`src/metrics/`).
 * requests() is asked once per route, and what it returns runs once per request: an implementation does
 * no I/O there and no more than a lookup by status and a few additions (src/metrics/request-series.ts).
 */
export interface Recorder {
  /** Counts the requests of one route as declared (`/v1/videos/{id}`, never the raw path), or `unmatched`: each answer's status and time. */
  requests(method: string, route: string): (status: number, seconds: number) => void;
  /** A pipeline stage of a video ran to its end (rendering and storing included). */
  stage(template: string, stage: string, seconds: number): void;
  /** A render finished: seconds of video made in seconds of wall time. */
  render(template: string, outputSeconds: number, wallSeconds: number): void;
  /** A render was made in `segments` time segments, rendered at once and joined into one file. */
  segmentedRender(template: string, segments: number): void;
  /** One attempt of a webhook delivery ended. */
  webhookDelivery(outcome: "delivered" | "retry" | "failed" | "skipped"): void;
  /** Bytes downloaded for a caller's own media or image. */
  importBytes(kind: string, bytes: number): void;
  /** A worker handed a video back to the queue while stopping (another worker takes it at once). */
  handedBack(): void;
}

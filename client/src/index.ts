export {
  type Body,
  type CallOptions,
  type ClientOptions,
  type CreateVideoRequest,
  createClient,
  type FetchLike,
  isTerminal,
  type Problem,
  type Result,
  ShortvidClient,
  ShortvidError,
  type Template,
  TERMINAL_STATUSES,
  type Video,
  type VideoStatus,
} from "./client.ts";
export type { components, operations, paths } from "./openapi.ts";
export { readSse, type SseEvent } from "./sse.ts";

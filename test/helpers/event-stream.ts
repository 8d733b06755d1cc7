import { createParser, type EventSourceMessage } from "eventsource-parser";

export type StreamItem = { event: EventSourceMessage } | { comment: string } | { end: true };

export interface EventStreamReader {
  /** The next event or comment, or `{ end: true }` once the server closed the stream; throws past `timeoutMs`. */
  next(timeoutMs: number): Promise<StreamItem>;
  /** The next event, skipping comments. */
  nextEvent(timeoutMs: number): Promise<EventSourceMessage | undefined>;
  /** Every event until the server closes the stream. */
  rest(timeoutMs: number): Promise<EventSourceMessage[]>;
  /** Goes away as a client would (cancels the body). */
  cancel(): Promise<void>;
}

/** Reads a text/event-stream response with eventsource-parser, as an EventSource client would. */
export function readEventStream(response: Response): EventStreamReader {
  const items: StreamItem[] = [];
  let notify: (() => void) | undefined;
  const push = (item: StreamItem) => {
    items.push(item);
    notify?.();
  };
  const parser = createParser({ onEvent: (event) => push({ event }), onComment: (comment) => push({ comment: comment.trim() }) });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        parser.feed(decoder.decode(value, { stream: true }));
      }
    } catch {
      // cancelled
    }
    push({ end: true });
  })();

  const next = async (timeoutMs: number): Promise<StreamItem> => {
    const deadline = Date.now() + timeoutMs;
    while (items.length === 0) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`nothing on the event stream within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        notify = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      notify = undefined;
    }
    const item = items[0]!;
    if (!("end" in item)) items.shift();
    return item;
  };
  const nextEvent = async (timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const item = await next(Math.max(1, deadline - Date.now()));
      if ("end" in item) return undefined;
      if ("event" in item) return item.event;
    }
  };
  return {
    next,
    nextEvent,
    async rest(timeoutMs) {
      const events: EventSourceMessage[] = [];
      const deadline = Date.now() + timeoutMs;
      for (let e = await nextEvent(timeoutMs); e; e = await nextEvent(Math.max(1, deadline - Date.now()))) events.push(e);
      return events;
    },
    cancel: () => reader.cancel().catch(() => {}),
  };
}

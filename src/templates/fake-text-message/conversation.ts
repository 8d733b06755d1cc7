import { FPS } from "../../../render/timeline.ts";
import { type FakeTextMessageInputs, PACING_MS } from "./inputs.ts";

/**
 * When everything in a chat video happens: pure, from the inputs and the length of each message's voice
 * clip. The screen is a sequence of states (what the chat shows), each drawn once and shown for its
 * window, so the drawing cost grows with the number of messages, not with the video's length.
 */

export type Sender = FakeTextMessageInputs["messages"][number]["sender"];

/** The inputs that decide the timing. */
export type ConversationInputs = Pick<FakeTextMessageInputs, "messages" | "pacing" | "captions" | "hookText" | "endCard" | "cutAfterMessage">;

export type ChatRow =
  | { kind: "message"; index: number; sender: Sender; text?: string; imageAssetId?: string; receipt?: string }
  | { kind: "label"; text: string; style: "timestamp" | "gap" }
  | { kind: "typing"; sender: Sender };

export interface ChatState {
  start: number;
  end: number;
  rows: ChatRow[];
}

export interface Window {
  start: number;
  end: number;
}

export interface ConversationPlan {
  duration: number;
  states: ChatState[];
  /** When each message appears on screen (its voice clip starts then), by message index. */
  appearAt: number[];
  captions: (Window & { text: string; position: "below_card" | "above_card" })[];
  hook?: Window;
  endCard?: Window;
  cutAtMs?: number;
}

/** An image message is held this long (it has no voice). */
export const IMAGE_HOLD_SECONDS = 3;
/** A gap label row is shown alone this long before its message (fixed, as the spec says). */
export const GAP_LABEL_SECONDS = 0.9;
/** The shortest a typing bubble shows; a longer message types a little longer. */
export const MIN_TYPING_SECONDS = 0.8;
/**
 * A message with nothing a voice can say ("😭😭😭") is not voiced: it is shown for this beat, long enough
 * to read, as short as a reaction is in the genre: with the 0.2 s after the clip before it and the breath
 * before the next, the voice pauses under 1 s.
 */
export const UNSPOKEN_HOLD_SECONDS = 0.7;
/** The shortest a message stays before the next one, even with a very short clip. */
const MIN_HOLD_SECONDS = 0.6;
/**
 * The last message stays this long after its clip (which holds 0.2 s of air after its last word) when no end
 * card follows: the video ends on the chat, under half a second after the last word.
 */
const TAIL_SECONDS = 0.25;

/** Typing lasts at least 800 ms, a little longer for a longer message, at most 1.6 s. */
export function typingSeconds(text: string | undefined): number {
  return MIN_TYPING_SECONDS + Math.min(0.8, (text?.length ?? 0) * 0.01);
}

/** Times sit on frame boundaries, so "the frame where a message appears" is exact. */
const onFrame = (t: number) => Math.round(t * FPS) / FPS;

/**
 * `clipSeconds[i]`: length of message i's voice clip (undefined for an image message, or a text with
 * nothing to say).
 */
export function planConversation(inputs: ConversationInputs, clipSeconds: readonly (number | undefined)[]): ConversationPlan {
  const defaultGapMs = PACING_MS[inputs.pacing];
  const states: ChatState[] = [];
  const rows: ChatRow[] = [];
  const show = (at: number, extra: ChatRow[] = []) => {
    const last = states.at(-1);
    if (last) last.end = at;
    // A state that would last no time is replaced by the next one.
    if (last && last.end <= last.start) states.pop();
    states.push({ start: at, end: at, rows: [...rows, ...extra] });
  };

  let t = 0;
  let hook: Window | undefined;
  if (inputs.hookText) {
    hook = { start: 0, end: onFrame(inputs.hookText.seconds) };
    t = hook.end;
  }
  show(t);
  const appearAt: number[] = [];
  inputs.messages.forEach((message, i) => {
    t = onFrame(t + (message.delayMs ?? defaultGapMs) / 1000);
    if (message.gapLabel) {
      rows.push({ kind: "label", text: message.gapLabel, style: "gap" });
      show(t);
      t = onFrame(t + GAP_LABEL_SECONDS);
    }
    if (message.typingIndicatorBefore) {
      show(t, [{ kind: "typing", sender: message.sender }]);
      t = onFrame(t + typingSeconds(message.text));
    }
    if (message.timestampLabel) rows.push({ kind: "label", text: message.timestampLabel, style: "timestamp" });
    rows.push({ kind: "message", index: i, sender: message.sender, text: message.text, imageAssetId: message.imageAssetId, receipt: message.receipt });
    show(t);
    appearAt.push(t);
    const clip = clipSeconds[i];
    const hold = message.imageAssetId ? IMAGE_HOLD_SECONDS : clip === undefined ? UNSPOKEN_HOLD_SECONDS : Math.max(MIN_HOLD_SECONDS, clip);
    t = onFrame(t + hold);
  });
  const chatEnd = t;
  // The video ends on a designed frame: the end card to the last frame, or the chat held a beat.
  const duration = inputs.endCard ? onFrame(chatEnd + inputs.endCard.seconds) : onFrame(chatEnd + TAIL_SECONDS);
  const endCard: Window | undefined = inputs.endCard ? { start: chatEnd, end: duration } : undefined;
  // The chat stays until the end card replaces it, or to the end of the video.
  states.at(-1)!.end = endCard ? chatEnd : duration;

  const captions = (inputs.captions ?? [])
    .map((c) => ({ text: c.text, position: c.position, start: onFrame(appearAt[c.afterMessage - 1]! + c.delayMs / 1000) }))
    .filter((c) => c.start < chatEnd)
    .sort((a, b) => a.start - b.start)
    .map((c, i, all) => {
      // A caption stays until the next one in the same place, or until the chat ends.
      const next = all.slice(i + 1).find((o) => o.position === c.position && o.start > c.start);
      return { ...c, end: next ? next.start : chatEnd };
    });

  let cutAtMs: number | undefined;
  if (inputs.cutAfterMessage !== undefined) {
    const next = appearAt[inputs.cutAfterMessage];
    cutAtMs = Math.round((next ?? duration) * 1000);
  }
  return { duration, states, appearAt, captions, hook, endCard, cutAtMs };
}

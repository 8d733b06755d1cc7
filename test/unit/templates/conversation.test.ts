import { expect, test } from "bun:test";
import { chatScreenSvg } from "../../../src/templates/fake-text-message/chat-screen.ts";
import { chatStyle } from "../../../src/templates/fake-text-message/chat-styles.ts";
import { GAP_LABEL_SECONDS, IMAGE_HOLD_SECONDS, planConversation, typingSeconds } from "../../../src/templates/fake-text-message/conversation.ts";
import { fakeTextMessage } from "../../../src/templates/fake-text-message/index.ts";
import { withDefaults } from "../../../src/templates/validate.ts";

/** Inputs as validation leaves them: every default filled in. */
const chat = (fields: object) => withDefaults(fakeTextMessage, { contact: { name: "Sam" }, ...fields });

const close = (a: number, b: number) => expect(Math.abs(a - b)).toBeLessThan(1 / 30 + 1e-9);

test("each message holds for its clip; delays, gap labels and typing come before it; images hold 3 s", () => {
  const plan = planConversation(
    chat({
      messages: [
        { sender: "them", text: "hi" },
        { sender: "me", text: "hello there", delayMs: 500, typingIndicatorBefore: true },
        { sender: "them", imageAssetId: "med_x", gapLabel: "later" },
        { sender: "me", text: "nice" },
      ],
      pacing: "slow",
    }),
    [1.2, 2, undefined, 1],
  );
  close(plan.appearAt[0]!, 1); // slow pacing: 1 s before a message without delayMs
  close(plan.appearAt[1]!, 1 + 1.2 + 0.5 + typingSeconds("hello there"));
  close(plan.appearAt[2]!, plan.appearAt[1]! + 2 + 1 + GAP_LABEL_SECONDS);
  close(plan.appearAt[3]!, plan.appearAt[2]! + IMAGE_HOLD_SECONDS + 1);
  // The last clip (with its 0.2 s of air) and a 0.25 s beat: the video ends under 0.5 s after the last word.
  close(plan.duration, plan.appearAt[3]! + 1 + 0.25);
  // Every time is on a frame, and the states tile the video without gaps or overlaps.
  for (const t of plan.appearAt) expect(Math.abs(t * 30 - Math.round(t * 30))).toBeLessThan(1e-6);
  plan.states.forEach((s, i) => {
    expect(s.end).toBeGreaterThan(s.start);
    if (i > 0) expect(s.start).toBe(plan.states[i - 1]!.end);
  });
  expect(plan.states.at(-1)!.end).toBe(plan.duration);
  // The typing bubble shows alone before message 2, and is gone when it appears.
  const typing = plan.states.find((s) => s.rows.some((r) => r.kind === "typing"))!;
  expect(typing.end).toBe(plan.appearAt[1]!);
  expect(plan.states.find((s) => s.start === plan.appearAt[1])!.rows.some((r) => r.kind === "typing")).toBe(false);
  expect(typingSeconds("x")).toBeGreaterThanOrEqual(0.8);
});

test("hook before, end card after, captions after their message, cutAtMs where message N+1 appears or at the end", () => {
  const inputs = {
    messages: [
      { sender: "me" as const, text: "a" },
      { sender: "them" as const, text: "b" },
      { sender: "me" as const, text: "c" },
    ],
    hookText: { text: "hook", seconds: 2 },
    endCard: { line1: "bye", seconds: 2.5 },
    captions: [{ afterMessage: 2, text: "cap", delayMs: 300 }, { afterMessage: 3, text: "cap2" }],
    cutAfterMessage: 2,
  };
  const plan = planConversation(chat(inputs), [1, 1, 1]);
  expect(plan.hook).toEqual({ start: 0, end: 2 });
  expect(plan.states[0]!.start).toBe(2);
  close(plan.captions[0]!.start, plan.appearAt[1]! + 0.3);
  expect(plan.captions[0]!.end).toBe(plan.captions[1]!.start);
  expect(plan.endCard!.start).toBe(plan.states.at(-1)!.end);
  expect(plan.cutAtMs).toBe(Math.round(plan.appearAt[2]! * 1000));
  expect(planConversation(chat({ ...inputs, cutAfterMessage: 3 }), [1, 1, 1]).cutAtMs).toBe(Math.round(plan.duration * 1000));
});

test("a long chat scrolls: the newest message stays on a card no taller than its maximum", () => {
  const messages = Array.from({ length: 40 }, (_, i) => ({ sender: (i % 2 ? "me" : "them") as "me" | "them", text: `message number ${i}` }));
  const plan = planConversation(chat({ messages }), messages.map(() => 1));
  const { platform, style } = chatStyle("ios", "light");
  const screen = { platform, style, width: 864, x: 63, maxHeight: 1200, cardHeight: "fit" as const, contactName: "Sam Lee", images: {} };
  const last = chatScreenSvg(screen, plan.states.at(-1)!.rows);
  expect(last.height).toBe(1200);
  expect(last.svg).toContain("message number 39");
  expect(last.svg).not.toContain("message number 0<");
  const first = chatScreenSvg(screen, plan.states[0]!.rows);
  expect(first.height).toBeLessThan(700);
  expect(first.svg).toContain(">SL<"); // initials avatar
  expect(chatScreenSvg({ ...screen, cardHeight: "full" }, plan.states[0]!.rows).height).toBe(1200);
  // Text is escaped.
  expect(chatScreenSvg(screen, [{ kind: "message", index: 0, sender: "me", text: "a < b & c" }]).svg).toContain("a &lt; b &amp; c");
});

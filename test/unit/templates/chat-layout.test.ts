import { describe, expect, test } from "bun:test";
import sharp from "sharp";
import { insideSafeArea, SAFE_AREA } from "../../../render/safe-area.ts";
import { timelineProblems } from "../../../render/timeline.ts";
import { newestRowStrip } from "../../../src/templates/fake-text-message/chat-motion.ts";
import { chatScreenSvg, FONT_OF_WIDTH } from "../../../src/templates/fake-text-message/chat-screen.ts";
import { planConversation } from "../../../src/templates/fake-text-message/conversation.ts";
import { fakeTextMessage } from "../../../src/templates/fake-text-message/index.ts";
import { captionCardSvg, endCardSvg, hookCardSvg } from "../../../src/templates/fake-text-message/overlay-cards.ts";
import { CARD_TOP, chatScreenOf, chatTimeline, type DrawnChatFrame } from "../../../src/templates/fake-text-message/production.ts";
import { withDefaults } from "../../../src/templates/validate.ts";

const chat = (fields: object) => withDefaults(fakeTextMessage, { contact: { name: "Sam" }, ...fields });

const LONG = "okay so I went back to check and the door to the attic was OPEN, which it never is, and there were footprints in the dust";
const messages: { sender: "me" | "them"; text: string; timestampLabel?: string; typingIndicatorBefore?: boolean; receipt?: string; gapLabel?: string }[] = [
  { sender: "them", text: "are you awake", timestampLabel: "Today 2:14 AM" },
  { sender: "me", text: "no", typingIndicatorBefore: true, receipt: "Read" },
  { sender: "them", text: LONG, typingIndicatorBefore: true },
  { sender: "me", text: "WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW", gapLabel: "5 minutes later", receipt: "Delivered" },
  ...Array.from({ length: 12 }, (_, i) => ({ sender: i % 2 ? ("me" as const) : ("them" as const), text: `${i % 3 ? "lol" : LONG} ${i}` })),
];

describe("chat screens a phone can read, inside the platforms' safe area", () => {
  test("the default card is 80% of the frame with 50 px text", () => {
    const inputs = chat({ messages: [{ sender: "them", text: "hi" }] });
    const screen = chatScreenOf(inputs, { avatar: null, images: {} });
    expect(screen.width).toBe(864);
    expect(FONT_OF_WIDTH * screen.width).toBeGreaterThanOrEqual(48);
    const sizes = [...chatScreenSvg(screen, [{ kind: "message", index: 0, sender: "them", text: "hi" }]).svg.matchAll(/font-size="([\d.]+)" fill="[^"]+"[^>]*>hi</g)].map((m) => Number(m[1]));
    expect(sizes).toEqual([50.1]);
  });

  for (const cardWidthPct of [80, 90, 100]) {
    for (const cardHeight of ["fit", "full"] as const) {
      test(`every bubble as it appears, and the card's bottom, lie inside the safe area (${cardWidthPct}%, ${cardHeight})`, () => {
        const inputs = chat({ messages, layout: { cardWidthPct, cardHeight } });
        const plan = planConversation(inputs, inputs.messages.map((m) => (m.text ? 1.5 : undefined)));
        const screen = chatScreenOf(inputs, { avatar: null, images: {} });
        let bubbles = 0;
        for (const state of plan.states) {
          const card = chatScreenSvg(screen, state.rows);
          expect(CARD_TOP + card.height).toBeLessThanOrEqual(SAFE_AREA.bottom);
          if (!card.newest) continue;
          bubbles++;
          const box = card.newest.box;
          expect({ state: state.start, inside: insideSafeArea({ x: screen.x + box.x, y: CARD_TOP + box.y, width: box.width, height: box.height }) }).toEqual({ state: state.start, inside: true });
        }
        // Every message and typing bubble got its own moment as the newest row.
        expect(bubbles).toBe(messages.length + messages.filter((m) => m.typingIndicatorBefore).length);
      });
    }
  }

  test("drawn: nothing but the card's own background lies right of the safe area, even on a full-width card", async () => {
    const inputs = chat({ messages, platform: "imessage", theme: "dark", layout: { cardWidthPct: 100, cardHeight: "fit" } });
    const plan = planConversation(inputs, inputs.messages.map(() => 1.5));
    const screen = chatScreenOf(inputs, { avatar: null, images: {} });
    expect(screen.x).toBe(0);
    for (const state of [plan.states[3]!, plan.states.at(-1)!]) {
      const card = chatScreenSvg(screen, state.rows);
      const { data, info } = await sharp(Buffer.from(card.svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      const header = card.width * 0.205;
      let coloured = 0;
      // Below the header, above the composer: the conversation's rows, right of x = 930 in the frame.
      for (let y = Math.ceil(header) + 2; y < info.height - card.width * 0.14 - 2; y++) {
        for (let x = SAFE_AREA.right - screen.x; x < info.width; x++) {
          const i = (y * info.width + x) * 3;
          if (data[i]! + data[i + 1]! + data[i + 2]! > 30) coloured++;
        }
      }
      expect(coloured).toBe(0);
    }
  });

  test("the newest bubble pops in from its corner and the typing dots loop, each as one strip of frames", () => {
    const inputs = chat({ messages: [{ sender: "them", text: "hi", typingIndicatorBefore: true }, { sender: "me", text: "hello there" }] });
    const plan = planConversation(inputs, [1, 1]);
    const screen = chatScreenOf(inputs, { avatar: null, images: {} });
    const typing = chatScreenSvg(screen, plan.states.find((s) => s.rows.at(-1)?.kind === "typing")!.rows);
    const dots = newestRowStrip(typing.newest!);
    expect(dots.motion).toEqual({ kind: "frames", count: 12, fps: 15, loop: true });
    // The dots differ from frame to frame: a wave runs through them.
    const opacities = [...dots.svg.matchAll(/<circle[^>]*opacity="([\d.]+)"/g)].map((m) => m[1]);
    expect(new Set(opacities).size).toBeGreaterThan(3);
    const reply = chatScreenSvg(screen, plan.states.at(-1)!.rows);
    const pop = newestRowStrip(reply.newest!);
    expect(pop.motion).toMatchObject({ kind: "frames", fps: 30 });
    expect(pop.motion.kind === "frames" && pop.motion.loop).toBeFalsy();
    expect(pop.svg.match(/hello there/g)).toHaveLength(pop.motion.kind === "frames" ? pop.motion.count : 0);
    expect(pop.svg).toContain("scale(0.35)");
    expect(pop.svg).toContain("scale(1)");
    expect(pop.seconds).toBeCloseTo(0.2, 6);
    expect(dots.seconds).toBe(Number.POSITIVE_INFINITY);
  });

  test("the Timeline lays each strip over its state, and the hook, captions and end card inside the safe area", () => {
    const inputs = chat({
      messages: messages.slice(0, 4),
      hookText: { text: "The text that ruined my night and my whole week honestly", seconds: 2 },
      captions: [{ afterMessage: 1, text: "wait for it... this is where it gets weird", position: "above_card" }, { afterMessage: 2, text: "no way" }],
      endCard: { line1: "Part 2? Follow to find out what was in the attic", line2: "Follow for more" },
    });
    const plan = planConversation(inputs, [1, 1, 1, 1]);
    const screen = chatScreenOf(inputs, { avatar: null, images: {} });
    const frames: DrawnChatFrame[] = plan.states.map((state, i) => {
      const card = chatScreenSvg(screen, state.rows);
      const strip = card.newest && newestRowStrip(card.newest);
      return { path: `chat-${i}.png`, width: card.width, height: card.height, x: screen.x, newest: strip && { path: `chat-${i}-newest.png`, x: strip.x, y: strip.y, seconds: strip.seconds, motion: strip.motion } };
    });
    const cards = { hook: { ...hookCardSvg(inputs.hookText!.text), path: "hook.png" }, endCard: { ...endCardSvg(inputs.endCard!.line1, inputs.endCard!.line2), path: "end.png" }, captions: plan.captions.map((c, i) => ({ ...captionCardSvg(c.text), path: `cap-${i}.png` })) };
    const timeline = chatTimeline(inputs, plan, { backgroundPath: "/bg.mp4", fitted: true, backgroundStartAt: 0, musicPath: null }, { clips: [null, null, null, null] }, { frames, ...cards });
    expect(timelineProblems(timeline)).toEqual([]);
    const strips = timeline.layers.filter((l) => l.path.endsWith("-newest.png"));
    expect(strips.length).toBeGreaterThan(3);
    for (const s of strips) {
      // Over its state's card from the moment the row appears: a pop for 0.2 s, the typing dots throughout.
      const card = timeline.layers.find((l) => l.path === s.path.replace("-newest", ""))!;
      expect(s.start).toBe(card.start);
      expect(s.end).toBeCloseTo(s.motion!.kind === "frames" && s.motion!.loop ? card.end : Math.min(card.end, card.start + 0.2), 6);
    }
    for (const card of [cards.hook, cards.endCard, ...cards.captions]) {
      const layer = timeline.layers.find((l) => l.path === card.path)!;
      expect({ card: card.path, inside: insideSafeArea({ x: layer.x, y: layer.y, width: card.width, height: card.height }) }).toEqual({ card: card.path, inside: true });
    }
    // A caption above the card never overlaps it: the card moves down to make room.
    const above = timeline.layers.find((l) => l.path === "cap-0.png")!;
    const card = timeline.layers.find((l) => l.path === "chat-0.png")!;
    expect(above.y + cards.captions[0]!.height).toBeLessThanOrEqual(card.y);
    // The video ends on the end card: it is on screen to the last frame.
    expect(timeline.layers.find((l) => l.path === "end.png")!.end).toBe(timeline.duration);
  });

  test("voiced messages are the Timeline's transcript for the caption files, each at its clip's time; unvoiced ones are not", () => {
    const inputs = chat({ messages: [{ sender: "them", text: "you up?" }, { sender: "me", text: "😂" }, { sender: "me", text: "yes why" }] });
    const plan = planConversation(inputs, [1, undefined, 0.8]);
    const screen = chatScreenOf(inputs, { avatar: null, images: {} });
    const frames: DrawnChatFrame[] = plan.states.map((state, i) => {
      const card = chatScreenSvg(screen, state.rows);
      return { path: `chat-${i}.png`, width: card.width, height: card.height, x: screen.x };
    });
    const words = (pairs: [string, number][]) => pairs.map(([text, start]) => ({ text, start, end: start + 0.3 }));
    const voices = {
      clips: [
        { audioPath: "a.wav", duration: 1, words: words([["you", 0.1], ["up?", 0.5]]) },
        null,
        { audioPath: "c.wav", duration: 0.8, words: words([["yes", 0], ["why", 0.4]]) },
      ],
    };
    const timeline = chatTimeline(inputs, plan, { backgroundPath: "/bg.mp4", fitted: true, backgroundStartAt: 0, musicPath: null }, voices, { frames, captions: [] });
    expect(timeline.captions).toBeUndefined();
    expect(timeline.transcript!.map((c) => [c.text, c.start, c.end])).toEqual([
      ["you up?", plan.appearAt[0]!, plan.appearAt[0]! + 1],
      ["yes why", plan.appearAt[2]!, plan.appearAt[2]! + 0.8],
    ]);
    expect(timeline.transcript![1]!.words[1]).toEqual({ text: "why", start: plan.appearAt[2]! + 0.4, end: plan.appearAt[2]! + 0.7 });
  });
});

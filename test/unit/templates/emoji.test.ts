import { describe, expect, test } from "bun:test";
import sharp from "sharp";
import { chatScreenSvg } from "../../../src/templates/fake-text-message/chat-screen.ts";
import { fakeTextMessage } from "../../../src/templates/fake-text-message/index.ts";
import { captionCardSvg, hookCardSvg } from "../../../src/templates/fake-text-message/overlay-cards.ts";
import { chatScreenOf } from "../../../src/templates/fake-text-message/production.ts";
import { questionCardSvg } from "../../../src/templates/quiz-video/cards.ts";
import { titleCardSvg } from "../../../src/templates/reddit-story/title-card.ts";
import { emojiBody, emojiPieces, svgTextLine } from "../../../src/templates/svg-emoji.ts";
import { withDefaults } from "../../../src/templates/validate.ts";

/** Pixels of strong colour (a saturated hue, not grey, white or black) in a region of a drawn SVG. */
async function saturated(svg: string, region?: { top: number; height: number }): Promise<number> {
  const { data, info } = await sharp(Buffer.from(svg)).flatten({ background: "#808080" }).raw().toBuffer({ resolveWithObject: true });
  let count = 0;
  const from = region?.top ?? 0;
  const to = region ? region.top + region.height : info.height;
  for (let y = from; y < to; y++) {
    for (let x = 0; x < info.width; x++) {
      const i = (y * info.width + x) * info.channels;
      const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
      if (Math.max(r, g, b) - Math.min(r, g, b) > 90 && Math.max(r, g, b) > 150) count++;
    }
  }
  return count;
}

describe("emoji are drawn in colour wherever user text is drawn", () => {
  test("an emoji is found as one grapheme, skin tones, flags, keycaps and ZWJ families included; ™ and digits stay text", () => {
    for (const e of ["😭", "❤️", "👍🏽", "🇫🇷", "1️⃣", "👨‍👩‍👧", "🏳️‍🌈"]) expect({ e, found: emojiBody(e) !== undefined }).toEqual({ e, found: true });
    for (const t of ["™", "1", "a", "↑", "©"]) expect(emojiBody(t)).toBeUndefined();
    expect(emojiPieces("lol 😭😭 ok").map((p) => p.kind)).toEqual(["text", "emoji", "emoji", "text"]);
  });

  test("a line with an emoji is its text runs placed by the font's advance widths, the pictures between them", () => {
    const font = { family: "Inter, sans-serif", weight: 400 };
    const svg = svgTextLine("so 😭 sad", { x: 100, y: 50, size: 40, attrs: ' fill="#000"', font });
    const xs = [...svg.matchAll(/<(text|svg) x="([\d.]+)"/g)].map((m) => Number(m[2]));
    expect(svg.match(/<text /g)).toHaveLength(2);
    expect(svg).toContain('viewBox="0 0 36 36"');
    // "so " in Inter at 40 px is about 56 px wide: the picture follows it, and "sad" follows the picture.
    expect(xs[0]).toBe(100);
    expect(xs[1]!).toBeGreaterThan(150);
    expect(xs[1]!).toBeLessThan(165);
    expect(xs[2]!).toBeGreaterThan(xs[1]! + 40);
    // A right-to-left line lays its pieces out from its right edge: the first words rightmost.
    const rtl = svgTextLine("مرحبا 😭 بك", { x: 500, y: 50, size: 40, attrs: ' direction="rtl" text-anchor="start"', font, direction: "rtl" });
    const xOf = (pattern: RegExp) => Number(pattern.exec(rtl)![1]);
    const first = xOf(/<text x="([\d.]+)"[^>]*>مرحبا</);
    const picture = xOf(/<svg x="([\d.]+)"/);
    const last = xOf(/<text x="([\d.]+)"[^>]*>بك</);
    expect(first).toBe(500);
    expect(picture).toBeLessThan(first);
    expect(last).toBeLessThan(picture);
    const plain = svgTextLine("so sad", { x: 100, y: 50, size: 40, anchor: "middle", attrs: ' fill="#000"', font });
    expect(plain).toBe('<text x="100" y="50" font-size="40" text-anchor="middle" fill="#000">so sad</text>');
  });

  test("chat bubbles, the contact's name and the cards around the chat", async () => {
    const inputs = withDefaults(fakeTextMessage, { contact: { name: "Mom 💕" }, messages: [{ sender: "them", text: "x" }] });
    const screen = chatScreenOf({ ...inputs, platform: "imessage", theme: "dark" }, { avatar: null, images: {} });
    const rows = (text: string) => [{ kind: "message" as const, index: 0, sender: "them" as const, text }];
    const plainScreen = { ...screen, contactName: "Mom" };
    // The app's own blue is there either way: what counts is the colour the emoji add.
    const plain = await saturated(chatScreenSvg(plainScreen, rows("did you eat the cake lol")).svg);
    expect((await saturated(chatScreenSvg(plainScreen, rows("did you eat the cake 😭😭")).svg)) - plain).toBeGreaterThan(800);
    expect((await saturated(chatScreenSvg(screen, rows("did you eat the cake lol")).svg)) - plain).toBeGreaterThan(200);
    expect(await saturated(hookCardSvg("The text that ruined my night").svg)).toBe(0);
    expect(await saturated(hookCardSvg("The text that ruined my night 🔥").svg)).toBeGreaterThan(300);
    expect(await saturated(captionCardSvg("wait for it ❤️").svg)).toBeGreaterThan(300);
  });

  test("the reddit title card's title and its footer", async () => {
    const titleBand = { top: 150, height: 66 * 2 };
    expect(await saturated(titleCardSvg("My neighbour did WHAT with my car", "u/throwaway", "dark").svg, titleBand)).toBe(0);
    expect(await saturated(titleCardSvg("My neighbour did WHAT 😭 with my car 🚗", "u/throwaway", "dark").svg, titleBand)).toBeGreaterThan(800);
  });

  test("quiz cards", async () => {
    const q = { question: "Which fruit is this? 🍌", options: ["Banana", "Apple", "Pear", "Plum"], answerIndex: 0, fact: "x" };
    const top = { top: 150, height: 200 };
    expect(await saturated(questionCardSvg({ ...q, question: "Which fruit is this?" }, 0, 5, { theme: "classic", font: "poppins" }), top)).toBe(0);
    expect(await saturated(questionCardSvg(q, 0, 5, { theme: "classic", font: "poppins" }), top)).toBeGreaterThan(500);
  });
});

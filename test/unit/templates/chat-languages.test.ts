import { describe, expect, test } from "bun:test";
import { detectMessageLanguages, narrationLanguage } from "../../../src/narration/language-detect.ts";
import { chatScreenSvg } from "../../../src/templates/fake-text-message/chat-screen.ts";
import { fakeTextMessage } from "../../../src/templates/fake-text-message/index.ts";
import { chatScreenOf } from "../../../src/templates/fake-text-message/production.ts";
import { withDefaults } from "../../../src/templates/validate.ts";

const SPOKEN = ["ar", "de", "en", "es", "fr", "he", "hi", "it", "ja", "pt", "ru", "zh"];

describe("each chat message in its own language", () => {
  test("a Spanish chat is Spanish throughout, short replies included", () => {
    const texts = ["¿Te comiste el último trozo de pastel?", "Define 'comer'.", "ok", "jajaja", "Lo siento mucho, mamá, no volverá a pasar."];
    expect(detectMessageLanguages(texts, SPOKEN)).toEqual(["es", "es", "es", "es", "es"]);
  });

  test("an Arabic chat is Arabic; a message in another script keeps its own language", () => {
    const texts = ["هل أكلت آخر قطعة من الكعكة؟", "نعم، آسف جدا", "ok", "Привет, как дела у тебя сегодня?"];
    expect(detectMessageLanguages(texts, SPOKEN)).toEqual(["ar", "ar", "ar", "ru"]);
  });

  test("a short message in another script than the conversation keeps its own language", () => {
    const english = ["Did you eat the last slice of cake?", "Define eat.", "Привет", "آسف", "はい"];
    expect(detectMessageLanguages(english, SPOKEN)).toEqual(["en", "en", "ru", "ar", "ja"]);
  });

  test("only languages the deployment speaks are chosen; images have no language", () => {
    expect(detectMessageLanguages(["Ciao, come stai oggi? Tutto bene?", undefined], ["en", "es"])).toEqual([expect.stringMatching(/^(en|es)$/), undefined]);
    expect(detectMessageLanguages(["hello there, how are you doing today?"], SPOKEN)).toEqual(["en"]);
  });
});

describe("a story's narration language", () => {
  test("a story left at en but written in another script is narrated in the language of its text; any other request stands", () => {
    expect(narrationLanguage("en", "Моя соседка по квартире замесила тесто в бабушкиной миске.")).toBe("ru");
    expect(narrationLanguage("en", "استخدمت زميلتي في السكن وعاء جدتي لعجن الخبز.")).toBe("ar");
    expect(narrationLanguage("en", "My flatmate used my grandmother's bowl for her dough.")).toBe("en");
    expect(narrationLanguage("en-GB", "Mi compañera de piso usó el cuenco de mi abuela.")).toBe("en-GB");
    expect(narrationLanguage("es", "Моя соседка по квартире замесила тесто.")).toBe("es");
  });
});

describe("chat bubbles in right-to-left scripts", () => {
  const inputs = withDefaults(fakeTextMessage, { contact: { name: "سارة" }, messages: [{ sender: "them", text: "x" }] }) as any;
  const screen = chatScreenOf(inputs, { avatar: null, images: {} });

  /** Each bubble's rectangle and the text lines drawn in it, in drawing order. */
  function bubbles(svg: string) {
    const out: { x: number; width: number; lines: { x: number; rtl: boolean; anchor: string | undefined; text: string }[] }[] = [];
    // The conversation's group only (the header and composer follow it).
    const start = svg.indexOf('<g clip-path="url(#body)">');
    const body = svg.slice(start, svg.indexOf("</g>", start));
    for (const m of body.matchAll(/<rect x="([\d.]+)" y="[\d.]+" width="([\d.]+)" height="[\d.]+" rx="[\d.]+" fill="[^"]+"[^>]*\/>|<text x="([\d.]+)"[^>]*?font-size="[\d.]+" fill="[^"]+"([^>]*)>([^<]*)<\/text>/g)) {
      if (m[1] !== undefined) out.push({ x: Number(m[1]), width: Number(m[2]), lines: [] });
      else if (out.length > 0) out.at(-1)!.lines.push({ x: Number(m[3]), rtl: /direction="rtl"/.test(m[4]!), anchor: /text-anchor="(\w+)"/.exec(m[4]!)?.[1], text: m[5]! });
    }
    return out;
  }

  test("Arabic lines run from the bubble's right edge, with direction rtl; Latin lines from its left edge", () => {
    const rows = [
      { kind: "message" as const, index: 0, sender: "them" as const, text: "هل أكلت آخر قطعة من الكعكة التي تركتها في الثلاجة أمس؟" },
      { kind: "message" as const, index: 1, sender: "me" as const, text: "نعم، آسف" },
      { kind: "message" as const, index: 2, sender: "me" as const, text: "sorry!" },
    ];
    const drawn = bubbles(chatScreenSvg(screen, rows).svg);
    expect(drawn).toHaveLength(3);
    const [them, me, latin] = drawn;
    expect(them!.lines.length).toBeGreaterThan(1);
    for (const bubble of [them!, me!]) {
      for (const line of bubble.lines) {
        expect(line.rtl).toBe(true);
        expect(line.anchor).toBe("start");
        // Anchored at the right edge, less the bubble's padding.
        expect(line.x).toBeGreaterThan(bubble.x + bubble.width * 0.8);
        expect(line.x).toBeLessThan(bubble.x + bubble.width);
      }
    }
    // The bubbles keep their sides: them on the left, me on the right.
    expect(them!.x).toBeLessThan(screen.width / 4);
    expect(me!.x + me!.width).toBeGreaterThan(screen.width * 0.9);
    expect(latin!.lines[0]!.rtl).toBe(false);
    expect(latin!.lines[0]!.x).toBeLessThan(latin!.x + latin!.width * 0.2);
  });
});

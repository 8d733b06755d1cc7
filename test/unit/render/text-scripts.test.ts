import { describe, expect, test } from "bun:test";
import { buildAss, groupWords } from "../../../render/captions/ass.ts";
import { captionTimings } from "../../../render/captions/caption-files.ts";
import { joinWords, splitPieces, textDirection } from "../../../render/text/scripts.ts";
import { splitWords } from "../../../src/narration/words.ts";
import { lineAnchor, textWidth, wrapBalanced, wrapText, wrapToWidth } from "../../../src/templates/svg-text.ts";

describe("words in scripts written without spaces", () => {
  test("Japanese, Chinese and Thai are split into dictionary words; punctuation stays with the word before", () => {
    expect(splitPieces("今日は良い天気ですね。").map((p) => p.text)).toEqual(["今日", "は", "良い", "天気", "です", "ね。"]);
    expect(splitPieces("我今天去学校了，你呢？").map((p) => p.text)).toEqual(["我", "今天", "去", "学校", "了，", "你", "呢？"]);
    expect(splitPieces("วันนี้อากาศดีมาก").map((p) => p.text)).toEqual(["วัน", "นี้", "อากาศ", "ดี", "มาก"]);
    // Opening brackets go with the word after them.
    expect(splitPieces("「はい」と言った").map((p) => p.text)[0]).toBe("「はい」");
  });

  test("spaced scripts keep whitespace words, punctuation and all", () => {
    expect(splitPieces("¿Qué tal, amigo?").map((p) => p.text)).toEqual(["¿Qué", "tal,", "amigo?"]);
    expect(splitPieces("مرحبا يا صديقي!").map((p) => p.text)).toEqual(["مرحبا", "يا", "صديقي!"]);
  });

  test("offsets point into the source, so narration words map back onto the script", () => {
    const text = "Hi 今日は晴れ。 OK";
    for (const w of splitWords(text)) expect(text.slice(w.charStart, w.charEnd)).toBe(w.text);
    expect(splitWords(text).map((w) => w.text)).toEqual(["Hi", "今日", "は", "晴れ。", "OK"]);
  });

  test("words are joined without spaces inside CJK and Thai runs, with spaces elsewhere", () => {
    expect(joinWords(["今日", "は", "良い"])).toBe("今日は良い");
    expect(joinWords(["วัน", "นี้"])).toBe("วันนี้");
    expect(joinWords(["Hola", "amigo"])).toBe("Hola amigo");
    expect(joinWords(["iPhone", "を", "買った"])).toBe("iPhone を買った");
  });

  test("direction comes from the first strong letter", () => {
    expect(textDirection("مرحبا")).toBe("rtl");
    expect(textDirection("שלום עולם")).toBe("rtl");
    expect(textDirection("«123» مرحبا")).toBe("rtl");
    expect(textDirection("Hola مرحبا")).toBe("ltr");
    expect(textDirection("123")).toBe("ltr");
  });
});

describe("captions in every script", () => {
  const timed = (texts: string[]) => texts.map((text, i) => ({ text, start: i * 0.4, end: i * 0.4 + 0.35 }));

  test("a Japanese caption line shows its words without spaces and fits the line", () => {
    const words = timed(splitWords("今日は良い天気ですね。私は学校に行きます。").map((w) => w.text));
    const ass = buildAss({ words, preset: "hormozi", position: "middle" });
    const dialogue = ass.split("\n").find((l) => l.startsWith("Dialogue:"))!;
    const shown = dialogue.replace(/\{[^}]*\}/g, "").split(",,").at(-1)!;
    expect(shown).not.toContain(" ");
    expect(shown.startsWith("今日は")).toBe(true);
    // Full-width glyphs are an em wide: a hormozi line holds about 9 of them, never 22.
    for (const line of groupWords(words, 3, 22, 1 / 0.62)) expect(line.map((w) => w.text).join("").length).toBeLessThanOrEqual(14);
  });

  test("the caption files write a Japanese line as it is written, without spaces", () => {
    const { lines } = captionTimings({ captions: { words: timed(["今日", "は", "良い"]), preset: "hormozi", position: "middle" }, duration: 60 });
    expect(lines.map((l) => l.text)).toEqual(["今日は良い"]);
  });

  test("Arabic and Hebrew lines use the right-to-left style (libass Encoding -1), Latin lines the plain one", () => {
    const ass = buildAss({ words: timed(["مرحبا", "يا", "صديقي"]), preset: "beast", position: "middle" });
    expect(ass).toContain("Style: CaptionRtl,");
    expect(ass).toMatch(/Style: CaptionRtl,.*,-1$/m);
    expect(ass.split("\n").filter((l) => l.startsWith("Dialogue:")).every((l) => l.includes(",CaptionRtl,"))).toBe(true);
    const latin = buildAss({ words: timed(["hello", "there"]), preset: "beast", position: "middle" });
    expect(latin.split("\n").filter((l) => l.startsWith("Dialogue:")).every((l) => l.includes(",Caption,"))).toBe(true);
  });
});

describe("drawn text in every script", () => {
  test("a balanced wrap keeps the greedy line count with even lines: no word left alone on the last", () => {
    const question = "Which element has atomic number 7?";
    const width = textWidth("Which element has atomic number", 60) + 1;
    expect(wrapToWidth(question, width, 60)).toEqual(["Which element has atomic number", "7?"]);
    const balanced = wrapBalanced(question, width, 60);
    expect(balanced).toHaveLength(2);
    expect(balanced.join(" ")).toBe(question);
    expect(balanced.at(-1)!.split(" ").length).toBeGreaterThan(1);
    const widths = balanced.map((line) => textWidth(line, 60));
    expect(Math.max(...widths)).toBeLessThanOrEqual(width);
    expect(Math.max(...widths) - Math.min(...widths)).toBeLessThan(textWidth("atomic number", 60));
    // One line stays one line; explicit line breaks are kept as they are.
    expect(wrapBalanced("Paris", 500, 60)).toEqual(["Paris"]);
    expect(wrapBalanced("One\nTwo three four", 2000, 60)).toEqual(["One", "Two three four"]);
  });

  test("CJK wraps between words, never inside one, and adds no spaces", () => {
    const lines = wrapToWidth("今日は良い天気ですね。私は学校に行きます。", 250, 40);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join("")).toBe("今日は良い天気ですね。私は学校に行きます。");
    const words = new Set(splitPieces("今日は良い天気ですね。私は学校に行きます。").map((p) => p.text));
    for (const line of lines) for (const piece of splitPieces(line)) expect(words.has(piece.text)).toBe(true);
    expect(wrapText("今日は良い天気ですね。私は学校に行きます。", 12).join("")).toBe("今日は良い天気ですね。私は学校に行きます。");
  });

  test("Thai breaks between grapheme clusters when a word is wider than the line", () => {
    for (const line of wrapToWidth("ประชาธิปไตย", 60, 40)) expect(/^\p{M}/u.test(line)).toBe(false);
  });

  test("a right-to-left line is anchored at the box's right edge with direction rtl", () => {
    expect(lineAnchor("مرحبا", 10, 200)).toEqual({ x: 200, attrs: ` direction="rtl" text-anchor="start"` });
    expect(lineAnchor("hello", 10, 200)).toEqual({ x: 10, attrs: "" });
  });
});

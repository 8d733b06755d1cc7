import { expect, test } from "bun:test";
import { TEASER_CHARS, teaserScript } from "../../../src/templates/reddit-story/teaser.ts";

const opening = (script: string) => script.split("\n\n")[1]!;

test("the teaser ends at a sentence end near 170 characters when there is one", () => {
  const text = `${"a".repeat(60)} one. ${"b".repeat(90)} two. ${"c".repeat(80)} three. ${"d".repeat(900)}`;
  const script = teaserScript("  My title ", text);
  expect(script.startsWith("My title\n\n")).toBe(true);
  expect(opening(script).endsWith("two.")).toBe(true);
  expect(Math.abs(opening(script).length - TEASER_CHARS)).toBeLessThanOrEqual(50);
});

test("without a nearby sentence end it cuts after a whole word, with an ellipsis", () => {
  const text = Array.from({ length: 300 }, (_, i) => `word${i}`).join(" ");
  const cut = opening(teaserScript("T", text));
  expect(cut.endsWith("...")).toBe(true);
  expect(cut.length).toBeLessThanOrEqual(TEASER_CHARS + 3);
  expect(text.startsWith(cut.slice(0, -3))).toBe(true);
  expect(text[cut.length - 3]).toBe(" ");
});

test("a short story is narrated whole", () => {
  expect(teaserScript("T", "Short story.\n  Really.")).toBe("T\n\nShort story. Really.");
});

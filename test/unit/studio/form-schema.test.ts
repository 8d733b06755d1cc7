import { describe, expect, test } from "bun:test";
import { type Schema, childPath, errorsStillStanding, valueAt, fieldId, forbiddenFields, initialValue, isPrimary, labelOf, pruned, setIn } from "../../../studio/src/form/schema.ts";
import { inputSchemaOf } from "../../../src/templates/describe.ts";
import { TEMPLATES } from "../../../src/templates/registry.ts";

/** A template's inputSchema exactly as GET /v1/templates serves it (JSON, no TypeBox symbols). */
const served = (id: string) => JSON.parse(JSON.stringify(inputSchemaOf(TEMPLATES.find(id)!))) as Schema;
const chat = served("fake_text_message");
const article = served("article_video");

describe("the Studio's form values from a served inputSchema", () => {
  test("a chat starts with its defaults, one empty message (minItems 1) and the fixed voices.enabled; optional groups without a default stay out", () => {
    const start = initialValue(chat, true) as Record<string, unknown>;
    expect(start).toMatchObject({ platform: "imessage", theme: "dark", pacing: "normal", contact: {}, messages: [{}] });
    expect(start.voices).toEqual({ enabled: true, me: "pNInz6obpgDQGcFmaJgB", them: "EXAVITQu4vr4xnSDxMaL" });
    expect(start).not.toHaveProperty("hookText");
    expect(start).not.toHaveProperty("cutAfterMessage");
  });

  test("what is sent leaves out empty text and empty optional lists, and keeps what the person set", () => {
    const value = { contact: { name: "Mom", avatarAssetId: "" }, messages: [{ sender: "me", text: "hi", receipt: "" }], captions: [], voices: { enabled: true } };
    expect(pruned(value, chat, true)).toEqual({ contact: { name: "Mom" }, messages: [{ sender: "me", text: "hi" }], voices: { enabled: true } });
  });

  test("the article's source shows the URL or the text, as its kind says", () => {
    const source = article.properties!.source!;
    expect([...forbiddenFields(source, { kind: "url" })]).toEqual(["text"]);
    expect([...forbiddenFields(source, { kind: "text" })]).toEqual(["url"]);
    expect([...forbiddenFields(source, {})]).toEqual([]);
  });

  test("required fields, the first of an either-or and top-level choices with a default are shown at once; the rest under More options", () => {
    const message = chat.properties!.messages!.items!;
    expect(isPrimary("sender", message.properties!.sender!, message, false)).toBe(true);
    expect(isPrimary("text", message.properties!.text!, message, false)).toBe(true);
    expect(isPrimary("receipt", message.properties!.receipt!, message, false)).toBe(false);
    const source = article.properties!.source!;
    expect(isPrimary("url", source.properties!.url!, source, false)).toBe(true);
    expect(isPrimary("platform", chat.properties!.platform!, chat, true)).toBe(true);
    expect(isPrimary("voices", chat.properties!.voices!, chat, true)).toBe(true);
    expect(isPrimary("background", chat.properties!.background!, chat, true)).toBe(false);
  });

  test("a refused field keeps its error until it is changed", () => {
    const refused = { contact: {}, messages: [{ sender: "me", text: "x" }] };
    const errors = new Map([["contact.name", ["is required"]], ["messages[0].text", ["too short"]]]);
    expect(valueAt(refused, "messages[0].text")).toBe("x");
    expect([...errorsStillStanding(errors, refused, refused).keys()]).toEqual(["contact.name", "messages[0].text"]);
    const edited = { contact: { name: "Mom" }, messages: [{ sender: "me", text: "x" }] };
    expect([...errorsStillStanding(errors, refused, edited).keys()]).toEqual(["messages[0].text"]);
  });

  test("labels, paths and ids", () => {
    expect(labelOf("captionPresetId", { enum: ["a"] })).toBe("Caption preset");
    expect(labelOf("backgroundVideoAssetId", { type: "string" })).toBe("Background video asset ID");
    expect(labelOf("cardWidthPct", {})).toBe("Card width (%)");
    expect(labelOf("x", { title: "Given" } as Schema)).toBe("Given");
    expect(childPath(childPath(childPath("", "messages"), 2), "text")).toBe("messages[2].text");
    expect(fieldId("messages[2].text")).toBe("f-messages-2-text");
    expect(setIn({ messages: [{ text: "a" }] }, ["messages", 0, "text"], "b")).toEqual({ messages: [{ text: "b" }] });
    expect(setIn({ a: 1, b: 2 }, ["a"], undefined)).toEqual({ b: 2 });
  });
});

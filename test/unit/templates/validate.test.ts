import { describe, expect, test } from "bun:test";
import Ajv2020 from "ajv/dist/2020";
import { FormatRegistry } from "@sinclair/typebox";
import { TEMPLATES } from "../../../src/templates/registry.ts";
import { inputSchemaOf } from "../../../src/templates/describe.ts";
import { templateRequestEnvelope } from "../../../src/templates/request-schema.ts";
import type { Template } from "../../../src/templates/template.ts";
import { pointerToPath, validateTemplateRequest } from "../../../src/templates/validate.ts";

/** Validates a template's inputs the way every endpoint does: inside a `{template, inputs}` body. */
function validateInputs(template: Template, inputs: unknown) {
  const result = validateTemplateRequest(TEMPLATES, templateRequestEnvelope({}), { template: template.id, inputs }, ["en"]);
  return result.ok ? { ok: true as const, inputs: result.value.inputs as Record<string, unknown> } : result;
}
const templateNamed = (id: string) => TEMPLATES.find(id)!;

type Inputs = Record<string, any>;
/** [what, change to the minimal example, expected path, expected issue code, expected top-level code] */
type Case = [string, (i: Inputs) => void, string, string, string?];

const SET_B_ONLY = "2EiwWnXFnvU5JabPnv8n";
const SET_A_ONLY = "LcfcDJNUP1GQjkzn1xUU";
const long = (n: number) => "x".repeat(n);
const url = (n: number) => `https://example.com/${"a".repeat(n - 20)}`;

const CASES: Record<string, Case[]> = {
  article_video: [
    ["source missing", (i) => delete i.source, "inputs.source", "required"],
    ["source.kind unknown", (i) => (i.source.kind = "pdf"), "inputs.source.kind", "invalid_enum"],
    ["source.kind missing", (i) => delete i.source.kind, "inputs.source.kind", "required"],
    ["url kind without url", (i) => delete i.source.url, "inputs.source.url", "required"],
    ["text kind without text", (i) => (i.source = { kind: "text" }), "inputs.source.text", "required"],
    ["url kind with text", (i) => (i.source.text = "hello"), "inputs.source.text", "not_allowed"],
    ["url not a URL", (i) => (i.source.url = "not a url"), "inputs.source.url", "invalid_format"],
    ["url not http", (i) => (i.source.url = "ftp://example.com/a"), "inputs.source.url", "invalid_format"],
    ["text empty", (i) => (i.source = { kind: "text", text: "" }), "inputs.source.text", "too_short"],
    ["text over 60000", (i) => (i.source = { kind: "text", text: long(60001) }), "inputs.source.text", "too_long"],
    ["source unknown field", (i) => (i.source.html = "<p>"), "inputs.source.html", "unknown_field"],
    ["length unknown", (i) => (i.length = "long"), "inputs.length", "invalid_enum"],
    ["tone unknown", (i) => (i.tone = "funny"), "inputs.tone", "invalid_enum"],
    ["voice of set B only", (i) => (i.voiceId = SET_B_ONLY), "inputs.voiceId", "invalid_voice", "INVALID_VOICE"],
    ["voice unknown", (i) => (i.voiceId = "nope"), "inputs.voiceId", "invalid_enum"],
    ["caption preset unknown", (i) => (i.captionPresetId = "comic"), "inputs.captionPresetId", "invalid_enum"],
    ["silent not boolean", (i) => (i.silent = "yes"), "inputs.silent", "invalid_type"],
    ["unknown field", (i) => (i.music = "x"), "inputs.music", "unknown_field"],
  ],
  quiz_video: [
    ["topic missing", (i) => delete i.topic, "inputs.topic", "required"],
    ["topic too short", (i) => (i.topic = "a"), "inputs.topic", "too_short"],
    ["topic too long", (i) => (i.topic = long(201)), "inputs.topic", "too_long"],
    ["difficulty unknown", (i) => (i.difficulty = "insane"), "inputs.difficulty", "invalid_enum"],
    ["questionCount 6", (i) => (i.questionCount = 6), "inputs.questionCount", "invalid_enum"],
    ["questionCount as string", (i) => (i.questionCount = "5"), "inputs.questionCount", "invalid_enum"],
    ["category unknown", (i) => (i.categoryId = "politics"), "inputs.categoryId", "invalid_enum"],
    ["videoTitle empty", (i) => (i.videoTitle = ""), "inputs.videoTitle", "too_short"],
    ["videoTitle too long", (i) => (i.videoTitle = long(49)), "inputs.videoTitle", "too_long"],
    ["voice of set B only", (i) => (i.voiceId = SET_B_ONLY), "inputs.voiceId", "invalid_voice", "INVALID_VOICE"],
    ["theme unknown", (i) => (i.theme = "dark"), "inputs.theme", "invalid_enum"],
    ["font unknown", (i) => (i.font = "comic-sans"), "inputs.font", "invalid_enum"],
    ["countdown 4", (i) => (i.countdownSeconds = 4), "inputs.countdownSeconds", "invalid_enum"],
    ["captionsEnabled not boolean", (i) => (i.captionsEnabled = "true"), "inputs.captionsEnabled", "invalid_type"],
    ["silent not boolean", (i) => (i.silent = 1), "inputs.silent", "invalid_type"],
    ["unknown field", (i) => (i.answers = []), "inputs.answers", "unknown_field"],
  ],
  reddit_story: [
    ["title missing", (i) => delete i.title, "inputs.title", "required"],
    ["title empty", (i) => (i.title = ""), "inputs.title", "too_short"],
    ["title too long", (i) => (i.title = long(201)), "inputs.title", "too_long"],
    ["text missing", (i) => delete i.text, "inputs.text", "required"],
    ["text under 800", (i) => (i.text = long(799)), "inputs.text", "too_short"],
    ["text over 5000", (i) => (i.text = long(5001)), "inputs.text", "too_long"],
    ["author too long", (i) => (i.author = long(33)), "inputs.author", "too_long"],
    ["voice unknown", (i) => (i.voiceId = "nope"), "inputs.voiceId", "invalid_enum"],
    ["voice of set A only", (i) => (i.voiceId = SET_A_ONLY), "inputs.voiceId", "invalid_voice", "INVALID_VOICE"],
    ["language too short", (i) => (i.language = "e"), "inputs.language", "too_short"],
    ["language too long", (i) => (i.language = "english"), "inputs.language", "too_long"],
    ["language not a code", (i) => (i.language = "e1"), "inputs.language", "invalid_format"],
    ["background asset empty", (i) => (i.backgroundVideoAssetId = ""), "inputs.backgroundVideoAssetId", "too_short"],
    ["background category unknown", (i) => (i.backgroundCategory = "Fortnite"), "inputs.backgroundCategory", "invalid_enum"],
    ["background url empty", (i) => (i.backgroundVideoUrl = ""), "inputs.backgroundVideoUrl", "too_short"],
    ["background url not a URL", (i) => (i.backgroundVideoUrl = "clip.mp4"), "inputs.backgroundVideoUrl", "invalid_format"],
    ["background url too long", (i) => (i.backgroundVideoUrl = url(2049)), "inputs.backgroundVideoUrl", "too_long"],
    ["asset and category", (i) => Object.assign(i, { backgroundVideoAssetId: "bg_x", backgroundCategory: "Minecraft" }), "inputs.backgroundCategory", "mutually_exclusive"],
    ["url and category", (i) => Object.assign(i, { backgroundCategory: "Minecraft", backgroundVideoUrl: "https://a.example/v.mp4" }), "inputs.backgroundVideoUrl", "mutually_exclusive"],
    ["url and asset", (i) => Object.assign(i, { backgroundVideoAssetId: "bg_x", backgroundVideoUrl: "https://a.example/v.mp4" }), "inputs.backgroundVideoUrl", "mutually_exclusive"],
    ["music asset empty", (i) => (i.backgroundAudioAssetId = ""), "inputs.backgroundAudioAssetId", "too_short"],
    ["music url too long", (i) => (i.backgroundAudioUrl = url(2049)), "inputs.backgroundAudioUrl", "too_long"],
    ["music asset and url", (i) => Object.assign(i, { backgroundAudioAssetId: "mus_x", backgroundAudioUrl: "https://a.example/m.mp3" }), "inputs.backgroundAudioUrl", "mutually_exclusive"],
    ["volume over 100", (i) => (i.backgroundAudioVolume = 101), "inputs.backgroundAudioVolume", "too_large"],
    ["volume under 0", (i) => (i.backgroundAudioVolume = -1), "inputs.backgroundAudioVolume", "too_small"],
    ["volume not integer", (i) => (i.backgroundAudioVolume = 50.5), "inputs.backgroundAudioVolume", "invalid_type"],
    ["caption preset unknown", (i) => (i.captionPresetId = "comic"), "inputs.captionPresetId", "invalid_enum"],
    ["caption position unknown", (i) => (i.captionPosition = "left"), "inputs.captionPosition", "invalid_enum"],
    ["captionsEnabled not boolean", (i) => (i.captionsEnabled = "no"), "inputs.captionsEnabled", "invalid_type"],
    ["title card theme unknown", (i) => (i.titleCardTheme = "blue"), "inputs.titleCardTheme", "invalid_enum"],
    ["voiceSpeed under 0.85", (i) => (i.voiceSpeed = 0.8), "inputs.voiceSpeed", "too_small"],
    ["voiceSpeed over 1.25", (i) => (i.voiceSpeed = 1.3), "inputs.voiceSpeed", "too_large"],
    ["stability over 100", (i) => (i.stability = 101), "inputs.stability", "too_large"],
    ["stability under 0", (i) => (i.stability = -0.5), "inputs.stability", "too_small"],
    ["similarity under 0", (i) => (i.similarity = -1), "inputs.similarity", "too_small"],
    ["similarity over 100", (i) => (i.similarity = 100.5), "inputs.similarity", "too_large"],
    ["pitch under 0.5", (i) => (i.pitch = 0.4), "inputs.pitch", "too_small"],
    ["pitch over 2", (i) => (i.pitch = 2.1), "inputs.pitch", "too_large"],
    ["silent given", (i) => (i.silent = true), "inputs.silent", "narration_required", "NARRATION_REQUIRED"],
    ["unknown field", (i) => (i.subreddit = "AITA"), "inputs.subreddit", "unknown_field"],
  ],
  fake_text_message: [
    ["platform unknown", (i) => (i.platform = "telegram"), "inputs.platform", "invalid_enum"],
    ["theme unknown", (i) => (i.theme = "blue"), "inputs.theme", "invalid_enum"],
    ["contact missing", (i) => delete i.contact, "inputs.contact", "required"],
    ["contact name missing", (i) => (i.contact = {}), "inputs.contact.name", "required"],
    ["contact name empty", (i) => (i.contact.name = ""), "inputs.contact.name", "too_short"],
    ["contact name too long", (i) => (i.contact.name = long(41)), "inputs.contact.name", "too_long"],
    ["avatar id empty", (i) => (i.contact.avatarAssetId = ""), "inputs.contact.avatarAssetId", "too_short"],
    ["contact unknown field", (i) => (i.contact.phone = "123"), "inputs.contact.phone", "unknown_field"],
    ["messages missing", (i) => delete i.messages, "inputs.messages", "required"],
    ["messages empty", (i) => (i.messages = []), "inputs.messages", "too_few"],
    ["81 messages", (i) => (i.messages = Array.from({ length: 81 }, () => ({ sender: "me", text: "hi" }))), "inputs.messages", "too_many"],
    ["sender missing", (i) => delete i.messages[1].sender, "inputs.messages[1].sender", "required"],
    ["sender unknown", (i) => (i.messages[0].sender = "you"), "inputs.messages[0].sender", "invalid_enum"],
    ["text empty", (i) => (i.messages[0].text = ""), "inputs.messages[0].text", "too_short"],
    ["text too long", (i) => (i.messages[0].text = long(501)), "inputs.messages[0].text", "too_long"],
    ["text and image", (i) => (i.messages[1].imageAssetId = "img_1"), "inputs.messages[1].imageAssetId", "mutually_exclusive"],
    ["neither text nor image", (i) => delete i.messages[1].text, "inputs.messages[1].text", "required"],
    ["image id empty", (i) => (i.messages[0] = { sender: "me", imageAssetId: "" }), "inputs.messages[0].imageAssetId", "too_short"],
    ["delay over 10000", (i) => (i.messages[0].delayMs = 10001), "inputs.messages[0].delayMs", "too_large"],
    ["delay negative", (i) => (i.messages[0].delayMs = -1), "inputs.messages[0].delayMs", "too_small"],
    ["delay not integer", (i) => (i.messages[0].delayMs = 1.5), "inputs.messages[0].delayMs", "invalid_type"],
    ["timestamp label too long", (i) => (i.messages[0].timestampLabel = long(41)), "inputs.messages[0].timestampLabel", "too_long"],
    ["gap label empty", (i) => (i.messages[0].gapLabel = ""), "inputs.messages[0].gapLabel", "too_short"],
    ["gap label too long", (i) => (i.messages[0].gapLabel = long(41)), "inputs.messages[0].gapLabel", "too_long"],
    ["receipt too long", (i) => (i.messages[0].receipt = long(31)), "inputs.messages[0].receipt", "too_long"],
    ["typing not boolean", (i) => (i.messages[0].typingIndicatorBefore = "yes"), "inputs.messages[0].typingIndicatorBefore", "invalid_type"],
    ["message unknown field", (i) => (i.messages[0].emoji = "x"), "inputs.messages[0].emoji", "unknown_field"],
    ["pacing unknown", (i) => (i.pacing = "medium"), "inputs.pacing", "invalid_enum"],
    ["voices disabled", (i) => (i.voices = { enabled: false }), "inputs.voices.enabled", "narration_required", "NARRATION_REQUIRED"],
    ["voice me of set A only", (i) => (i.voices = { me: SET_A_ONLY }), "inputs.voices.me", "invalid_voice", "INVALID_VOICE"],
    ["voice them unknown", (i) => (i.voices = { them: "nope" }), "inputs.voices.them", "invalid_enum"],
    ["background category unknown", (i) => (i.background = { category: "Fortnite" }), "inputs.background.category", "invalid_enum"],
    ["background asset empty", (i) => (i.background = { assetId: "" }), "inputs.background.assetId", "too_short"],
    ["background url too long", (i) => (i.background = { ownUrl: url(2049) }), "inputs.background.ownUrl", "too_long"],
    ["background two sources", (i) => (i.background = { category: "Minecraft", ownUrl: "https://a.example/v.mp4" }), "inputs.background.ownUrl", "mutually_exclusive"],
    ["music url empty", (i) => (i.music = { ownUrl: "" }), "inputs.music.ownUrl", "too_short"],
    ["music two sources", (i) => (i.music = { assetId: "mus_x", ownUrl: "https://a.example/m.mp3" }), "inputs.music.ownUrl", "mutually_exclusive"],
    ["music volume over 100", (i) => (i.music = { volume: 101 }), "inputs.music.volume", "too_large"],
    ["21 captions", (i) => (i.captions = Array.from({ length: 21 }, () => ({ afterMessage: 1, text: "x" }))), "inputs.captions", "too_many"],
    ["caption afterMessage 0", (i) => (i.captions = [{ afterMessage: 0, text: "x" }]), "inputs.captions[0].afterMessage", "too_small"],
    ["caption afterMessage past the messages", (i) => (i.captions = [{ afterMessage: 3, text: "x" }]), "inputs.captions[0].afterMessage", "too_large"],
    ["caption text missing", (i) => (i.captions = [{ afterMessage: 1 }]), "inputs.captions[0].text", "required"],
    ["caption text too long", (i) => (i.captions = [{ afterMessage: 1, text: long(121) }]), "inputs.captions[0].text", "too_long"],
    ["caption delay over 10000", (i) => (i.captions = [{ afterMessage: 1, text: "x", delayMs: 10001 }]), "inputs.captions[0].delayMs", "too_large"],
    ["caption position unknown", (i) => (i.captions = [{ afterMessage: 1, text: "x", position: "left" }]), "inputs.captions[0].position", "invalid_enum"],
    ["hookText a bare string", (i) => (i.hookText = "Wait for it"), "inputs.hookText", "invalid_type"],
    ["hookText text missing", (i) => (i.hookText = { seconds: 2 }), "inputs.hookText.text", "required"],
    ["hookText text too long", (i) => (i.hookText = { text: long(121) }), "inputs.hookText.text", "too_long"],
    ["hookText seconds under 0.5", (i) => (i.hookText = { text: "x", seconds: 0.4 }), "inputs.hookText.seconds", "too_small"],
    ["hookText seconds over 10", (i) => (i.hookText = { text: "x", seconds: 11 }), "inputs.hookText.seconds", "too_large"],
    ["endCard line1 missing", (i) => (i.endCard = { line2: "x" }), "inputs.endCard.line1", "required"],
    ["endCard line1 too long", (i) => (i.endCard = { line1: long(81) }), "inputs.endCard.line1", "too_long"],
    ["endCard line2 empty", (i) => (i.endCard = { line1: "x", line2: "" }), "inputs.endCard.line2", "too_short"],
    ["endCard seconds over 10", (i) => (i.endCard = { line1: "x", seconds: 10.5 }), "inputs.endCard.seconds", "too_large"],
    ["sfx not boolean", (i) => (i.sfx = { send: "yes" }), "inputs.sfx.send", "invalid_type"],
    ["sfx unknown sound", (i) => (i.sfx = { boom: true }), "inputs.sfx.boom", "unknown_field"],
    ["layout style unknown", (i) => (i.layout = { style: "fullscreen" }), "inputs.layout.style", "invalid_enum"],
    ["card width under 40", (i) => (i.layout = { cardWidthPct: 39 }), "inputs.layout.cardWidthPct", "too_small"],
    ["card width over 100", (i) => (i.layout = { cardWidthPct: 101 }), "inputs.layout.cardWidthPct", "too_large"],
    ["card height unknown", (i) => (i.layout = { cardHeight: "auto" }), "inputs.layout.cardHeight", "invalid_enum"],
    ["cutAfterMessage 0", (i) => (i.cutAfterMessage = 0), "inputs.cutAfterMessage", "too_small"],
    ["cutAfterMessage 81", (i) => (i.cutAfterMessage = 81), "inputs.cutAfterMessage", "too_large"],
    ["cutAfterMessage past the messages", (i) => (i.cutAfterMessage = 3), "inputs.cutAfterMessage", "too_large"],
    ["unknown field", (i) => (i.stickers = []), "inputs.stickers", "unknown_field"],
  ],
};

/** Rules that compare a field with another field's length: only the validator and the descriptions say them. */
const COMPARES_FIELDS = new Set(["caption afterMessage past the messages", "cutAfterMessage past the messages"]);

const ajv = new Ajv2020({ allErrors: true, strict: false });
ajv.addFormat("uri", (value: string) => FormatRegistry.Get("uri")!(value));

for (const template of TEMPLATES.list) {
  describe(`${template.id} inputs`, () => {
    const checkWithAjv = ajv.compile(inputSchemaOf(template));

    test("the minimal example is valid and gets every default", () => {
      const result = validateInputs(template, template.examples.minimal);
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      const topDefaults = Object.entries(template.inputs.properties).filter(([, p]) => "default" in (p as object));
      for (const [name] of topDefaults) expect(result.inputs[name]).toBeDefined();
    });

    test("the full example is valid and keeps its values", () => {
      const result = validateInputs(template, template.examples.full);
      expect(result.ok).toBe(true);
      if (result.ok) expect(result.inputs).toMatchObject(template.examples.full);
    });

    test("both examples validate against the served inputSchema (Ajv, JSON Schema 2020-12)", () => {
      expect(checkWithAjv(template.examples.minimal)).toBe(true);
      expect(checkWithAjv(template.examples.full)).toBe(true);
    });

    test.each(CASES[template.id]!)("refuses %s", (_what, change, path, code, topCode = "INVALID_INPUT") => {
      const inputs = structuredClone(template.examples.minimal) as Inputs;
      change(inputs);
      const result = validateInputs(template, inputs);
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.error.code).toBe(topCode as never);
      expect(result.error.extras.errors).toContainEqual(expect.objectContaining({ path, code }));
      // The served inputSchema refuses it too, except where JSON Schema cannot compare two fields.
      if (!COMPARES_FIELDS.has(_what)) expect(checkWithAjv(inputs)).toBe(false);
    });
  });
}

describe("whole-body reports", () => {
  test("every failing field is reported, not only the first", () => {
    const result = validateInputs(templateNamed("reddit_story"), { title: "", text: "short", voiceSpeed: 3, zzz: 1 });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const paths = result.error.extras.errors!.map((e) => e.path).sort();
    expect(paths).toEqual(["inputs.text", "inputs.title", "inputs.voiceSpeed", "inputs.zzz"]);
  });

  test("a voice problem among others is INVALID_INPUT that still names the voice", () => {
    const result = validateInputs(templateNamed("quiz_video"), { topic: "x", voiceId: SET_B_ONLY });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe("INVALID_INPUT");
    expect(result.error.extras.errors).toContainEqual(expect.objectContaining({ path: "inputs.voiceId", code: "invalid_voice" }));
  });

  test("JSON pointers become dotted paths", () => {
    expect(pointerToPath("/messages/3/text", "inputs")).toBe("inputs.messages[3].text");
    expect(pointerToPath("/template", "")).toBe("template");
    expect(pointerToPath("", "inputs")).toBe("inputs");
  });
});

describe("background categories by name or by their GET /v1/options id, in any case", () => {
  const story = () => structuredClone(templateNamed("reddit_story").examples.minimal) as Inputs;
  const chat = () => structuredClone(templateNamed("fake_text_message").examples.minimal) as Inputs;

  test.each([
    ["minecraft", "Minecraft"],
    ["MINECRAFT", "Minecraft"],
    ["mario-kart", "Mario Kart"],
    ["gta v", "GTA V"],
    ["gta-v", "GTA V"],
    ["Subway Surfers", "Subway Surfers"],
  ])("%s is accepted and held as %s", (sent, name) => {
    const inputs: Inputs = { ...story(), backgroundCategory: sent };
    delete inputs.backgroundVideoAssetId;
    delete inputs.backgroundVideoUrl;
    const result = validateInputs(templateNamed("reddit_story"), inputs);
    expect(result).toMatchObject({ ok: true, inputs: { backgroundCategory: name } });
    const nested = validateInputs(templateNamed("fake_text_message"), { ...chat(), background: { category: sent } });
    expect(nested).toMatchObject({ ok: true, inputs: { background: { category: name } } });
  });

  test("a spelling of no category is refused, and the served schema lists only the names", () => {
    const result = validateInputs(templateNamed("reddit_story"), { ...story(), backgroundCategory: "fortnite" });
    expect(result.ok).toBe(false);
    const schema = inputSchemaOf(templateNamed("reddit_story")) as { properties: Record<string, { enum: string[] }> };
    expect(schema.properties.backgroundCategory!.enum).toContain("Mario Kart");
    expect(schema.properties.backgroundCategory!.enum).not.toContain("mario-kart");
  });
});

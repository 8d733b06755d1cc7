import { Type } from "@sinclair/typebox";
import { BACKGROUND_CATEGORIES, DEFAULT_BACKGROUND_CATEGORY } from "../../../render/media/background-categories.ts";
import { VOICE_SET_B } from "../../catalog/voices.ts";
import { RENDER_STEP, narrationStep } from "../credits.ts";
import { Closed, Enum, HttpUrl, applyAnnotations, atMostCountOf, exactlyOne, mutuallyExclusive } from "../schema-kit.ts";
import type { TemplateDefinition } from "../template.ts";

export const TEXT_PLATFORMS = ["imessage", "whatsapp", "instagram", "tinder", "ios"] as const;
export const TEXT_THEMES = ["dark", "light"] as const;
/** Default gap before a message without `delayMs`, per pacing preset. */
export const PACING_MS = { fast: 0, normal: 0, slow: 1000 } as const;
export const DEFAULT_TEXT_VOICES = { me: "pNInz6obpgDQGcFmaJgB", them: "EXAVITQu4vr4xnSDxMaL" } as const;

const Message = Closed({
  sender: Enum(["me", "them"] as const, { description: "me: the phone owner (right-hand bubbles); them: the contact." }),
  text: Type.Optional(Type.String({ minLength: 1, maxLength: 500, description: "Send text or imageAssetId, not both." })),
  imageAssetId: Type.Optional(Type.String({ minLength: 1, description: "Image asset id (med_...) from POST /v1/images; shown as a photo held 3 s." })),
  delayMs: Type.Optional(Type.Integer({ minimum: 0, maximum: 10000, description: "Gap before the message; the pacing preset when omitted." })),
  timestampLabel: Type.Optional(Type.String({ minLength: 1, maxLength: 40, description: "Row above the message." })),
  gapLabel: Type.Optional(Type.String({ minLength: 1, maxLength: 40, description: "Time-gap row before the message (900 ms)." })),
  receipt: Type.Optional(Type.String({ minLength: 1, maxLength: 30, description: "Label under the message." })),
  typingIndicatorBefore: Type.Optional(Type.Boolean({ description: "Typing bubble before the message (at least 800 ms)." })),
});

const Background = Closed(
  {
    category: Type.Optional(Enum(BACKGROUND_CATEGORIES)),
    assetId: Type.Optional(Type.String({ minLength: 1, description: "Background video id from GET /v1/options, or an own upload." })),
    ownUrl: Type.Optional(HttpUrl({ minLength: 1, maxLength: 2048, description: "Own footage: public https URL; same conversion and limits as reddit_story backgroundVideoUrl." })),
  },
  { default: {}, description: `Send at most one field; ${DEFAULT_BACKGROUND_CATEGORY} footage when none is set.` },
);

const Music = Closed(
  {
    assetId: Type.Optional(Type.String({ minLength: 1, description: "Music id from GET /v1/options." })),
    ownUrl: Type.Optional(HttpUrl({ minLength: 1, maxLength: 2048, description: "Own music: public https URL; converted to MP3; 30 MB / 10 min." })),
    volume: Type.Optional(Type.Integer({ minimum: 0, maximum: 100, default: 30 })),
  },
  { default: {} },
);

const Caption = Closed({
  afterMessage: Type.Integer({ minimum: 1, description: "1-based message number; at most the number of messages." }),
  text: Type.String({ minLength: 1, maxLength: 120 }),
  delayMs: Type.Optional(Type.Integer({ minimum: 0, maximum: 10000, default: 0, description: "After that message appears." })),
  position: Type.Optional(Enum(["below_card", "above_card"] as const, { default: "below_card" })),
});

// Annotate before composing: Type.Optional copies the schema it wraps, so later annotations would be lost.
const nestedRules = [
  exactlyOne(Message, ["messages", "*"], ["text", "imageAssetId"]),
  mutuallyExclusive(Background, ["background"], ["category", "assetId", "ownUrl"]),
  mutuallyExclusive(Music, ["music"], ["assetId", "ownUrl"]),
];
applyAnnotations(nestedRules);

export const FakeTextMessageInputs = Closed({
  platform: Type.Optional(Enum(TEXT_PLATFORMS, { default: "imessage", description: "ios is an alias of imessage." })),
  theme: Type.Optional(Enum(TEXT_THEMES, { default: "dark" })),
  contact: Closed({
    name: Type.String({ minLength: 1, maxLength: 40 }),
    avatarAssetId: Type.Optional(Type.String({ minLength: 1, description: "Image asset id (med_...) from POST /v1/images." })),
  }),
  messages: Type.Array(Message, { minItems: 1, maxItems: 80, description: "The conversation, in order." }),
  pacing: Type.Optional(
    Enum(["fast", "normal", "slow"] as const, { default: "normal", description: "Default gap for messages without delayMs: fast 0 ms, normal 0 ms, slow 1000 ms." }),
  ),
  voices: Type.Optional(
    Closed(
      {
        enabled: Type.Optional(Type.Literal(true, { default: true, description: "Must be true: every video is voiced." })),
        me: Type.Optional(Enum(VOICE_SET_B, { default: DEFAULT_TEXT_VOICES.me })),
        them: Type.Optional(Enum(VOICE_SET_B, { default: DEFAULT_TEXT_VOICES.them })),
      },
      { default: {} },
    ),
  ),
  background: Type.Optional(Background),
  music: Type.Optional(Music),
  captions: Type.Optional(Type.Array(Caption, { maxItems: 20 })),
  hookText: Type.Optional(
    Closed(
      {
        text: Type.String({ minLength: 1, maxLength: 120 }),
        seconds: Type.Optional(Type.Number({ minimum: 0.5, maximum: 10, default: 2 })),
      },
      { description: "Shown before the conversation; an object, not a bare string." },
    ),
  ),
  endCard: Type.Optional(
    Closed(
      {
        line1: Type.String({ minLength: 1, maxLength: 80 }),
        line2: Type.Optional(Type.String({ minLength: 1, maxLength: 80 })),
        seconds: Type.Optional(Type.Number({ minimum: 0.5, maximum: 10, default: 2.5 })),
      },
      { description: "Shown after the last message." },
    ),
  ),
  sfx: Type.Optional(
    Closed(
      {
        send: Type.Optional(Type.Boolean({ default: false })),
        receive: Type.Optional(Type.Boolean({ default: false })),
        typing: Type.Optional(Type.Boolean({ default: false })),
      },
      { default: {}, description: "Accepted; silent until a sound library exists." },
    ),
  ),
  layout: Type.Optional(
    Closed({
      style: Type.Optional(Enum(["card_over_background"] as const, { default: "card_over_background" })),
      cardWidthPct: Type.Optional(Type.Integer({ minimum: 40, maximum: 100, default: 80 })),
      cardHeight: Type.Optional(Enum(["fit", "full"] as const, { default: "fit", description: "fit grows with the conversation; full is a fixed height." })),
    }, { default: {} }),
  ),
  cutAfterMessage: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 80, description: "The video then reports cutAtMs, where message N+1 appears (or the end)." }),
  ),
});

const rules = [
  ...nestedRules,
  atMostCountOf(["captions", "*"], "afterMessage", ["messages"], "messages"),
  atMostCountOf([], "cutAfterMessage", ["messages"], "messages"),
];

export const fakeTextMessage: TemplateDefinition = {
  id: "fake_text_message",
  name: "Text Messages",
  description:
    "Your own chat conversation rendered as a phone chat screen over gameplay footage, each message voiced (one voice for me, one for them). Nothing is generated.",
  inputs: FakeTextMessageInputs,
  rules,
  voiceFields: ["/voices/me", "/voices/them"],
  voiceSet: VOICE_SET_B,
  narrationRules: (inputs) => {
    const voices = inputs.voices as { enabled?: unknown } | undefined;
    return voices && voices.enabled === false
      ? [{ pointer: "/voices/enabled", message: "every text-message video is voiced; voices.enabled must be true", code: "narration_required" }]
      : [];
  },
  impliedDefaults: {},
  freeTools: [],
  paidSteps: [narrationStep("voices", "estimated at 15 characters per second"), RENDER_STEP],
  notes: [
    "Each message stays on screen for the length of its voice clip; delayMs or pacing adds a gap before it.",
    "With cutAfterMessage N the video reports cutAtMs: the millisecond where message N+1 appears (or the end when N is the last message).",
    "There is no free step and no projectId for this template.",
    "Image asset ids (contact.avatarAssetId, messages[].imageAssetId) are the med_... ids returned by POST /v1/images {url} (public https, up to 15 MB, counted with own media; a URL imported in the last 30 days gives the same id). Any other id fails the video with IMAGE_UNAVAILABLE.",
  ],
  examples: {
    minimal: {
      contact: { name: "Mom" },
      messages: [
        { sender: "them", text: "Did you take the last slice of cake?" },
        { sender: "me", text: "Define 'take'." },
      ],
    },
    full: {
      platform: "whatsapp",
      theme: "light",
      contact: { name: "Alex" },
      messages: [
        { sender: "them", text: "are you awake", timestampLabel: "Today 2:14 AM" },
        { sender: "me", text: "no", typingIndicatorBefore: true, receipt: "Read" },
        { sender: "them", text: "I think something is in the attic", delayMs: 1500 },
        { sender: "me", text: "that's the cat", gapLabel: "5 minutes later" },
        { sender: "them", text: "we don't have a cat" },
      ],
      pacing: "slow",
      voices: { enabled: true, me: "TX3LPaxmHKxFdv7VOQHJ", them: "cgSgspJ2msm6clMCkdW9" },
      background: { category: "Backrooms" },
      music: { volume: 15 },
      captions: [{ afterMessage: 5, text: "wait for it...", position: "above_card" }],
      hookText: { text: "The text that ruined my night", seconds: 2 },
      endCard: { line1: "Part 2?", line2: "Follow for more", seconds: 2 },
      sfx: { send: true, receive: true, typing: false },
      layout: { style: "card_over_background", cardWidthPct: 90, cardHeight: "fit" },
      cutAfterMessage: 4,
    },
  },
};

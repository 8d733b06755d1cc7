import { type Static, Type } from "@sinclair/typebox";
import { DEFAULT_BACKGROUND_CATEGORY } from "../../../render/media/background-categories.ts";
import { BackgroundCategoryField } from "../media-choice.ts";
import { VOICE_SET_B } from "../../narration/voices.ts";
import { Closed, Defaulted, Enum, OwnMediaUrl, applyAnnotations, atMostCountOf, exactlyOne, mutuallyExclusive } from "../../kernel/schema-kit.ts";

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
    category: Type.Optional(BackgroundCategoryField()),
    assetId: Type.Optional(Type.String({ minLength: 1, description: "Background video id from GET /v1/options, or an own upload." })),
    ownUrl: Type.Optional(OwnMediaUrl({ minLength: 1, maxLength: 2048, description: "Own footage: public https URL; same conversion and limits as reddit_story backgroundVideoUrl." })),
  },
  { default: {}, description: `Send at most one field; ${DEFAULT_BACKGROUND_CATEGORY} footage when none is set.` },
);

const Music = Closed(
  {
    assetId: Type.Optional(Type.String({ minLength: 1, description: "Music id from GET /v1/options." })),
    ownUrl: Type.Optional(OwnMediaUrl({ minLength: 1, maxLength: 2048, description: "Own music: public https URL; converted to MP3; 30 MB / 10 min." })),
    volume: Defaulted(Type.Integer({ minimum: 0, maximum: 100, default: 30, description: "0-100: 30 sits about 17 dB under the voice while it speaks, in proportion; 0 is no music." })),
  },
  { default: {}, description: "Send at most one of assetId and ownUrl; a built-in loop plays when neither is set." },
);

const Caption = Closed({
  afterMessage: Type.Integer({ minimum: 1, description: "1-based message number; at most the number of messages." }),
  text: Type.String({ minLength: 1, maxLength: 120 }),
  delayMs: Defaulted(Type.Integer({ minimum: 0, maximum: 10000, default: 0, description: "After that message appears." })),
  position: Defaulted(Enum(["below_card", "above_card"] as const, { default: "below_card" })),
});

// Annotate before composing: Type.Optional copies the schema it wraps, so later annotations would be lost.
const nestedRules = [
  exactlyOne(Message, ["messages", "*"], ["text", "imageAssetId"]),
  mutuallyExclusive(Background, ["background"], ["category", "assetId", "ownUrl"]),
  mutuallyExclusive(Music, ["music"], ["assetId", "ownUrl"]),
];
applyAnnotations(nestedRules);

export const FakeTextMessageInputs = Closed({
  platform: Defaulted(Enum(TEXT_PLATFORMS, { default: "imessage", description: "ios is an alias of imessage." })),
  theme: Defaulted(Enum(TEXT_THEMES, { default: "dark" })),
  contact: Closed({
    name: Type.String({ minLength: 1, maxLength: 40 }),
    avatarAssetId: Type.Optional(Type.String({ minLength: 1, description: "Image asset id (med_...) from POST /v1/images." })),
  }),
  messages: Type.Array(Message, { minItems: 1, maxItems: 80, description: "The conversation, in order." }),
  pacing: Defaulted(
    Enum(["fast", "normal", "slow"] as const, { default: "normal", description: "Default gap for messages without delayMs: fast 0 ms, normal 0 ms, slow 1000 ms." }),
  ),
  voices: Defaulted(
    Closed(
      {
        enabled: Defaulted(Type.Literal(true, { default: true, description: "Must be true: every video is voiced." })),
        me: Defaulted(Enum(VOICE_SET_B, { default: DEFAULT_TEXT_VOICES.me })),
        them: Defaulted(Enum(VOICE_SET_B, { default: DEFAULT_TEXT_VOICES.them })),
      },
      { default: {} },
    ),
  ),
  background: Defaulted(Background),
  music: Defaulted(Music),
  captions: Type.Optional(Type.Array(Caption, { maxItems: 20 })),
  hookText: Type.Optional(
    Closed(
      {
        text: Type.String({ minLength: 1, maxLength: 120 }),
        seconds: Defaulted(Type.Number({ minimum: 0.5, maximum: 10, default: 2 })),
      },
      { description: "Shown before the conversation; an object, not a bare string." },
    ),
  ),
  endCard: Type.Optional(
    Closed(
      {
        line1: Type.String({ minLength: 1, maxLength: 80 }),
        line2: Type.Optional(Type.String({ minLength: 1, maxLength: 80 })),
        seconds: Defaulted(Type.Number({ minimum: 0.5, maximum: 10, default: 2.5 })),
      },
      { description: "Shown after the last message." },
    ),
  ),
  sfx: Defaulted(
    Closed(
      {
        send: Defaulted(Type.Boolean({ default: false })),
        receive: Defaulted(Type.Boolean({ default: false })),
        typing: Defaulted(Type.Boolean({ default: false })),
      },
      { default: {}, description: "Sound effects: a sent sound for each message of `me`, a received sound for each of `them`, key taps while a typing bubble shows." },
    ),
  ),
  layout: Defaulted(
    Closed({
      style: Defaulted(Enum(["card_over_background"] as const, { default: "card_over_background" })),
      cardWidthPct: Defaulted(Type.Integer({ minimum: 40, maximum: 100, default: 80 })),
      cardHeight: Defaulted(Enum(["fit", "full"] as const, { default: "fit", description: "fit grows with the conversation; full is a fixed height." })),
    }, { default: {} }),
  ),
  cutAfterMessage: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 80, description: "The video then reports cutAtMs, where message N+1 appears (or the end)." }),
  ),
});

export type FakeTextMessageInputs = Static<typeof FakeTextMessageInputs>;

export const chatRules = [
  ...nestedRules,
  atMostCountOf(["captions", "*"], "afterMessage", ["messages"], "messages"),
  atMostCountOf([], "cutAfterMessage", ["messages"], "messages"),
];

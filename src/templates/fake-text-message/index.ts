import { VOICE_SET_B } from "../../narration/voices.ts";
import { RENDER_STEP, narrationStep } from "../credits.ts";
import { defineTemplate } from "../template.ts";
import { chatRules, FakeTextMessageInputs } from "./inputs.ts";
import { type ChatOutputs, chatStages, chatUsage, composeChat, estimateChat } from "./production.ts";
import { chatMadeOf, chatPublishSource } from "./publishing.ts";

export const fakeTextMessage = defineTemplate<FakeTextMessageInputs, ChatOutputs>({
  id: "fake_text_message",
  name: "Text Messages",
  description:
    "Your own chat conversation rendered as a phone chat screen over gameplay footage, each message voiced (one voice for me, one for them). Nothing is generated.",
  inputs: FakeTextMessageInputs,
  rules: chatRules,
  voiceFields: ["/voices/me", "/voices/them"],
  voiceSet: VOICE_SET_B,
  narrationRules: (inputs) => {
    const voices = inputs.voices as { enabled?: unknown } | undefined;
    return voices && voices.enabled === false
      ? [{ pointer: "/voices/enabled", message: "every text-message video is voiced; voices.enabled must be true", code: "narration_required" }]
      : [];
  },
  impliedDefaults: {},
  freeStep: null,
  paidSteps: [narrationStep("voices", "estimated at 15 characters per second"), RENDER_STEP],
  notices: null,
  failures: {
    narration: "VOICE_TTS_FAILED",
    stages: ["MEDIA_FETCH_FAILED", "MEDIA_INVALID", "MEDIA_TOO_LONG", "MEDIA_QUOTA_EXCEEDED", "BACKGROUND_UNAVAILABLE", "MUSIC_UNAVAILABLE", "IMAGE_UNAVAILABLE"],
  },
  notes: [
    "Each message stays on screen for the length of its voice clip; delayMs or pacing adds a gap before it.",
    "With cutAfterMessage N the video reports cutAtMs: the millisecond where message N+1 appears (or the end when N is the last message).",
    "There is no free step and no projectId for this template.",
    "Background: background.category, background.assetId or background.ownUrl. A category whose built-in footage is not generated yet (GET /v1/options backgrounds.categories[].ready false) is generated next while the video waits in preparing_media, its stage saying so; the video never gets another category's footage, and fails with BACKGROUND_UNAVAILABLE if the footage cannot be generated.",
    "Looks: text is 50 px on the default card (80% of the frame wide; layout.cardWidthPct scales everything); the card, hook, captions and end card stay inside the area TikTok, Reels and Shorts leave uncovered (x 60-930, y 220-1500 of 1080x1920), so no bubble sits under their buttons. Each bubble pops in as it arrives and the typing bubble's dots move; the video ends on its end card, or on the chat held a beat (the last message's clip and 0.25 s).",
    "Music: music.assetId or music.ownUrl; with neither, a built-in chill loop plays (music.volume 0: no music). It is brought to the voice's loudness and ducked while a message is spoken, coming up between messages; at the default volume (30) it sits about 17 dB under the voice while it speaks and 9 dB under it between phrases, in proportion to the volume. A message with nothing to say (emoji only) is held 0.7 s, with its send or receive sound when sfx has it.",
    "Each message is voiced in the language it is written in, detected from its text with tinyld among the languages in GET /v1/options voices[].languages; a message too short to tell (\"ok\", \"jaja\") takes the language of the whole conversation, unless it is written in another script (\"Привет\" in an English chat is voiced in Russian). Bubbles draw every script (Noto fonts); Arabic and Hebrew messages run right to left from the bubble's right edge.",
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

  stages: chatStages,
  compose: composeChat,
  estimate: estimateChat,
  usage: chatUsage,
  madeOf: chatMadeOf,
  publishSource: chatPublishSource,
});

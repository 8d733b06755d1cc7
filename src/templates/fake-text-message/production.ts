import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Type } from "@sinclair/typebox";
import { SAFE_AREA, safeCardX } from "../../../render/safe-area.ts";
import { type CaptionWord, type ImageLayer, type LayerMotion, type Timeline, VIDEO_HEIGHT } from "../../../render/timeline.ts";
import { CHARS_PER_SECOND } from "../../billing/charges.ts";
import { detectMessageLanguages } from "../../narration/language-detect.ts";
import { isSpeakable, narrateLines } from "../../narration/narrator.ts";
import { backgroundOf, type PreparedMedia, PreparedMediaOutput, prepareMedia } from "../media-choice.ts";
import { StageFailure } from "../production.ts";
import { type StageOutputs, type StageSpecs, storedAs } from "../stages.ts";
import type { DurationEstimate, NarrationUsage, ProductionContext } from "../template.ts";
import { bedVolume, DEFAULT_MOOD, speechWindows } from "../music-bed.ts";
import { soundCueTracks } from "../sound-cues.ts";
import { newestRowStrip } from "./chat-motion.ts";
import { type ChatImage, type ChatScreen, chatScreenSvg } from "./chat-screen.ts";
import { chatSoundCues } from "./chat-sounds.ts";
import { chatStyle } from "./chat-styles.ts";
import { type ConversationPlan, GAP_LABEL_SECONDS, IMAGE_HOLD_SECONDS, MIN_TYPING_SECONDS, planConversation, UNSPOKEN_HOLD_SECONDS } from "./conversation.ts";
import { type FakeTextMessageInputs, PACING_MS } from "./inputs.ts";
import { type Card, captionCardSvg, endCardSvg, hookCardSvg } from "./overlay-cards.ts";

interface ImageFile {
  path: string;
  width: number;
  height: number;
}

export interface ChatMedia extends PreparedMedia {
  avatar: ImageFile | null;
  images: Record<string, ImageFile>;
}

export interface ChatVoices {
  /** By message index; null for an image message. */
  /** `words`: the message's words at their times in the clip (absent in outputs saved before they were kept). */
  clips: ({ audioPath: string; duration: number; language?: string; words?: CaptionWord[] } | null)[];
}

const ImageFileOutput = Type.Object({ path: Type.String(), width: Type.Number(), height: Type.Number() });

const ChatMediaOutput = storedAs<ChatMedia>()(
  Type.Object({ ...PreparedMediaOutput.properties, avatar: Type.Union([ImageFileOutput, Type.Null()]), images: Type.Record(Type.String(), ImageFileOutput) }),
);

const ChatVoicesOutput = storedAs<ChatVoices>()(
  Type.Object({
    clips: Type.Array(
      Type.Union([
        Type.Object({
          audioPath: Type.String(),
          duration: Type.Number(),
          language: Type.Optional(Type.String()),
          words: Type.Optional(Type.Array(Type.Object({ text: Type.String(), start: Type.Number(), end: Type.Number() }))),
        }),
        Type.Null(),
      ]),
    ),
  }),
);

/** What fake_text_message's stages make: background, music and the chat's images, then each message's voice. */
export interface ChatOutputs {
  preparing_media: ChatMedia;
  narrating: ChatVoices;
}

/**
 * Where the card sits: room above it for a caption; it never reaches below the platforms' safe area, so the
 * newest message (just above the composer) is never under their captions and buttons.
 */
export const CARD_TOP = 300;
const CAPTION_GAP = 36;

/** The card's top: lower than CARD_TOP when a caption above it needs the room, so the two never overlap. */
export function cardTopOf(inputs: Pick<FakeTextMessageInputs, "captions">): number {
  const above = (inputs.captions ?? []).filter((c) => c.position === "above_card").map((c) => captionCardSvg(c.text).height);
  return Math.max(CARD_TOP, SAFE_AREA.top + Math.max(0, ...above) + CAPTION_GAP);
}

async function findImages(ctx: ProductionContext<FakeTextMessageInputs>, inputs: FakeTextMessageInputs): Promise<Pick<ChatMedia, "avatar" | "images">> {
  const wanted = new Map<string, string>();
  if (inputs.contact.avatarAssetId) wanted.set(inputs.contact.avatarAssetId, "contact.avatarAssetId");
  inputs.messages.forEach((m, i) => m.imageAssetId && !wanted.has(m.imageAssetId) && wanted.set(m.imageAssetId, `messages[${i}].imageAssetId`));
  const images: Record<string, ImageFile> = {};
  for (const [id, field] of wanted) {
    const found = await ctx.ports.ownMedia.findImage(ctx.accountId, id);
    if (!found || found.width === 0 || found.height === 0) {
      throw new StageFailure("IMAGE_UNAVAILABLE", `${field}: ${id} is not a usable image of this account; import images with POST /v1/images and use the id it returns.`);
    }
    images[id] = found;
  }
  const avatarId = inputs.contact.avatarAssetId;
  return { avatar: avatarId ? images[avatarId]! : null, images };
}

const dataUri = (file: ImageFile): ChatImage => ({ href: `data:image/jpeg;base64,${readFileSync(file.path).toString("base64")}`, width: file.width, height: file.height });

/** The chat screen every frame is drawn from. */
export function chatScreenOf(inputs: Pick<FakeTextMessageInputs, "platform" | "theme" | "layout" | "contact" | "captions">, media: Pick<ChatMedia, "avatar" | "images">): ChatScreen {
  const { platform, style } = chatStyle(inputs.platform, inputs.theme);
  const width = Math.round((1080 * inputs.layout.cardWidthPct) / 100);
  return {
    platform,
    style,
    width,
    x: safeCardX(width),
    maxHeight: SAFE_AREA.bottom - cardTopOf(inputs),
    cardHeight: inputs.layout.cardHeight,
    contactName: inputs.contact.name,
    avatar: media.avatar ? dataUri(media.avatar) : undefined,
    images: Object.fromEntries(Object.entries(media.images).map(([id, file]) => [id, dataUri(file)])),
  };
}

/** A drawn state of the chat: the card, and the newest bubble's strip of frames when it moves on its own. */
export interface DrawnChatFrame {
  path: string;
  width: number;
  height: number;
  /** The card's left edge in the frame. */
  x: number;
  /** The newest bubble's strip of frames: card pixels of its top-left corner, and how long it shows. */
  newest?: { path: string; x: number; y: number; seconds: number; motion: LayerMotion };
}

/** Clamped into the safe area's height (a card taller than it keeps its top inside). */
const safeY = (y: number, height: number) => Math.max(SAFE_AREA.top, Math.min(SAFE_AREA.bottom - height, y));

/**
 * Pure: the conversation plan, the drawn frames' paths and sizes, and the media as a Timeline. `frames[i]`
 * is the PNG of `plan.states[i]`; `cards` are the hook, end card and captions in that order.
 */
export function chatTimeline(
  inputs: FakeTextMessageInputs,
  plan: ConversationPlan,
  media: PreparedMedia,
  voices: ChatVoices,
  drawn: { frames: DrawnChatFrame[]; hook?: Card & { path: string }; endCard?: Card & { path: string }; captions: (Card & { path: string })[] },
): Timeline {
  const layers: ImageLayer[] = [];
  const top = cardTopOf(inputs);
  if (plan.hook && drawn.hook) {
    layers.push({ path: drawn.hook.path, x: safeCardX(drawn.hook.width), y: safeY(Math.round((VIDEO_HEIGHT - drawn.hook.height) / 2 - 120), drawn.hook.height), ...plan.hook, entrance: "pop" });
  }
  plan.states.forEach((state, i) => {
    const frame = drawn.frames[i]!;
    layers.push({ path: frame.path, x: frame.x, y: top, start: state.start, end: state.end, entrance: i === 0 ? "pop" : "none" });
    // The newest bubble pops in over the card, or its typing dots run; the first card comes in whole.
    const strip = frame.newest;
    if (strip && i > 0) layers.push({ path: strip.path, x: frame.x + strip.x, y: top + strip.y, start: state.start, end: Math.min(state.end, state.start + strip.seconds), motion: strip.motion });
  });
  plan.captions.forEach((caption, i) => {
    const card = drawn.captions[i]!;
    // Below a growing card: below the tallest it gets while the caption shows.
    const tallest = Math.max(0, ...plan.states.flatMap((s, k) => (s.end > caption.start && s.start < caption.end ? [drawn.frames[k]!.height] : [])));
    const y = safeY(caption.position === "above_card" ? top - CAPTION_GAP - card.height : top + tallest + CAPTION_GAP, card.height);
    layers.push({ path: card.path, x: safeCardX(card.width), y, start: caption.start, end: caption.end, entrance: "fade" });
  });
  if (plan.endCard && drawn.endCard) {
    layers.push({ path: drawn.endCard.path, x: safeCardX(drawn.endCard.width), y: safeY(Math.round((VIDEO_HEIGHT - drawn.endCard.height) / 2), drawn.endCard.height), ...plan.endCard, entrance: "pop" });
  }
  const timeline: Timeline = {
    duration: plan.duration,
    background: backgroundOf(media),
    layers,
    audio: voices.clips.flatMap((clip, i) => (clip ? [{ path: clip.audioPath, start: plan.appearAt[i]!, volume: 1, kind: "narration" as const }] : [])),
    // No caption is burned in (the bubbles are the text), but the caption files still hold every voiced message.
    transcript: voices.clips.flatMap((clip, i) => {
      const text = inputs.messages[i]!.text;
      if (!clip || !text) return [];
      const start = plan.appearAt[i]!;
      const words = (clip.words ?? []).map((w) => ({ text: w.text, start: start + w.start, end: start + w.end }));
      return [{ text, start, end: start + clip.duration, words }];
    }),
    // The bed ducks under each voiced message's words (its whole clip when it has no word times).
    speech: speechWindows(
      voices.clips.flatMap((clip, i) => {
        if (!clip) return [];
        const at = plan.appearAt[i]!;
        return clip.words && clip.words.length > 0 ? clip.words.map((w) => ({ start: at + w.start, end: at + w.end })) : [{ start: at, end: at + clip.duration }];
      }),
    ),
  };
  const bed = bedVolume(inputs.music.volume);
  if (media.musicPath && bed > 0) timeline.audio.push({ path: media.musicPath, start: 0, volume: bed, kind: "music", loop: true });
  return timeline;
}

async function drawCard(ctx: ProductionContext<FakeTextMessageInputs>, card: Card, name: string): Promise<Card & { path: string }> {
  const path = join(ctx.workDir, name);
  if (!existsSync(path)) await ctx.ports.drawPng(card.svg, path);
  return { ...card, path };
}

async function prepareChatMedia(ctx: ProductionContext<FakeTextMessageInputs>): Promise<ChatMedia> {
  const media = await prepareMedia(ctx, ctx.inputs.background, { ...ctx.inputs.music, defaultMood: DEFAULT_MOOD.chat });
  return { ...media, ...(await findImages(ctx, ctx.inputs)) };
}

async function voiceChat(ctx: ProductionContext<FakeTextMessageInputs>): Promise<ChatVoices> {
  const inputs = ctx.inputs;
  // Only messages with something to say are voiced; an emoji-only reply is shown for a beat instead.
  // Each message in the language it is written in: a Spanish chat is voiced in Spanish.
  const languages = detectMessageLanguages(inputs.messages.map((m) => m.text), ctx.ports.narrator.languages);
  const spoken = inputs.messages.flatMap((m, i) =>
    m.text && isSpeakable(m.text) ? [{ index: i, line: { text: m.text, voiceId: inputs.voices[m.sender], language: languages[i] } }] : [],
  );
  const clips = await narrateLines(ctx.ports.narrator, spoken.map((s) => s.line), ctx.workDir);
  const byMessage: ChatVoices["clips"] = inputs.messages.map(() => null);
  spoken.forEach((s, k) => {
    const clip = clips[k]!;
    byMessage[s.index] = { audioPath: clip.audioPath, duration: clip.duration, language: s.line.language, words: clip.words.map(({ text, start, end }) => ({ text, start, end })) };
  });
  return { clips: byMessage };
}

export const chatStages: StageSpecs<ProductionContext<FakeTextMessageInputs>, ChatOutputs> = {
  preparing_media: { output: ChatMediaOutput, run: prepareChatMedia, files: (media) => Object.values(media.images).map((i) => i.path) },
  narrating: { output: ChatVoicesOutput, run: voiceChat, files: (voices) => voices.clips.flatMap((c) => (c ? [c.audioPath] : [])) },
};

export async function composeChat(ctx: ProductionContext<FakeTextMessageInputs>, outputs: StageOutputs<ChatOutputs>) {
  const inputs = ctx.inputs;
  const media = outputs.get("preparing_media");
  const voices = outputs.get("narrating");
  const plan = planConversation(inputs, voices.clips.map((c) => c?.duration));
  const screen = chatScreenOf(inputs, media);
  // Only the states where the screen changes are drawn, all at once on the pool's threads.
  const frames = await Promise.all(
    plan.states.map(async (state, i): Promise<DrawnChatFrame> => {
      const name = `chat-${String(i).padStart(3, "0")}`;
      const path = join(ctx.workDir, `${name}.png`);
      const card = chatScreenSvg(screen, state.rows);
      const strip = card.newest && newestRowStrip(card.newest);
      const stripPath = join(ctx.workDir, `${name}-newest.png`);
      await Promise.all([
        existsSync(path) ? undefined : ctx.ports.drawPng(card.svg, path),
        strip && !existsSync(stripPath) ? ctx.ports.drawPng(strip.svg, stripPath) : undefined,
      ]);
      return { path, width: card.width, height: card.height, x: screen.x, newest: strip && { path: stripPath, x: strip.x, y: strip.y, seconds: strip.seconds, motion: strip.motion } };
    }),
  );
  const [hook, endCard, captions] = await Promise.all([
    inputs.hookText ? drawCard(ctx, hookCardSvg(inputs.hookText.text), "hook.png") : undefined,
    inputs.endCard ? drawCard(ctx, endCardSvg(inputs.endCard.line1, inputs.endCard.line2), "end-card.png") : undefined,
    Promise.all(plan.captions.map((c, i) => drawCard(ctx, captionCardSvg(c.text), `caption-${i}.png`))),
  ]);
  const timeline = chatTimeline(inputs, plan, media, voices, { frames, hook, endCard, captions });
  timeline.audio.push(...soundCueTracks(ctx.ports.library, chatSoundCues(inputs, plan), timeline.duration));
  return { timeline, cutAtMs: plan.cutAtMs };
}

/** Billed like reddit_story: 15 characters per second of the messages' text. */
const speechSeconds = (text: string) => text.length / CHARS_PER_SECOND;

/** Pure: the conversation timed with estimated clips, as the planner times it with recorded ones. */
export function estimateChat(inputs: FakeTextMessageInputs): DurationEstimate {
  const pacingMs = PACING_MS[inputs.pacing];
  let narration = 0;
  let total = inputs.hookText ? inputs.hookText.seconds : 0;
  for (const m of inputs.messages) {
    const voiced = m.text !== undefined && isSpeakable(m.text);
    const clip = voiced ? speechSeconds(m.text!) : m.imageAssetId ? IMAGE_HOLD_SECONDS : UNSPOKEN_HOLD_SECONDS;
    if (voiced) narration += clip;
    total += clip + (m.delayMs ?? pacingMs) / 1000;
    if (m.typingIndicatorBefore) total += MIN_TYPING_SECONDS;
    if (m.gapLabel) total += GAP_LABEL_SECONDS;
  }
  if (inputs.endCard) total += inputs.endCard.seconds;
  return { videoSeconds: total, narrationSeconds: narration };
}

export function chatUsage(inputs: FakeTextMessageInputs, outputs: StageOutputs<ChatOutputs>): NarrationUsage {
  const voices = outputs.get("narrating");
  const chars = inputs.messages.reduce((n, m) => n + (m.text && isSpeakable(m.text) ? m.text.length : 0), 0);
  return { billedSeconds: chars / CHARS_PER_SECOND, recordedSeconds: voices.clips.reduce((s, c) => s + (c?.duration ?? 0), 0) };
}

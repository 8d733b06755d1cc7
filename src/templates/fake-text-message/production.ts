import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { type ImageLayer, type Timeline, VIDEO_HEIGHT } from "../../../render/timeline.ts";
import { CHARS_PER_SECOND } from "../../estimate/duration.ts";
import { narrateLines } from "../../narration/narrator.ts";
import { type PreparedMedia, prepareMedia } from "../media-choice.ts";
import { type Charges, type ProductionContext, recordNarration, StageFailure, type TemplateProduction, videoCharges } from "../production.ts";
import { type ChatImage, type ChatScreen, chatScreenSvg } from "./chat-screen.ts";
import { chatStyle, type Theme } from "./chat-styles.ts";
import { type ConversationInputs, type ConversationPlan, planConversation } from "./conversation.ts";
import { DEFAULT_TEXT_VOICES } from "./inputs.ts";
import { type Card, captionCardSvg, centeredX, endCardSvg, hookCardSvg } from "./overlay-cards.ts";

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
  clips: ({ audioPath: string; duration: number } | null)[];
}

/** Where the card sits: room above it for a caption, below it for another and for the platforms' UI. */
export const CARD_TOP = 300;
const CARD_MAX_HEIGHT = VIDEO_HEIGHT - CARD_TOP - 330;
const CAPTION_GAP = 36;

type ChatInputs = ConversationInputs & {
  platform?: string;
  theme?: Theme;
  contact: { name: string; avatarAssetId?: string };
  voices?: { me?: string; them?: string };
  background?: { category?: string; assetId?: string; ownUrl?: string };
  music?: { assetId?: string; ownUrl?: string; volume?: number };
  layout?: { cardWidthPct?: number; cardHeight?: "fit" | "full" };
};

async function findImages(ctx: ProductionContext, inputs: ChatInputs): Promise<Pick<ChatMedia, "avatar" | "images">> {
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
export function chatScreenOf(inputs: ChatInputs, media: Pick<ChatMedia, "avatar" | "images">): ChatScreen {
  const { platform, style } = chatStyle(inputs.platform ?? "imessage", inputs.theme ?? "dark");
  return {
    platform,
    style,
    width: Math.round((1080 * (inputs.layout?.cardWidthPct ?? 80)) / 100),
    maxHeight: CARD_MAX_HEIGHT,
    cardHeight: inputs.layout?.cardHeight ?? "fit",
    contactName: inputs.contact.name,
    avatar: media.avatar ? dataUri(media.avatar) : undefined,
    images: Object.fromEntries(Object.entries(media.images).map(([id, file]) => [id, dataUri(file)])),
  };
}

/**
 * Pure: the conversation plan, the drawn frames' paths and sizes, and the media as a Timeline. `frames[i]`
 * is the PNG of `plan.states[i]`; `cards` are the hook, end card and captions in that order.
 */
export function chatTimeline(
  inputs: ChatInputs,
  plan: ConversationPlan,
  media: PreparedMedia,
  voices: ChatVoices,
  drawn: { frames: { path: string; width: number; height: number }[]; hook?: Card & { path: string }; endCard?: Card & { path: string }; captions: (Card & { path: string })[] },
): Timeline {
  const layers: ImageLayer[] = [];
  if (plan.hook && drawn.hook) {
    layers.push({ path: drawn.hook.path, x: centeredX(drawn.hook.width), y: Math.round((VIDEO_HEIGHT - drawn.hook.height) / 2 - 120), ...plan.hook, entrance: "pop" });
  }
  plan.states.forEach((state, i) => {
    const frame = drawn.frames[i]!;
    layers.push({ path: frame.path, x: centeredX(frame.width), y: CARD_TOP, start: state.start, end: state.end, entrance: i === 0 ? "pop" : "none" });
  });
  plan.captions.forEach((caption, i) => {
    const card = drawn.captions[i]!;
    // Below a growing card: below the tallest it gets while the caption shows.
    const tallest = Math.max(0, ...plan.states.flatMap((s, k) => (s.end > caption.start && s.start < caption.end ? [drawn.frames[k]!.height] : [])));
    const y = caption.position === "above_card" ? Math.max(20, CARD_TOP - CAPTION_GAP - card.height) : Math.min(VIDEO_HEIGHT - card.height - 40, CARD_TOP + tallest + CAPTION_GAP);
    layers.push({ path: card.path, x: centeredX(card.width), y, start: caption.start, end: caption.end, entrance: "fade" });
  });
  if (plan.endCard && drawn.endCard) {
    layers.push({ path: drawn.endCard.path, x: centeredX(drawn.endCard.width), y: Math.round((VIDEO_HEIGHT - drawn.endCard.height) / 2), ...plan.endCard, entrance: "pop" });
  }
  const timeline: Timeline = {
    duration: plan.duration,
    background: { kind: "video", path: media.backgroundPath, fitted: media.fitted },
    layers,
    audio: voices.clips.flatMap((clip, i) => (clip ? [{ path: clip.audioPath, start: plan.appearAt[i]!, volume: 1, kind: "narration" as const }] : [])),
  };
  if (media.musicPath) timeline.audio.push({ path: media.musicPath, start: 0, volume: (inputs.music?.volume ?? 30) / 100, kind: "music", loop: true });
  return timeline;
}

async function drawCard(ctx: ProductionContext, card: Card, name: string): Promise<Card & { path: string }> {
  const path = join(ctx.workDir, name);
  if (!existsSync(path)) await ctx.ports.drawPng(card.svg, path);
  return { ...card, path };
}

export const fakeTextMessageProduction: TemplateProduction = {
  stages: ["preparing_media", "narrating"],

  async runStage(stage, ctx) {
    const inputs = ctx.inputs as unknown as ChatInputs;
    if (stage === "preparing_media") {
      const media = await prepareMedia(ctx, inputs.background ?? {}, inputs.music ?? {});
      return { ...media, ...(await findImages(ctx, inputs)) } satisfies ChatMedia;
    }
    if (stage === "narrating") {
      const voice = { me: inputs.voices?.me ?? DEFAULT_TEXT_VOICES.me, them: inputs.voices?.them ?? DEFAULT_TEXT_VOICES.them };
      const spoken = inputs.messages.flatMap((m, i) => (m.text ? [{ index: i, line: { text: m.text, voiceId: voice[m.sender] } }] : []));
      return recordNarration("fake_text_message", async () => {
        const clips = await narrateLines(ctx.ports.narrator, spoken.map((s) => s.line), ctx.workDir);
        const byMessage: ChatVoices["clips"] = inputs.messages.map(() => null);
        spoken.forEach((s, k) => (byMessage[s.index] = { audioPath: clips[k]!.audioPath, duration: clips[k]!.duration }));
        return { clips: byMessage } satisfies ChatVoices;
      });
    }
    throw new Error(`fake_text_message has no ${stage} stage`);
  },

  stageFiles(stage, output) {
    if (stage === "narrating") return (output as ChatVoices).clips.flatMap((c) => (c ? [c.audioPath] : []));
    if (stage === "preparing_media") return Object.values((output as ChatMedia).images).map((i) => i.path);
    return [];
  },

  async compose(ctx, outputs) {
    const inputs = ctx.inputs as unknown as ChatInputs;
    const media = outputs.preparing_media as ChatMedia;
    const voices = outputs.narrating as ChatVoices;
    const plan = planConversation(inputs, voices.clips.map((c) => c?.duration));
    const screen = chatScreenOf(inputs, media);
    // Only the states where the screen changes are drawn, all at once on the pool's threads.
    const frames = await Promise.all(
      plan.states.map(async (state, i) => {
        const path = join(ctx.workDir, `chat-${String(i).padStart(3, "0")}.png`);
        const { svg, width, height } = chatScreenSvg(screen, state.rows);
        if (!existsSync(path)) await ctx.ports.drawPng(svg, path);
        return { path, width, height };
      }),
    );
    const [hook, endCard, captions] = await Promise.all([
      inputs.hookText ? drawCard(ctx, hookCardSvg(inputs.hookText.text), "hook.png") : undefined,
      inputs.endCard ? drawCard(ctx, endCardSvg(inputs.endCard.line1, inputs.endCard.line2), "end-card.png") : undefined,
      Promise.all(plan.captions.map((c, i) => drawCard(ctx, captionCardSvg(c.text), `caption-${i}.png`))),
    ]);
    return { timeline: chatTimeline(inputs, plan, media, voices, { frames, hook, endCard, captions }), cutAtMs: plan.cutAtMs };
  },

  charges(inputs, outputs, legacy): Charges {
    const voices = outputs.narrating as ChatVoices;
    // Billed like reddit_story: 15 characters per second of the messages' text.
    const chars = (inputs as unknown as ChatInputs).messages.reduce((n, m) => n + (m.text?.length ?? 0), 0);
    return videoCharges(chars / CHARS_PER_SECOND, voices.clips.reduce((s, c) => s + (c?.duration ?? 0), 0), legacy);
  },
};

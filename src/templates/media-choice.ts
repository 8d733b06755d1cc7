import { type SchemaOptions, Type } from "@sinclair/typebox";
import type { BackgroundCategory } from "../../render/media/background-categories.ts";
import type { Background } from "../../render/timeline.ts";
import { BACKGROUND_CATEGORIES, DEFAULT_BACKGROUND_CATEGORY, categorySlug } from "../../render/media/background-categories.ts";
import { pickBackground } from "../media/library.ts";
import { FootageNotReady } from "../media/footage-supply.ts";
import { MediaImportError, type OwnMediaKind } from "../media/own-media.ts";
import { StageFailure } from "./production.ts";
import { AliasedEnum } from "../kernel/schema-kit.ts";
import { storedAs } from "./stages.ts";
import type { ProductionContext } from "./template.ts";

/**
 * A field that takes a background category: by the spec's name ("Mario Kart") or by its id in
 * GET /v1/options ("mario-kart"), in any case; validated inputs hold the name.
 */
export function BackgroundCategoryField(options: SchemaOptions = {}) {
  const accepted = "by name or by its id from GET /v1/options backgrounds.categories, in any case";
  return AliasedEnum(BACKGROUND_CATEGORIES, (name) => [categorySlug(name)], { ...options, description: options.description ? `${options.description} ${accepted}.` : `Background category, ${accepted}.` });
}

/** What a template's inputs say about its background; at most one field is set (the schema's rules). */
export interface BackgroundInputs {
  assetId?: string;
  category?: string;
  ownUrl?: string;
}

export interface MusicInputs {
  assetId?: string;
  ownUrl?: string;
  /** The caller's 0-100 volume: 0 turns the default bed off. */
  volume?: number;
  /** The mood of the built-in loop played when the caller names no music. */
  defaultMood?: string;
}

export interface PreparedMedia {
  backgroundPath: string;
  /** The clips played after it, in order (a library category's other loops). */
  backgroundNext?: string[];
  /** Already 1080x1920 at 30 fps: converted own footage. */
  fitted: boolean;
  /** Seconds into the background where the video starts (0 or absent for the caller's own footage). */
  backgroundStartAt?: number;
  musicPath: string | null;
}

/** How a preparing_media stage's output is stored. */
export const PreparedMediaOutput = storedAs<PreparedMedia>()(
  Type.Object({
    backgroundPath: Type.String(),
    backgroundNext: Type.Optional(Type.Array(Type.String())),
    fitted: Type.Boolean(),
    backgroundStartAt: Type.Optional(Type.Number()),
    musicPath: Type.Union([Type.String(), Type.Null()]),
  }),
);

/** The Timeline's background for prepared media. */
export function backgroundOf(media: PreparedMedia): Background {
  return { kind: "video", path: media.backgroundPath, next: media.backgroundNext, fitted: media.fitted, startAt: media.backgroundStartAt };
}

/** A stable per-video number, so a retried attempt picks the same clip. */
export function seedOf(id: string): number {
  let h = 0;
  for (const c of id) h = (h * 31 + c.charCodeAt(0)) | 0;
  return h;
}

/**
 * Where a library clip starts, from the video's seed: whole seconds (the built-in loops' keyframes) over
 * the first clip's 20 s, so two videos over the same clip rarely open on the same frame and a retry opens
 * on the same.
 */
export function backgroundStartAt(seed: number): number {
  return (Math.abs(seed) >>> 7) % 20;
}

async function importOwn(ctx: ProductionContext, kind: OwnMediaKind, url: string): Promise<string> {
  try {
    return await ctx.ports.ownMedia.importMedia(ctx.accountId, kind, url);
  } catch (error) {
    if (error instanceof MediaImportError) throw new StageFailure(error.code, error.message);
    throw error;
  }
}

/** The preparing_media stage shared by the templates with a background and music: library or own URL. */
export async function prepareMedia(ctx: ProductionContext, background: BackgroundInputs, music: MusicInputs): Promise<PreparedMedia> {
  let backgroundPath: string;
  let backgroundNext: string[] | undefined;
  let fitted: boolean;
  if (background.ownUrl) {
    backgroundPath = await importOwn(ctx, "video", background.ownUrl);
    fitted = true;
  } else {
    const choice = background.assetId ? { assetId: background.assetId } : { category: (background.category ?? DEFAULT_BACKGROUND_CATEGORY) as BackgroundCategory };
    const picked = pickBackground(ctx.ports.library, choice, seedOf(ctx.videoId));
    if (!picked.ok && picked.code === "BACKGROUND_NOT_READY") {
      // Never another category's footage: the video waits while this one is generated next.
      ctx.ports.footage.request(picked.category);
      throw new FootageNotReady(picked.category);
    }
    if (!picked.ok) throw new StageFailure(picked.code, picked.message);
    backgroundPath = picked.asset.file;
    backgroundNext = picked.next.map((asset) => asset.file);
    // Library files can be any size (the built-in loops are stored at half size); the renderer fits them.
    fitted = false;
  }
  let musicPath: string | null = null;
  if (music.ownUrl) musicPath = await importOwn(ctx, "audio", music.ownUrl);
  else if (music.assetId) {
    const track = ctx.ports.library.findMusic(music.assetId);
    if (!track) throw new StageFailure("MUSIC_UNAVAILABLE", `No music ${music.assetId}; see GET /v1/options music.`);
    musicPath = track.file;
  } else if (music.defaultMood && (music.volume ?? 1) > 0) musicPath = moodMusic(ctx, music.defaultMood);
  return { backgroundPath, backgroundNext, fitted, backgroundStartAt: background.ownUrl ? 0 : backgroundStartAt(seedOf(ctx.videoId)), musicPath };
}

/** Footage chosen server-side (article and quiz videos): a category per video, skipping those not generated yet. */
export function serverBackground(ctx: ProductionContext): PreparedMedia {
  const seed = seedOf(ctx.videoId);
  for (let k = 0; k < BACKGROUND_CATEGORIES.length; k++) {
    const category = BACKGROUND_CATEGORIES[(Math.abs(seed) + k) % BACKGROUND_CATEGORIES.length]!;
    const picked = pickBackground(ctx.ports.library, { category }, seed >> 3);
    if (picked.ok) return { backgroundPath: picked.asset.file, backgroundNext: picked.next.map((asset) => asset.file), fitted: false, backgroundStartAt: backgroundStartAt(seed), musicPath: null };
  }
  throw new StageFailure("BACKGROUND_UNAVAILABLE", "This deployment has no background footage in any category.");
}

/** One of the library's loops of a mood (its folder under music/), chosen by the video's seed; null when it has none. */
export function moodMusic(ctx: ProductionContext, mood: string): string | null {
  const tracks = ctx.ports.library.music().filter((m) => m.category?.toLowerCase() === mood.toLowerCase());
  return tracks.length > 0 ? tracks[Math.abs(seedOf(ctx.videoId)) % tracks.length]!.file : null;
}

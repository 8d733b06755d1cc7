import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { open } from "node:fs/promises";
import { join } from "node:path";
import type { Db } from "../../db/client.ts";
import sharp from "sharp";
import { claimMediaImport, findReadyMediaImport, markMediaImportFailed, markMediaImportReady, type MediaKind } from "../../db/repos/media-imports.ts";
import { FfmpegError, FfmpegOutOfMemory, ffmpegToFile, FfmpegTimedOut, probe } from "../../render/ffmpeg.ts";
import {
  acceptedDemuxer,
  decodedFrameRefusal,
  MAX_OWN_MEDIA_SECONDS,
  OWN_MEDIA_CONVERT_MEMORY_BYTES,
  ownAudioConvertArgs,
  ownMediaConvertTimeoutMs,
  ownMediaProbeArgs,
  ownVideoConvertArgs,
  ownVideoWorkRefusal,
  parseFrameRate,
} from "../../render/plan/media-convert.ts";
import { DEFAULT_OWN_MEDIA_SPEED_FLOOR } from "../kernel/config.ts";
import type { FailureCode } from "../kernel/errors.ts";
import { newId } from "../kernel/ids.ts";
import { OutboundError, type OutboundPolicy, outboundRequest, type SpeedFloor } from "../net/outbound.ts";
import type { Recorder } from "../kernel/recorder.ts";
import type { Storage } from "../storage/local.ts";
import { type ConversionQueue, createConversionQueue } from "./conversion-queue.ts";
import { createImportTurns, ImportTurnBusy, type ImportTurns } from "./import-turns.ts";

export const OWN_MEDIA_LIMITS = {
  video: { maxBytes: 300 * 1024 * 1024, label: "300 MB" },
  audio: { maxBytes: 30 * 1024 * 1024, label: "30 MB" },
  image: { maxBytes: 15 * 1024 * 1024, label: "15 MB" },
} as const;
/** Chat avatars and photos are kept at most this many pixels on their longer side. */
const IMAGE_MAX_SIDE = 1080;
/**
 * Images larger than this are refused from their header, before decoding: a phone photo (12 or 24
 * megapixels) passes, a 7000x7000 (49 MP) decompression load does not. Stored images are 1080 px a side.
 */
export const IMAGE_MAX_PIXELS = 25_000_000;
export const IMAGE_MAX_INPUT_SIDE = 8192;
export const REUSE_DAYS = 30;
const FETCH_TIMEOUT_MS = 5 * 60_000;
const MAX_REDIRECTS = 5;
const PROBE_TIMEOUT_MS = 30_000;

export type OwnMediaKind = MediaKind;

export class MediaImportError extends Error {
  constructor(
    readonly code: FailureCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export interface OwnMediaImporter {
  /**
   * The local path of the caller's file converted for rendering (fetched now, or reused). Throws
   * ImportTurnBusy, having done nothing, when the account has no import turn free in this process.
   */
  importMedia(accountId: string, kind: OwnMediaKind, url: string): Promise<string>;
  /** Imports an image by URL and returns its id (med_...), the id chat messages and avatars use. */
  importImage(accountId: string, url: string): Promise<{ id: string; width: number; height: number; reused: boolean }>;
  /** A ready image of the account by id, or undefined. */
  findImage(accountId: string, id: string): Promise<{ path: string; width: number; height: number } | undefined>;
}

export interface OwnMediaDeps {
  db: Db;
  storage: Storage;
  /** https on public addresses only (unless UNSAFE_ALLOW_PRIVATE_URLS), pinned, every redirect checked. */
  policy: OutboundPolicy;
  /** Downloads and conversions in progress; removed whatever happens. */
  tempRoot: string;
  now(): Date;
  /** Conversion turns shared across accounts (one at a time by default). */
  conversions?: ConversionQueue;
  /**
   * Turns of footage and music imports, which run inside pipeline jobs: without one free for the
   * account, importMedia throws ImportTurnBusy at once instead of waiting (DEFAULT_IMPORT_TURNS by default).
   */
  turns?: ImportTurns;
  /** Downloads slower than this past its grace are given up (OWN_MEDIA_MIN_BYTES_PER_SECOND); null: none. */
  speedFloor?: SpeedFloor | null;
  /** Processor-time bound of a conversion of `seconds` of media (ownMediaConvertTimeoutMs by default). */
  convertTimeoutMs?(seconds: number): number;
  /** Told the bytes each download took (metrics). */
  recorder?: Recorder;
}

/** The daily own-media quota counts from UTC midnight. */
export function utcDayStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

function fetchFailure(url: string, error: unknown): MediaImportError {
  if (error instanceof MediaImportError) return error;
  const detail = error instanceof Error ? error.message : String(error);
  return new MediaImportError("MEDIA_FETCH_FAILED", `${url} could not be downloaded: ${detail}`);
}

/**
 * Streams the URL to `path`, refusing anything over the kind's size limit as it arrives and giving up on a
 * source slower than the floor.
 */
async function download(deps: OwnMediaDeps, kind: OwnMediaKind, url: string, path: string): Promise<number> {
  const file = await open(path, "w");
  const speedFloor = deps.speedFloor === undefined ? DEFAULT_OWN_MEDIA_SPEED_FLOOR : (deps.speedFloor ?? undefined);
  try {
    const response = await outboundRequest(
      url,
      {
        timeoutMs: FETCH_TIMEOUT_MS,
        maxBytes: OWN_MEDIA_LIMITS[kind].maxBytes,
        maxRedirects: MAX_REDIRECTS,
        speedFloor,
        onData: async (chunk) => void (await file.write(chunk)),
      },
      deps.policy,
    );
    if (response.status !== 200) throw new MediaImportError("MEDIA_FETCH_FAILED", `${url} answered HTTP ${response.status}.`);
  } catch (error) {
    if (error instanceof OutboundError && error.reason === "too_large") {
      throw new MediaImportError("MEDIA_FETCH_FAILED", `${url} is larger than ${OWN_MEDIA_LIMITS[kind].label}, the limit for own ${kind}.`);
    }
    if (error instanceof OutboundError && error.reason === "too_slow") {
      throw new MediaImportError("MEDIA_FETCH_FAILED", `${url} was too slow to download and was given up: ${error.message}.`);
    }
    throw fetchFailure(url, error);
  } finally {
    await file.close();
  }
  return statSync(path).size;
}

/**
 * Checks with ffprobe that the file is a single-file container with the wanted stream, at most 10 minutes
 * long and (footage) within the conversion's work limits. Returns its length and the demuxer to force.
 */
async function inspect(kind: Exclude<OwnMediaKind, "image">, url: string, path: string): Promise<{ duration: number; demuxer: string }> {
  const invalid = new MediaImportError("MEDIA_INVALID", `${url} is not usable ${kind === "video" ? "video" : "audio"}.`);
  let probed: Awaited<ReturnType<typeof probe>>;
  try {
    // Reading a header takes milliseconds; a file that keeps ffprobe busy for long is not plain media.
    probed = await probe(path, ownMediaProbeArgs(kind), { timeoutMs: PROBE_TIMEOUT_MS, memoryLimitBytes: OWN_MEDIA_CONVERT_MEMORY_BYTES });
  } catch (error) {
    if (error instanceof FfmpegOutOfMemory) throw outOfMemory(url, error);
    throw invalid;
  }
  const demuxer = acceptedDemuxer(kind, probed.format.format_name);
  if (!demuxer) throw invalid;
  const streams = probed.streams.filter((s) => s.codec_type === kind && !(kind === "video" && s.disposition?.attached_pic === 1));
  const duration = Number(probed.format.duration ?? streams[0]?.duration);
  // Still images probe as one-frame "video"; a background must move.
  if (streams.length === 0 || !Number.isFinite(duration) || duration <= 0.2) throw invalid;
  if (duration > MAX_OWN_MEDIA_SECONDS) {
    throw new MediaImportError("MEDIA_TOO_LONG", `${url} lasts ${Math.round(duration)} s; own media may last at most ${MAX_OWN_MEDIA_SECONDS / 60} minutes.`);
  }
  if (kind === "video") {
    const stream = streams[0]!;
    const refusal = ownVideoWorkRefusal({
      width: Number(stream.width) || 0,
      height: Number(stream.height) || 0,
      fps: Math.max(parseFrameRate(stream.r_frame_rate), parseFrameRate(stream.avg_frame_rate)),
      seconds: duration,
    });
    if (refusal) throw new MediaImportError("MEDIA_INVALID", `${url} is too costly to convert: ${refusal}.`);
  }
  return { duration, demuxer };
}

function outOfMemory(url: string, error: FfmpegOutOfMemory): MediaImportError {
  return new MediaImportError("MEDIA_INVALID", `${url} needs more than ${Math.round(error.limitBytes / (1024 * 1024))} MB of memory to convert, the limit for own media.`, { cause: error });
}

/** Converts a downloaded image to a JPEG of at most 1080 px a side, upright; refuses anything sharp cannot read. */
async function convertImage(url: string, input: string, output: string): Promise<void> {
  let meta: Awaited<ReturnType<ReturnType<typeof sharp>["metadata"]>>;
  try {
    // Reads the header only: the pixel limit holds before anything is decoded.
    meta = await sharp(input).metadata();
  } catch {
    throw new MediaImportError("MEDIA_INVALID", `${url} is not a usable image (JPEG, PNG, WebP, GIF or AVIF).`);
  }
  if (meta.format === "svg") throw new MediaImportError("MEDIA_INVALID", `${url} is an SVG; images must be raster (JPEG, PNG, WebP, GIF or AVIF).`);
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (width > IMAGE_MAX_INPUT_SIDE || height > IMAGE_MAX_INPUT_SIDE || width * height > IMAGE_MAX_PIXELS) {
    throw new MediaImportError(
      "MEDIA_INVALID",
      `${url} is ${width}x${height}; images may be at most ${IMAGE_MAX_PIXELS / 1_000_000} megapixels and ${IMAGE_MAX_INPUT_SIDE} px a side.`,
    );
  }
  try {
    await sharp(input, { limitInputPixels: IMAGE_MAX_PIXELS })
      .rotate()
      .resize(IMAGE_MAX_SIDE, IMAGE_MAX_SIDE, { fit: "inside", withoutEnlargement: true })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 86 })
      .toFile(output);
  } catch {
    throw new MediaImportError("MEDIA_INVALID", `${url} is not a usable image (JPEG, PNG, WebP, GIF or AVIF).`);
  }
}

const EXTENSIONS = { video: "mp4", audio: "mp3", image: "jpg" } as const;

/** A conversion's wall-clock bound, in multiples of its processor-time bound. */
const CONVERT_WALL_FACTOR = 10;

/**
 * Callers' own backgrounds and music by URL: fetched through the outbound guard, checked, converted with
 * ffmpeg restricted to local files, and kept in storage. A URL imported by the account in the last 30
 * days is reused and not counted; at most the account's mediaImportsPerDay (20 unless an operator
 * changed it) new URLs a day (UTC).
 */
export function createOwnMediaImporter(deps: OwnMediaDeps): OwnMediaImporter {
  mkdirSync(deps.tempRoot, { recursive: true });
  const conversions = deps.conversions ?? createConversionQueue();
  const turns = deps.turns ?? createImportTurns();
  const timeoutFor = deps.convertTimeoutMs ?? ownMediaConvertTimeoutMs;
  /** `turn`: the import runs inside a pipeline job and takes one of the import turns (footage, music). */
  const run = async (accountId: string, kind: OwnMediaKind, url: string, turn: boolean): Promise<{ id: string; path: string; reused: boolean }> => {
    const now = deps.now();
    const urlHash = createHash("sha256").update(url).digest("hex");
    const claim = await claimMediaImport(deps.db, {
      id: newId("med", now.getTime()),
      accountId,
      kind,
      url,
      urlHash,
      now,
      reuseSince: new Date(now.getTime() - REUSE_DAYS * 86_400_000),
      dayStart: utcDayStart(now),
    });
    if (claim.outcome === "quota_exceeded") {
      throw new MediaImportError(
        "MEDIA_QUOTA_EXCEEDED",
        `This account has imported ${claim.used} new media URLs today (UTC); the limit is ${claim.quota}. URLs imported in the last ${REUSE_DAYS} days are reused without counting.`,
      );
    }
    if (claim.outcome === "reuse") {
      const path = claim.row.storageKey ? await deps.storage.fetch(claim.row.storageKey) : undefined;
      if (path) return { id: claim.row.id, path, reused: true };
    }
    const row = claim.row;
    // Taken after the claim: a reused file needs no turn. A claim left `fetching` here is claimed
    // again by the next attempt without being counted twice.
    const giveBack = turn ? turns.take(accountId) : () => {};
    if (!giveBack) throw new ImportTurnBusy(accountId);
    const temp = mkdtempSync(join(deps.tempRoot, `${row.id}-`));
    try {
      const downloaded = join(temp, "download");
      const bytes = await download(deps, kind, url, downloaded);
      deps.recorder?.importBytes(kind, bytes);
      const storageKey = `media-${row.id}.${EXTENSIONS[kind]}`;
      const converted = join(temp, `converted.${EXTENSIONS[kind]}`);
      let duration = 0;
      if (kind === "image") await convertImage(url, downloaded, converted);
      else {
        const inspected = await inspect(kind, url, downloaded);
        duration = inspected.duration;
        const args = (out: string) => (kind === "video" ? ownVideoConvertArgs : ownAudioConvertArgs)(downloaded, out, inspected.demuxer);
        const cpuLimitMs = timeoutFor(duration);
        try {
          // Judged by the processor time the conversion used: it runs below renders' priority, and on a
          // busy worker a plain clip could wait past any wall-clock bound. The wall bound only catches a
          // conversion that stops making progress at all.
          const bounds = { cpuLimitMs, timeoutMs: cpuLimitMs * CONVERT_WALL_FACTOR, background: true, memoryLimitBytes: OWN_MEDIA_CONVERT_MEMORY_BYTES };
          await conversions.run(accountId, () => ffmpegToFile(converted, args, bounds));
        } catch (error) {
          if (error instanceof FfmpegTimedOut) {
            const spent = error.measure === "processor" ? `more than ${Math.round(cpuLimitMs / 1000)} s of processing` : `longer than ${Math.round(error.timeoutMs / 1000)} s`;
            throw new MediaImportError("MEDIA_INVALID", `${url} took ${spent} to convert, the limit for ${Math.round(duration)} s of ${kind}.`, { cause: error });
          }
          if (error instanceof FfmpegOutOfMemory) throw outOfMemory(url, error);
          const grown = error instanceof FfmpegError ? decodedFrameRefusal(error.stderr) : undefined;
          if (grown) throw new MediaImportError("MEDIA_INVALID", `${url} is too costly to convert: ${grown}.`, { cause: error });
          throw new MediaImportError("MEDIA_INVALID", `${url} could not be decoded as ${kind}.`, { cause: error });
        }
      }
      await deps.storage.put(storageKey, converted);
      await markMediaImportReady(deps.db, row.id, { storageKey, bytes, durationMs: Math.round(duration * 1000) });
      const stored = await deps.storage.fetch(storageKey);
      if (!stored) throw new Error(`${storageKey} was stored and is gone`);
      return { id: row.id, path: stored, reused: false };
    } catch (error) {
      const failure = fetchFailure(url, error);
      await markMediaImportFailed(deps.db, row.id, failure.code);
      throw failure;
    } finally {
      giveBack();
      rmSync(temp, { recursive: true, force: true });
    }
  };
  return {
    importMedia: async (accountId, kind, url) => (await run(accountId, kind, url, true)).path,
    async importImage(accountId, url) {
      const { id, path, reused } = await run(accountId, "image", url, false);
      const meta = await sharp(path).metadata();
      return { id, width: meta.width ?? 0, height: meta.height ?? 0, reused };
    },
    async findImage(accountId, id) {
      const row = await findReadyMediaImport(deps.db, accountId, id, "image");
      const path = row?.storageKey ? await deps.storage.fetch(row.storageKey) : undefined;
      if (!path) return undefined;
      const meta = await sharp(path).metadata();
      return { path, width: meta.width ?? 0, height: meta.height ?? 0 };
    },
  };
}

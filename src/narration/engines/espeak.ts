import { CString, FFIType, JSCallback, dlopen, ptr, read, toArrayBuffer } from "bun:ffi";
import type { RawNarration, SpeechChunk } from "./engine.ts";
import { NarrationError } from "../narrator.ts";
import { writeWav } from "./engine.ts";

/**
 * espeak-ng through libespeak-ng (Debian libespeak-ng1): synchronous synthesis in this process, with the
 * library's word events (the command-line tool prints none). Events give each word's start; a word ends
 * where its audio falls silent before the next word starts.
 */
const AUDIO_OUTPUT_SYNCHRONOUS = 2;
const EVENT_LIST_TERMINATED = 0;
const EVENT_WORD = 1;
const EVENT_STRIDE = 40; // sizeof(espeak_EVENT) on x86-64: type@0 text_position@8 length@12 audio_position@16
const PARAM_RATE = 1;
const PARAM_PITCH = 3;
const CHARS_UTF8 = 1;

type Lib = ReturnType<typeof openLibrary>;

function openLibrary() {
  return dlopen("libespeak-ng.so.1", {
    espeak_Initialize: { args: [FFIType.i32, FFIType.i32, FFIType.ptr, FFIType.i32], returns: FFIType.i32 },
    espeak_SetSynthCallback: { args: [FFIType.function], returns: FFIType.void },
    espeak_SetVoiceByName: { args: [FFIType.cstring], returns: FFIType.i32 },
    espeak_SetParameter: { args: [FFIType.i32, FFIType.i32, FFIType.i32], returns: FFIType.i32 },
    espeak_Synth: {
      args: [FFIType.ptr, FFIType.u64, FFIType.u32, FFIType.i32, FFIType.u32, FFIType.u32, FFIType.ptr, FFIType.ptr],
      returns: FFIType.i32,
    },
    espeak_Synchronize: { args: [], returns: FFIType.i32 },
    espeak_ListVoices: { args: [FFIType.ptr], returns: FFIType.ptr },
  });
}

export interface WordEvent {
  /** 0-based character index into the synthesized text. */
  position: number;
  ms: number;
}

let state: { lib: Lib; sampleRate: number; samples: Int16Array[]; events: WordEvent[]; callback: JSCallback } | undefined;

function library() {
  if (state) return state;
  let lib: Lib;
  try {
    lib = openLibrary();
  } catch (error) {
    throw new NarrationError("espeak-ng", `libespeak-ng.so.1 could not be loaded (install libespeak-ng1): ${(error as Error).message}`);
  }
  const sampleRate = lib.symbols.espeak_Initialize(AUDIO_OUTPUT_SYNCHRONOUS, 0, null, 0);
  if (sampleRate <= 0) throw new NarrationError("espeak-ng", "espeak_Initialize failed");
  const s = { lib, sampleRate, samples: [] as Int16Array[], events: [] as WordEvent[], callback: undefined as unknown as JSCallback };
  s.callback = new JSCallback(
    (wav: number, count: number, events: number) => {
      if (wav && count > 0) s.samples.push(new Int16Array(toArrayBuffer(wav as never, 0, count * 2).slice(0)));
      for (let offset = 0; ; offset += EVENT_STRIDE) {
        const type = read.i32(events as never, offset);
        if (type === EVENT_LIST_TERMINATED) break;
        // Zero-length word events are spurious (seen at sentence ends in 1.51).
        if (type === EVENT_WORD && read.i32(events as never, offset + 12) > 0) {
          s.events.push({ position: read.i32(events as never, offset + 8) - 1, ms: read.i32(events as never, offset + 16) });
        }
      }
      return 0;
    },
    { args: [FFIType.ptr, FFIType.i32, FFIType.ptr], returns: FFIType.i32 },
  );
  lib.symbols.espeak_SetSynthCallback(s.callback);
  state = s;
  return s;
}

/** One installed espeak-ng voice: its file (what SetVoiceByName takes) and the language tags it speaks. */
export interface EspeakVoiceInfo {
  identifier: string;
  /** Lower-case BCP 47 tags with espeak's priority (lower is a better match). */
  languages: { tag: string; priority: number }[];
}

let voices: EspeakVoiceInfo[] | undefined;

/**
 * The voices this machine's espeak-ng has, from espeak_ListVoices. MBROLA voices (`mb/...`) need the
 * separate mbrola program and databases, which are not installed, so they are left out.
 */
export function espeakVoices(): EspeakVoiceInfo[] {
  if (voices) return voices;
  const s = library();
  // A NULL-terminated array of espeak_VOICE pointers; each voice: name@0 languages@8 identifier@16 (x86-64).
  const list = s.lib.symbols.espeak_ListVoices(null);
  const found: EspeakVoiceInfo[] = [];
  for (let i = 0; list; i++) {
    const voice = read.ptr(list, i * 8);
    if (!voice) break;
    const identifier = new CString(read.ptr(voice as never, 16) as never).toString();
    const languagesPtr = read.ptr(voice as never, 8);
    const languages: EspeakVoiceInfo["languages"] = [];
    // A run of (priority byte, NUL-terminated tag) pairs, ended by a zero priority.
    for (let at = 0; ; ) {
      const priority = read.u8(languagesPtr as never, at);
      if (priority === 0) break;
      const tag = new CString(languagesPtr as never, at + 1).toString();
      languages.push({ tag: tag.toLowerCase(), priority });
      at += 1 + Buffer.byteLength(tag) + 1;
    }
    if (!identifier.startsWith("mb/")) found.push({ identifier, languages });
  }
  voices = found;
  return found;
}

/**
 * The voice for a language tag ("es", "es-MX", "zh", "pt-BR"): a voice listing the tag itself, else one
 * listing its primary language, the best espeak priority first. Undefined when no voice speaks it.
 */
export function pickEspeakVoice(all: readonly EspeakVoiceInfo[], language: string): string | undefined {
  const tag = language.toLowerCase();
  const primary = tag.split("-")[0]!;
  const best = (match: (t: string) => boolean) => {
    let chosen: { identifier: string; priority: number } | undefined;
    for (const v of all) {
      for (const l of v.languages) if (match(l.tag) && (!chosen || l.priority < chosen.priority)) chosen = { identifier: v.identifier, priority: l.priority };
    }
    return chosen?.identifier;
  };
  return best((t) => t === tag) ?? best((t) => t === primary) ?? best((t) => t.split("-")[0] === primary);
}

/** The ISO 639-1 languages the voices speak (two-letter primary subtags), sorted. */
export function espeakLanguages(all: readonly EspeakVoiceInfo[]): string[] {
  const codes = new Set<string>();
  for (const v of all) for (const l of v.languages) if (/^[a-z]{2}$/.test(l.tag.split("-")[0]!)) codes.add(l.tag.split("-")[0]!);
  return [...codes].sort();
}

/**
 * Start time (ms) per word from word events: an event belongs to the word whose text span holds its
 * position, else to the next word after it (events are sometimes reported at preceding punctuation).
 * Words that speak nothing (`from` < 0) never take one.
 */
export function assignEvents(spans: readonly { from: number; to: number }[], events: readonly WordEvent[]): number[] {
  const result = spans.map(() => Number.NaN);
  for (const event of events) {
    let owner = spans.findIndex((sp) => sp.from >= 0 && event.position >= sp.from && event.position < sp.to);
    if (owner < 0) owner = spans.findIndex((sp) => sp.from >= 0 && sp.from > event.position);
    if (owner >= 0 && !(result[owner]! <= event.ms)) result[owner] = event.ms;
  }
  return result;
}

export interface EspeakVoice {
  /** espeak-ng voice name with optional variant: "en-us", "en-gb+f3", "de". */
  name: string;
  /** Words per minute (espeak default 175). */
  wordsPerMinute?: number;
  /** 0-100 (espeak default 50). */
  pitch?: number;
}

/** Where speech in `samples` ends before `limit` (both sample indices): the last 10 ms frame above the floor. */
export function speechEnd(samples: Int16Array, from: number, limit: number, sampleRate: number): number {
  const frame = Math.max(1, Math.round(sampleRate / 100));
  const floor = 300; // ~-40 dBFS
  for (let end = limit; end - frame >= from; end -= frame) {
    let energy = 0;
    for (let i = end - frame; i < end; i++) energy += samples[i]! * samples[i]!;
    if (Math.sqrt(energy / frame) > floor) return end;
  }
  return Math.min(limit, from + frame);
}

/** Synthesizes the chunks as one text; times are seconds from the start of the returned audio. */
export async function synthesizeWithEspeak(voice: EspeakVoice, chunks: readonly SpeechChunk[], wavPath: string): Promise<RawNarration> {
  const s = library();
  const words = chunks.flatMap((c) => c.words);
  // The text the engine reads, with where each script word starts in it.
  // Positions count code points, as espeak's text_position does.
  let text = "";
  let chars = 0;
  const starts: number[] = [];
  const lengths: number[] = [];
  for (const w of words) {
    if (text) (text += " "), chars++;
    // Punctuation-only words ("—") are not spoken, so they must not take the next word's event.
    starts.push(/[\p{L}\p{N}]/u.test(w.engineText) ? chars : -1);
    const length = [...w.engineText].length;
    lengths.push(length);
    text += w.engineText;
    chars += length;
  }
  if (s.lib.symbols.espeak_SetVoiceByName(Buffer.from(`${voice.name}\0`)) !== 0) {
    throw new NarrationError("espeak-ng", `unknown voice ${voice.name}`);
  }
  s.lib.symbols.espeak_SetParameter(PARAM_RATE, voice.wordsPerMinute ?? 175, 0);
  s.lib.symbols.espeak_SetParameter(PARAM_PITCH, voice.pitch ?? 50, 0);
  s.samples = [];
  s.events = [];
  const bytes = Buffer.from(`${text}\0`, "utf8");
  const status = s.lib.symbols.espeak_Synth(ptr(bytes), bytes.length, 0, 0, 0, CHARS_UTF8, null, null);
  s.lib.symbols.espeak_Synchronize();
  if (status !== 0) throw new NarrationError("espeak-ng", `espeak_Synth failed with status ${status}`);
  const total = s.samples.reduce((n, c) => n + c.length, 0);
  const audio = new Int16Array(total);
  let at = 0;
  for (const c of s.samples) (audio.set(c, at), (at += c.length));
  const startMs = assignEvents(words.map((_, i) => ({ from: starts[i]!, to: starts[i]! + lengths[i]! })), s.events);
  const seconds = total / s.sampleRate;
  const timed = words.map((w) => ({ ...w.word, start: Number.NaN, end: Number.NaN }));
  // A run of words sharing one event (1.51 merges some, "for the") splits that event's span by length.
  for (let i = 0; i < words.length; i++) {
    if (!Number.isFinite(startMs[i]!)) continue;
    let j = i + 1;
    while (j < words.length && !Number.isFinite(startMs[j]!) && starts[j]! >= 0) j++;
    const next = startMs.slice(j).find((ms) => Number.isFinite(ms)) ?? seconds * 1000;
    const from = Math.round((startMs[i]! / 1000) * s.sampleRate);
    const end = speechEnd(audio, from, Math.min(total, Math.round((next / 1000) * s.sampleRate)), s.sampleRate) / s.sampleRate;
    const begin = startMs[i]! / 1000;
    const shares = lengths.slice(i, j).map((n) => Math.max(1, n));
    const sum = shares.reduce((a, b) => a + b, 0);
    let cursor = begin;
    for (let k = i; k < j; k++) {
      const share = ((end - begin) * shares[k - i]!) / sum;
      timed[k] = { ...timed[k]!, start: cursor, end: cursor + share };
      cursor += share;
    }
    i = j - 1;
  }
  await writeWav(wavPath, audio, s.sampleRate);
  return { wavPath, duration: total / s.sampleRate, sampleRate: s.sampleRate, words: timed };
}

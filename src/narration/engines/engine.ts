
import { open } from "node:fs/promises";
import { engineSpelling } from "../normalize.ts";
import type { ScriptWord, WordTiming } from "../words.ts";

export interface ChunkWord {
  word: ScriptWord;
  /** What the engine hears for this word (may be empty: an emoji, say). */
  engineText: string;
}

/** A run of whole sentences synthesized as one utterance. */
export interface SpeechChunk {
  words: ChunkWord[];
}

/** Engine output before post-processing: times in seconds from the start of `wavPath`; NaN where untimed. */
export interface RawNarration {
  wavPath: string;
  duration: number;
  sampleRate: number;
  words: WordTiming[];
}

const SENTENCE_END = /[.!?…。！？؟।]["')\]」』]*$/u;
const ABBREVIATION = /^(mr|mrs|ms|dr|prof|st|jr|sr|vs|etc|inc|ltd|co|no|mt|e\.g|i\.e|u\.s|a\.m|p\.m)\.$/i;

/**
 * Groups words into chunks of whole sentences, at most about `maxWords` each. `spell` gives what the engine
 * hears for each word, by its text and index (ASCII for festival, see espeak-spelling.ts for espeak-ng).
 */
export function chunkScript(words: readonly ScriptWord[], maxWords = 60, spell: (word: string, index: number) => string = engineSpelling): SpeechChunk[] {
  const chunks: SpeechChunk[] = [];
  let current: ChunkWord[] = [];
  for (const [index, word] of words.entries()) {
    current.push({ word, engineText: spell(word.text, index) });
    // Close a chunk at a sentence end once it has a third of the budget, or anywhere when a sentence runs long.
    const sentenceDone = SENTENCE_END.test(word.text) && !ABBREVIATION.test(word.text);
    if ((sentenceDone && current.length >= maxWords / 3) || current.length >= maxWords * 1.5) {
      chunks.push({ words: current });
      current = [];
    }
  }
  if (current.length > 0) {
    // A trailing run with nothing an engine can say ("... the end. 😭😭") joins the sentence before it:
    // sent alone, engines crash or write no audio.
    const last = chunks.at(-1);
    if (last && current.every((w) => !w.engineText)) last.words.push(...current);
    else chunks.push({ words: current });
  }
  return chunks;
}

export interface WavInfo {
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  dataOffset: number;
  dataBytes: number;
  duration: number;
}

/** Reads a RIFF/WAVE header (PCM) to learn the rate and length without decoding. */
export async function readWavInfo(path: string): Promise<WavInfo> {
  const file = await open(path, "r");
  try {
    const header = Buffer.alloc(4096);
    const { bytesRead } = await file.read(header, 0, header.length, 0);
    if (bytesRead < 44 || header.toString("ascii", 0, 4) !== "RIFF" || header.toString("ascii", 8, 12) !== "WAVE") {
      throw new Error(`${path} is not a WAV file`);
    }
    let offset = 12;
    let fmt: { channels: number; sampleRate: number; bits: number } | undefined;
    while (offset + 8 <= bytesRead) {
      const id = header.toString("ascii", offset, offset + 4);
      const size = header.readUInt32LE(offset + 4);
      if (id === "fmt ") {
        fmt = { channels: header.readUInt16LE(offset + 10), sampleRate: header.readUInt32LE(offset + 12), bits: header.readUInt16LE(offset + 22) };
      } else if (id === "data" && fmt) {
        const { size: fileSize } = await file.stat();
        const dataBytes = Math.min(size, fileSize - offset - 8);
        const bytesPerSecond = fmt.sampleRate * fmt.channels * (fmt.bits / 8);
        return { sampleRate: fmt.sampleRate, channels: fmt.channels, bitsPerSample: fmt.bits, dataOffset: offset + 8, dataBytes, duration: dataBytes / bytesPerSecond };
      }
      offset += 8 + size + (size % 2);
    }
    throw new Error(`${path} has no PCM data chunk`);
  } finally {
    await file.close();
  }
}

/** Writes 16-bit mono PCM as a WAV file. */
export async function writeWav(path: string, samples: Int16Array, sampleRate: number): Promise<void> {
  const header = Buffer.alloc(44);
  const dataBytes = samples.length * 2;
  header.write("RIFF", 0, "ascii");
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write("WAVE", 8, "ascii");
  header.write("fmt ", 12, "ascii");
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36, "ascii");
  header.writeUInt32LE(dataBytes, 40);
  await Bun.write(path, Buffer.concat([header, Buffer.from(samples.buffer, samples.byteOffset, dataBytes)]));
}

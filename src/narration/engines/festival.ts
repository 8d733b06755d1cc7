import { join } from "node:path";
import { timeWords } from "../align.ts";
import type { RawNarration, SpeechChunk } from "./engine.ts";
import { NarrationError } from "../narrator.ts";
import { readWavInfo } from "./engine.ts";

/** Festival voices from Debian packages: HTS (festvox-us-slt-hts) and diphone (festvox-kallpc16k, -kdlpc16k). */
export const FESTIVAL_VOICES = {
  slt: "voice_cmu_us_slt_arctic_hts",
  kal: "voice_kal_diphone",
  ked: "voice_ked_diphone",
} as const;
export type FestivalVoice = keyof typeof FESTIVAL_VOICES;

function schemeString(text: string): string {
  return `"${text.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
}

/**
 * The script festival runs (`festival -b`; with --script its init is not loaded and voices are unbound).
 * For each chunk it saves a WAV and prints one line per word: chunk, whether it starts a token, the token's
 * name, start and end.
 * A token can expand into several words ("1995" -> nineteen ninety five); times are read from the
 * Segment relation, which is exact for the audio festival writes.
 */
export function festivalScript(voice: FestivalVoice, chunks: readonly { text: string; wavPath: string }[]): string {
  const lines = [
    `(${FESTIVAL_VOICES[voice]})`,
    `(define (word-start w) (item.feat w "R:SylStructure.daughter1.daughter1.R:Segment.p.end"))`,
    `(define (word-end w) (item.feat w "R:SylStructure.daughtern.daughtern.R:Segment.end"))`,
    // A word whose Token-relation predecessor is missing ("0") starts a new token.
    `(define (say-chunk index text wav)
  (let ((utt (utt.synth (eval (list 'Utterance 'Text text)))))
    (utt.save.wave utt wav 'riff)
    (mapcar
      (lambda (w)
        (format t "W|%d|%s|%s|%f|%f\\n" index
          (if (string-equal "0" (item.feat w "R:Token.p.name")) "1" "0")
          (item.feat w "R:Token.parent.name") (word-start w) (word-end w)))
      (utt.relation.items utt 'Word))))`,
    ...chunks.map((c, i) => `(say-chunk ${i} ${schemeString(c.text)} ${schemeString(c.wavPath)})`),
  ];
  return lines.join("\n") + "\n";
}

export interface FestivalToken {
  chunk: number;
  name: string;
  start: number;
  end: number;
}

/** Words folded back into their tokens: a token spans its first word's start to its last word's end. */
export function parseFestivalOutput(stdout: string): FestivalToken[] {
  const tokens: FestivalToken[] = [];
  for (const line of stdout.split("\n")) {
    const parts = line.split("|");
    if (parts[0] !== "W" || parts.length < 6) continue;
    const chunk = Number(parts[1]);
    const start = Number(parts.at(-2));
    const end = Number(parts.at(-1));
    const last = tokens.at(-1);
    if (parts[2] === "0" && last && last.chunk === chunk) {
      last.end = Math.max(last.end, end);
      continue;
    }
    tokens.push({ chunk, name: parts.slice(3, -2).join("|"), start, end });
  }
  return tokens;
}

/** Synthesizes every chunk in one festival process; times are per chunk (seconds from the chunk's start). */
export async function synthesizeWithFestival(voice: FestivalVoice, chunks: readonly SpeechChunk[], workDir: string): Promise<RawNarration[]> {
  const jobs = chunks.map((c, i) => ({ text: c.words.map((w) => w.engineText).filter(Boolean).join(" "), wavPath: join(workDir, `festival-${i}.wav`) }));
  const scriptPath = join(workDir, "festival.scm");
  await Bun.write(scriptPath, festivalScript(voice, jobs));
  const proc = Bun.spawn(["festival", "-b", scriptPath], { cwd: workDir, stdout: "pipe", stderr: "pipe", env: { ...process.env, HOME: workDir } });
  const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  if (code !== 0) throw new NarrationError("festival", code === 139 || code === 134 ? `crashed (exit ${code})` : `exited with ${code}`, false, stderr.trim().slice(-400));
  const tokens = parseFestivalOutput(stdout);
  return Promise.all(
    chunks.map(async (chunk, i) => {
      const info = await readWavInfo(jobs[i]!.wavPath).catch(() => {
        throw new NarrationError("festival", `wrote no audio for part ${i + 1} of the script`, false, stderr.trim().slice(-300));
      });
      const mine = tokens.filter((t) => t.chunk === i).map((t) => ({ text: t.name, start: t.start, end: t.end }));
      const words = timeWords(
        chunk.words.map((w) => w.word),
        chunk.words.map((w) => w.engineText),
        mine,
      );
      return { wavPath: jobs[i]!.wavPath, duration: info.duration, sampleRate: info.sampleRate, words };
    }),
  );
}

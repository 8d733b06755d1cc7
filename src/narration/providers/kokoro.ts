import { join } from "node:path";
import { timeWords } from "../align.ts";
import { type Narration, NarrationError, type NarrationRequest, type Narrator } from "../narrator.ts";
import { type ProviderVoiceTable, providerVoiceFor } from "../provider-voices.ts";
import { DEFAULT_RETRY, type RetryPolicy, postWithRetry } from "./http.ts";
import { finishNarration, mediaDuration, withScript } from "./shape-provider-audio.ts";

export interface KokoroOptions {
  baseUrl: string;
  retry?: RetryPolicy;
}

/** Kokoro v1.0 voices by gender and accent. */
export const KOKORO_VOICES: ProviderVoiceTable = {
  female: { american: ["af_bella", "af_sarah", "af_nicole", "af_sky", "af_heart", "af_nova"], british: ["bf_emma", "bf_isabella", "bf_alice", "bf_lily"] },
  male: { american: ["am_adam", "am_michael", "am_eric", "am_liam", "am_onyx", "am_puck"], british: ["bm_george", "bm_lewis", "bm_daniel", "bm_fable"] },
  neutral: ["af_river", "am_echo"],
};

interface CaptionedSpeech {
  audio?: string;
  audio_format?: string;
  timestamps?: { word: string; start_time: number; end_time: number }[];
}

/** Kokoro-FastAPI's captioned speech endpoint, which returns word timestamps with the audio. */
export function createKokoroNarrator(options: KokoroOptions): Narrator {
  const retry = options.retry ?? DEFAULT_RETRY;
  return {
    provider: "kokoro",
    // Kokoro has Spanish, French, Hindi, Italian, Japanese, Portuguese and Chinese voices, but the catalog's
    // ids map to its English ones only; other languages go to the offline voices.
    languages: ["en"],
    async narrate(request: NarrationRequest, outPath: string): Promise<Narration> {
      return withScript("kokoro", request.text, outPath, async (words, workDir) => {
      const response = await postWithRetry(
        "kokoro",
        `${options.baseUrl}/dev/captioned_speech`,
        {
          headers: {},
          body: {
            model: "kokoro",
            input: request.text,
            voice: providerVoiceFor(request.voiceId, KOKORO_VOICES),
            response_format: "wav",
            speed: request.speed ?? 1,
            stream: false,
            return_timestamps: true,
          },
        },
        retry,
      );
      const body = (await response.json().catch(() => undefined)) as CaptionedSpeech | undefined;
      if (!body?.audio || !Array.isArray(body.timestamps)) throw new NarrationError("kokoro", "the answer had no audio or timestamps");
        const path = join(workDir, `speech.${body.audio_format ?? "wav"}`);
        await Bun.write(path, Buffer.from(body.audio, "base64"));
        const tokens = body.timestamps.map((t) => ({ text: t.word, start: t.start_time, end: t.end_time }));
        const timed = timeWords(words, words.map((w) => w.text), tokens);
        const segment = { wavPath: path, duration: await mediaDuration(path), words: timed };
        return finishNarration("kokoro", [segment], { formant: 1, pitch: request.pitch ?? 1, tempo: 1 }, outPath);
      });
    },
  };
}

import type { Config } from "../kernel/config.ts";
import { type Narrator, speaks } from "./narrator.ts";
import { createElevenLabsNarrator } from "./providers/elevenlabs.ts";
import { createKokoroNarrator } from "./providers/kokoro.ts";
import { createOfflineNarrator } from "./providers/offline.ts";
import { createOpenAiNarrator } from "./providers/openai.ts";

/**
 * A provider for the languages it speaks and the offline voices for the rest: a deployment with a provider
 * still narrates every language espeak-ng knows.
 */
export function withOfflineFallback(primary: Narrator, offline: Narrator): Narrator {
  let languages: string[] | undefined;
  return {
    provider: primary.provider,
    get languages() {
      return (languages ??= [...new Set([...primary.languages, ...offline.languages])].sort());
    },
    narrate: (request, outPath) => (speaks(primary, request.language ?? "en") ? primary : offline).narrate(request, outPath),
  };
}

/** The narrator a deployment uses, from configuration; the offline voices need nothing. */
export function createNarrator(config: Config["narration"]): Narrator {
  const offline = createOfflineNarrator({ engine: config.offlineEngine });
  const primary = providerNarrator(config);
  return primary ? withOfflineFallback(primary, offline) : offline;
}

function providerNarrator(config: Config["narration"]): Narrator | undefined {
  const configured = {
    elevenlabs: config.elevenLabs.apiKey !== "",
    openai: config.openAi.baseUrl !== "",
    kokoro: config.kokoro.baseUrl !== "",
  };
  const provider =
    config.provider !== "auto"
      ? config.provider
      : configured.elevenlabs
        ? "elevenlabs"
        : configured.openai
          ? "openai"
          : configured.kokoro
            ? "kokoro"
            : "offline";
  switch (provider) {
    case "elevenlabs":
      if (!configured.elevenlabs) throw new Error("NARRATION_PROVIDER=elevenlabs needs ELEVENLABS_API_KEY");
      return createElevenLabsNarrator({ apiKey: config.elevenLabs.apiKey, baseUrl: config.elevenLabs.baseUrl, modelId: config.elevenLabs.model });
    case "openai":
      if (!configured.openai) throw new Error("NARRATION_PROVIDER=openai needs OPENAI_TTS_BASE_URL");
      return createOpenAiNarrator({ baseUrl: config.openAi.baseUrl, apiKey: config.openAi.apiKey, model: config.openAi.model });
    case "kokoro":
      if (!configured.kokoro) throw new Error("NARRATION_PROVIDER=kokoro needs KOKORO_BASE_URL");
      return createKokoroNarrator({ baseUrl: config.kokoro.baseUrl });
    case "offline":
      return undefined;
  }
}

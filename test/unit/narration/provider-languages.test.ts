import { describe, expect, test } from "bun:test";
import type { Narration, NarrationRequest, Narrator } from "../../../src/narration/narrator.ts";
import { elevenLabsLanguages } from "../../../src/narration/providers/elevenlabs.ts";
import { withOfflineFallback } from "../../../src/narration/service.ts";

/** A narrator that only records which requests reached it. */
function recording(provider: string, languages: string[]): Narrator & { heard: string[] } {
  const heard: string[] = [];
  return {
    provider,
    languages,
    heard,
    async narrate(request: NarrationRequest, outPath: string): Promise<Narration> {
      heard.push(request.language ?? "en");
      return { audioPath: outPath, duration: 1, words: [], provider };
    },
  };
}

describe("languages a deployment narrates", () => {
  test("a provider narrates the languages it speaks, the offline voices the rest; together they speak both lists", async () => {
    const provider = recording("elevenlabs", ["en", "es", "ja"]);
    const offline = recording("offline", ["ar", "en", "es", "th"]);
    const narrator = withOfflineFallback(provider, offline);
    expect(narrator.provider).toBe("elevenlabs");
    expect(narrator.languages).toEqual(["ar", "en", "es", "ja", "th"]);
    for (const language of ["es-MX", "th", "ja", undefined, "ar"]) await narrator.narrate({ text: "x", voiceId: "v", language }, "/tmp/x.wav");
    expect(provider.heard).toEqual(["es-MX", "ja", "en"]);
    expect(offline.heard).toEqual(["th", "ar"]);
  });

  test("ElevenLabs' languages follow its model", () => {
    expect(elevenLabsLanguages("eleven_multilingual_v2")).toEqual(expect.arrayContaining(["ar", "de", "es", "hi", "ja", "ru", "zh"]));
    expect(elevenLabsLanguages("eleven_multilingual_v2")).not.toContain("th");
    expect(elevenLabsLanguages("eleven_flash_v2_5")).toEqual(expect.arrayContaining(["hu", "no", "vi"]));
    expect(elevenLabsLanguages("eleven_monolingual_v1")).toEqual(["en"]);
    expect(elevenLabsLanguages("eleven_turbo_v2")).toEqual(["en"]);
  });
});

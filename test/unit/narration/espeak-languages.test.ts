import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chunkScript } from "../../../src/narration/engines/engine.ts";
import { type EspeakVoiceInfo, espeakLanguages, espeakVoices, pickEspeakVoice, synthesizeWithEspeak } from "../../../src/narration/engines/espeak.ts";
import { espeakSpellings } from "../../../src/narration/espeak-spelling.ts";
import { createOfflineNarrator } from "../../../src/narration/providers/offline.ts";
import { splitWords } from "../../../src/narration/words.ts";

const dir = mkdtempSync(join(tmpdir(), "espeak-languages-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("choosing an espeak-ng voice for a language tag", () => {
  const voices: EspeakVoiceInfo[] = [
    { identifier: "roa/es", languages: [{ tag: "es", priority: 5 }] },
    { identifier: "roa/es-419", languages: [{ tag: "es-419", priority: 5 }, { tag: "es-mx", priority: 6 }, { tag: "es", priority: 6 }] },
    { identifier: "sit/cmn", languages: [{ tag: "cmn", priority: 5 }, { tag: "zh-cmn", priority: 5 }, { tag: "zh", priority: 5 }] },
    { identifier: "sit/yue", languages: [{ tag: "yue", priority: 5 }, { tag: "zh-yue", priority: 5 }, { tag: "zh", priority: 8 }] },
    { identifier: "roa/pt-BR", languages: [{ tag: "pt-br", priority: 5 }, { tag: "pt", priority: 6 }] },
  ];

  test("the tag itself first, then its primary language, the best priority winning", () => {
    expect(pickEspeakVoice(voices, "es")).toBe("roa/es");
    expect(pickEspeakVoice(voices, "es-MX")).toBe("roa/es-419");
    expect(pickEspeakVoice(voices, "es-AR")).toBe("roa/es");
    expect(pickEspeakVoice(voices, "zh")).toBe("sit/cmn");
    expect(pickEspeakVoice(voices, "pt")).toBe("roa/pt-BR");
    expect(pickEspeakVoice(voices, "yo")).toBeUndefined();
    expect(espeakLanguages(voices)).toEqual(["es", "pt", "zh"]);
  });

  test("this machine's espeak-ng speaks the scripts the service draws, and no MBROLA voice is offered", () => {
    const installed = espeakVoices();
    expect(installed.some((v) => v.identifier.startsWith("mb/"))).toBe(false);
    for (const [tag, voice] of [["zh", "sit/cmn"], ["ja", "jpx/ja"], ["ar", "sem/ar"], ["hi", "inc/hi"], ["ru", "zle/ru"], ["he", "sem/he"], ["th", "tai/th"]]) {
      expect(pickEspeakVoice(installed, tag!)).toBe(voice!);
    }
    expect(createOfflineNarrator().languages).toEqual(expect.arrayContaining(["ar", "de", "en", "es", "fr", "he", "hi", "ja", "ko", "ru", "th", "zh"]));
  });
});

describe("espeak-ng word events in other scripts", () => {
  test("Japanese reaches espeak-ng as kana pronunciations (its voice says \"Chinese letter\" for a kanji), other scripts as written", async () => {
    const words = splitWords("祖母のボウルでパン生地をこねていました。私は学校へ行きます。");
    const spoken = await espeakSpellings("ja", words);
    expect(spoken.join("")).not.toMatch(/\p{Script=Han}/u);
    expect(spoken[0]).toBe("ソボ");
    // The particles are said as spoken: は "wa", へ "e".
    expect(spoken.join("")).toContain("ワ");
    expect(await espeakSpellings("ru", splitWords("Привет, мир! 😀"))).toEqual(["Привет,", "мир!", ""]);
  });

  test.each([
    ["ru", "Моя соседка замесила тесто в бабушкиной миске."],
    ["ar", "استخدمت زميلتي وعاء جدتي لعجن الخبز."],
    ["hi", "मेरी रूममेट ने मेरी दादी के कटोरे में आटा गूंधा।"],
    ["zh", "我的室友用我奶奶的碗来发面。"],
    ["ja", "ルームメイトが祖母のボウルでパン生地をこねていました。"],
  ])("%s: every word is timed from the engine's own events, in order", async (language, text) => {
    const words = splitWords(text);
    const spellings = await espeakSpellings(language, words);
    const raw = await synthesizeWithEspeak({ name: pickEspeakVoice(espeakVoices(), language)! }, chunkScript(words, 60, (_, i) => spellings[i]!), join(dir, `${language}.wav`));
    expect(raw.duration).toBeGreaterThan(1);
    const timed = raw.words.filter((w) => Number.isFinite(w.start));
    // Most words take an event of their own (1.51 merges a few, which share one span by length).
    expect(timed.length).toBeGreaterThanOrEqual(Math.ceil(words.length * 0.8));
    for (let i = 1; i < timed.length; i++) expect(timed[i]!.start).toBeGreaterThanOrEqual(timed[i - 1]!.start);
    expect(timed.at(-1)!.end).toBeLessThanOrEqual(raw.duration + 1e-6);
    expect(timed.at(-1)!.start).toBeGreaterThan(raw.duration * 0.5);
  });
});

import { describe, expect, test } from "bun:test";
import { redditStory } from "../../src/templates/reddit-story/index.ts";
import { DATABASE_KINDS } from "../helpers/databases.ts";
import { useService } from "../helpers/harness.ts";
import { expectProblem } from "../helpers/problem.ts";

/** Languages the offline voices must speak on every deployment (English in festival, the rest in espeak-ng). */
const EXPECTED = ["ar", "de", "en", "es", "fr", "he", "hi", "ja", "ko", "ru", "th", "zh"];

describe.each(DATABASE_KINDS)("narration languages on %s", (kind) => {
  const svc = useService(kind);
  const story = (language: string) => ({ template: "reddit_story", inputs: { ...redditStory.examples.minimal, language } });

  test("GET /v1/options lists the languages each voice speaks on this deployment", async () => {
    const options = (await (await svc().request("/v1/options")).json()) as any;
    for (const voice of options.voices) {
      expect(voice.languages).toEqual(expect.arrayContaining(EXPECTED));
      expect(voice.languages).toEqual([...voice.languages].sort());
      expect(voice.languages).not.toContain("yo");
    }
  });

  test("a story in a language no voice speaks is refused at create and estimate with 400 INVALID_INPUT naming the field and the supported languages", async () => {
    const { apiKey } = await svc().createAccount();
    for (const path of ["/v1/videos", "/v1/estimate"]) {
      const body = await expectProblem(await svc().request(path, { method: "POST", key: apiKey, json: story("yo") }), 400, "INVALID_INPUT");
      expect(body.errors).toEqual([expect.objectContaining({ path: "inputs.language", code: "unsupported_language" })]);
      expect(body.errors[0].message).toContain('"yo" cannot be narrated');
      expect(body.detail).toContain("inputs.language");
      const listed = /Supported languages \(ISO 639-1\): ([a-z, ]+)\./.exec(body.detail)![1]!.split(", ");
      expect(listed).toEqual(expect.arrayContaining(EXPECTED));
      expect(listed).not.toContain("yo");
    }
    // Nothing was created.
    const list = (await (await svc().request("/v1/videos", { key: apiKey })).json()) as any;
    expect(list.data).toHaveLength(0);
  });

  test("a story in a spoken language, with or without a region, is accepted", async () => {
    const { apiKey } = await svc().createAccount();
    for (const language of ["ja", "ar", "pt-BR", "zh"]) {
      const res = await svc().request("/v1/estimate", { method: "POST", key: apiKey, json: story(language) });
      expect(res.status).toBe(200);
    }
  });
});

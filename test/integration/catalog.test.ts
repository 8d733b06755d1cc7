import { describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { runFfmpeg } from "../../render/ffmpeg.ts";
import { VOICE_SET_A, VOICE_SET_B } from "../../src/narration/voices.ts";
import { DATABASE_KINDS } from "../helpers/databases.ts";
import { useService } from "../helpers/harness.ts";
import { expectProblem } from "../helpers/problem.ts";

describe.each(DATABASE_KINDS)("catalog on %s", (kind) => {
  const svc = useService(kind);

  test("GET /v1/templates: four templates in a stable order with the spec's tools and steps", async () => {
    const res = await svc().request("/v1/templates");
    expect(res.status).toBe(200);
    const templates = (await res.json()) as any[];
    expect(templates.map((t) => [t.id, t.name, t.freeTools, t.paidSteps.map((s: any) => s.step)])).toEqual([
      ["article_video", "Article to Video", ["script"], ["narration", "render"]],
      ["quiz_video", "AI Quiz Video", ["script"], ["narration", "render"]],
      ["reddit_story", "Reddit Story", ["preview"], ["narration", "render"]],
      ["fake_text_message", "Text Messages", [], ["voices", "render"]],
    ]);
    for (const t of templates) {
      expect(Object.keys(t).sort()).toEqual(["defaults", "description", "freeTools", "id", "inputSchema", "name", "notes", "paidSteps"]);
      expect(t.inputSchema.$schema).toBe("https://json-schema.org/draft/2020-12/schema");
      expect(t.inputSchema.additionalProperties).toBe(false);
      expect(t.defaults.aspectRatio).toBe("9:16");
      expect(t.notes.length).toBeGreaterThan(0);
    }
    const byId = Object.fromEntries(templates.map((t) => [t.id, t]));
    expect(byId.article_video.defaults).toMatchObject({ length: "standard", tone: "explainer", voiceId: "onwK4e9ZLuTAKqWW03F9", silent: false });
    expect(byId.quiz_video.defaults).toMatchObject({ difficulty: "medium", questionCount: 5, voiceId: "LcfcDJNUP1GQjkzn1xUU", theme: "neon", font: "anton", countdownSeconds: 5 });
    expect(byId.reddit_story.defaults).toMatchObject({ author: "Anonymous", backgroundCategory: "Subway Surfers", backgroundAudioVolume: 30, captionPresetId: "hormozi", captionPosition: "middle" });
    expect(byId.fake_text_message.defaults).toMatchObject({
      platform: "imessage",
      pacing: "normal",
      voices: { enabled: true, me: "pNInz6obpgDQGcFmaJgB", them: "EXAVITQu4vr4xnSDxMaL" },
      music: { volume: 30 },
      layout: { style: "card_over_background", cardWidthPct: 80, cardHeight: "fit" },
    });
    expect(byId.reddit_story.inputSchema.properties.voiceId.enum).toEqual([...VOICE_SET_B]);
  });

  test("GET /v1/options: voices of both sets, presets, categories and text-message settings", async () => {
    const options = (await (await svc().request("/v1/options")).json()) as any;
    expect(options.voices).toHaveLength(49);
    const voice = (id: string) => options.voices.find((v: any) => v.id === id);
    expect(voice("LcfcDJNUP1GQjkzn1xUU").templates).toEqual(["article_video", "quiz_video"]);
    expect(voice("2EiwWnXFnvU5JabPnv8n").templates).toEqual(["reddit_story", "fake_text_message"]);
    expect(voice("pNInz6obpgDQGcFmaJgB").templates).toEqual(["article_video", "quiz_video", "reddit_story", "fake_text_message"]);
    for (const id of [...VOICE_SET_A, ...VOICE_SET_B]) {
      const v = voice(id);
      expect(v.name.length).toBeGreaterThan(0);
      expect(["male", "female", "neutral"]).toContain(v.gender);
      expect(v.language).toBe("en");
      expect(v.tags.length).toBeGreaterThan(0);
      expect(v.previewUrl).toBe(`http://test.local/v1/voices/${id}/preview`);
    }
    expect(options.captionPresets.map((p: any) => p.id)).toEqual([
      "hormozi", "beast", "ali", "iman", "devin", "matt", "kendrick", "laura", "doug", "carlos", "nick", "fire", "neon", "william", "leon", "luke", "classicWhite",
    ]);
    expect(options.backgrounds.categories.map((c: any) => c.name)).toEqual(["Minecraft", "Mario Kart", "GTA V", "Subway Surfers", "Satisfying", "Backrooms", "Roblox"]);
    expect(options.aspectRatios).toEqual(["9:16"]);
    expect(options.textMessages).toEqual({
      platforms: ["imessage", "whatsapp", "instagram", "tinder", "ios"],
      themes: ["dark", "light"],
      pacing: { fast: 0, normal: 0, slow: 1000 },
      defaultVoices: { me: "pNInz6obpgDQGcFmaJgB", them: "EXAVITQu4vr4xnSDxMaL" },
    });
  });

  test("footage and music dropped in the library folder appear in options and are served", async () => {
    const lib = join(svc().dataDir, "library");
    mkdirSync(join(lib, "backgrounds", "mario-kart"), { recursive: true });
    mkdirSync(join(lib, "music", "chill"), { recursive: true });
    writeFileSync(join(lib, "backgrounds", "mario-kart", "rainbow-road.jpg"), "jpeg bytes");
    writeFileSync(join(lib, "music", "chill", "lofi-loop.mp3"), "mp3 bytes");
    const before = (await (await svc().request("/v1/options")).json()) as any;
    expect(before.backgrounds.categories.map((c: any) => c.ready)).toEqual([false, false, false, false, false, false, false]);
    writeFileSync(join(lib, "backgrounds", "mario-kart", "rainbow-road.mp4"), "not really a video");
    const options = (await (await svc().request("/v1/options")).json()) as any;
    expect(options.backgrounds.assets).toEqual([
      {
        id: "bg_mario-kart_rainbow-road",
        name: "Rainbow Road",
        category: "Mario Kart",
        thumbnailUrl: "http://test.local/v1/library/bg_mario-kart_rainbow-road/thumbnail",
        previewUrl: "http://test.local/v1/library/bg_mario-kart_rainbow-road/preview",
      },
    ]);
    expect(options.music).toEqual([{ id: "mus_chill_lofi-loop", name: "Lofi Loop", category: "Chill" }]);
    // A category is ready once it has footage: the others' loops are still to be generated.
    const ready = options.backgrounds.categories.filter((c: any) => c.ready).map((c: any) => c.id);
    expect(ready).toEqual(["mario-kart"]);
    const thumb = await svc().request("/v1/library/bg_mario-kart_rainbow-road/thumbnail");
    expect([thumb.status, thumb.headers.get("content-type"), await thumb.text()]).toEqual([200, "image/jpeg", "jpeg bytes"]);
    await expectProblem(await svc().request("/v1/library/bg_nope/preview"), 404, "NOT_FOUND");
  });

  test("footage without a thumbnail gets one cut from the video", async () => {
    const folder = join(svc().dataDir, "library", "backgrounds", "satisfying");
    mkdirSync(folder, { recursive: true });
    await runFfmpeg(["-f", "lavfi", "-i", "testsrc2=s=360x640:r=30:d=2", "-c:v", "libx264", "-preset", "ultrafast", join(folder, "my-clip.mp4")]);
    const res = await svc().request("/v1/library/bg_satisfying_my-clip/thumbnail");
    expect([res.status, res.headers.get("content-type")]).toEqual([200, "image/jpeg"]);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([bytes[0], bytes[1]]).toEqual([0xff, 0xd8]);
    const preview = await svc().request("/v1/library/bg_satisfying_my-clip/preview");
    expect(preview.headers.get("content-type")).toBe("video/mp4");
  }, 30_000);

  test("a voice preview is made once, then served from cache; an unknown voice is 404", async () => {
    const first = await svc().request("/v1/voices/FGY2WhTYpPnrIDTdsKH5/preview");
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("audio/mpeg");
    const bytes = new Uint8Array(await first.arrayBuffer());
    expect(bytes.length).toBeGreaterThan(5000);
    const started = performance.now();
    const again = await svc().request("/v1/voices/FGY2WhTYpPnrIDTdsKH5/preview");
    expect(new Uint8Array(await again.arrayBuffer())).toEqual(bytes);
    expect(performance.now() - started).toBeLessThan(200);
    await expectProblem(await svc().request("/v1/voices/nope/preview"), 404, "NOT_FOUND");
  }, 30_000);
});

describe("voice descriptions say what the deployment's narrator makes", () => {
  const offline = useService(DATABASE_KINDS[0]!);
  const elevenLabs = useService(DATABASE_KINDS[0]!, { ELEVENLABS_API_KEY: "test-key", ELEVENLABS_BASE_URL: "http://127.0.0.1:9" });
  const voices = async (svc: typeof offline) => ((await (await svc().request("/v1/options")).json()) as any).voices as any[];

  test("offline: no voice claims an accent the installed voices lack; each says its pitch and pace", async () => {
    for (const v of await voices(offline)) {
      expect(`${v.description} ${v.tags.join(" ")}`).not.toMatch(/british|australian|transatlantic|raspy|gravelly|velvety/i);
      expect(v.tags).toContain("american");
      expect(v.description).toMatch(/^(Deep|Low|Mid-pitched|Higher|High), (slow|even|quick)-paced (male|female|gender-neutral) voice/);
    }
  });

  test("with ElevenLabs the catalog's own descriptions stand", async () => {
    const daniel = (await voices(elevenLabs)).find((v) => v.id === "onwK4e9ZLuTAKqWW03F9");
    expect(daniel.description).toBe("Authoritative British newsreader.");
    expect(daniel.tags).toContain("british");
  });
});

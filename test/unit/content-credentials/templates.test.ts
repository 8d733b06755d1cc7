import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { copyFileSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runFfmpeg } from "../../../render/ffmpeg.ts";
import { credentialsFromPem } from "../../../src/content-credentials/credentials.ts";
import { makeServiceCertificate } from "../../../src/content-credentials/service-certificate.ts";
import { signVideoFiles } from "../../../src/content-credentials/sign-video.ts";
import { type ContentSigner, createContentSigner } from "../../../src/content-credentials/signer.ts";
import { DIGITAL_SOURCE_TYPES } from "../../../src/publishing/model.ts";
import { TEMPLATES } from "../../../src/templates/registry.ts";
import { withDefaults } from "../../../src/templates/validate.ts";
import { readJpegWithC2paTs, readWithCai } from "../../helpers/content-credentials.ts";

const dir = mkdtempSync(join(tmpdir(), "c2pa-templates-"));
let signer: ContentSigner;

beforeAll(async () => {
  await runFfmpeg(["-f", "lavfi", "-i", "testsrc=size=180x320:rate=30", "-f", "lavfi", "-i", "sine=frequency=440", "-t", "1", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-movflags", "+faststart", join(dir, "clip.mp4")]);
  await runFfmpeg(["-f", "lavfi", "-i", "testsrc=size=180x320", "-frames:v", "1", join(dir, "still.jpg")]);
  // Stands in for a caller's own footage: an ingredient is named by the hash of its bytes.
  await runFfmpeg(["-f", "lavfi", "-i", "color=c=red:s=64x64:d=1", "-c:v", "libx264", "-preset", "ultrafast", join(dir, "own-footage.mp4")]);
  const made = await makeServiceCertificate(new Date(), "shortvid test");
  signer = createContentSigner(async () => credentialsFromPem(made.certPem, made.keyPem));
});
afterAll(() => signer.close());

const library = { backgroundPath: "/library/bg.mp4", fitted: false, musicPath: null };
const articleScript = (edited: boolean) => ({
  generating_script: {
    kind: "article_script",
    title: "A title",
    sourceUrl: null,
    sourceWords: 400,
    truncated: false,
    length: "short",
    tone: "explainer",
    text: "The first sentence. The second sentence.",
    wordCount: 6,
    generator: "offline",
    ...(edited ? { editedAt: "2026-11-27T08:00:00.000Z" } : {}),
  },
});
const quizPack = (edited: boolean) => ({
  generating_script: {
    kind: "quiz_pack",
    title: "Rivers",
    topic: "Rivers",
    difficulty: "easy",
    questions: [{ question: "Which river runs through Paris?", options: ["Seine", "Thames", "Danube", "Tiber"], answerIndex: 0, fact: "The Seine." }],
    credits: [],
    generator: "offline",
    ...(edited ? { editedAt: "2026-11-27T08:00:00.000Z" } : {}),
  },
});
const EXPECTED: Record<string, { inputs: (t: any) => object; outputs: () => Record<string, unknown>; sourceType: string; ingredients: number }> = {
  article_video: { inputs: (t) => t.examples.full, outputs: () => articleScript(false), sourceType: DIGITAL_SOURCE_TYPES.trainedAlgorithmicMedia, ingredients: 0 },
  quiz_video: { inputs: (t) => t.examples.full, outputs: () => quizPack(false), sourceType: DIGITAL_SOURCE_TYPES.trainedAlgorithmicMedia, ingredients: 0 },
  reddit_story: {
    inputs: (t) => ({ ...t.examples.minimal, backgroundVideoUrl: "https://example.com/own.mp4" }),
    outputs: () => ({ preparing_media: { ...library, backgroundPath: join(dir, "own-footage.mp4"), fitted: true } }),
    sourceType: DIGITAL_SOURCE_TYPES.compositeWithTrainedAlgorithmicMedia,
    ingredients: 1,
  },
  fake_text_message: { inputs: (t) => t.examples.full, outputs: () => ({ preparing_media: { ...library, avatar: null, images: {} } }), sourceType: DIGITAL_SOURCE_TYPES.compositeWithTrainedAlgorithmicMedia, ingredients: 0 },
};

describe("each template's Content Credentials", () => {
  test("a script or pack the caller replaced with their own words (PATCH /v1/scripts) is not declared generated", () => {
    for (const [id, outputs, generated] of [
      ["article_video", articleScript, "script"],
      ["quiz_video", quizPack, "questions"],
    ] as const) {
      const template = TEMPLATES.find(id)!;
      const inputs = withDefaults(template, template.examples.full);
      expect(template.madeOf(inputs, outputs(false)), id).toEqual({ synthetic: ["voice", generated], callerWords: false, callerMedia: [] });
      expect(template.madeOf(inputs, outputs(true)), id).toEqual({ synthetic: ["voice"], callerWords: true, callerMedia: [] });
    }
  });

  test("the MP4 (read by the CAI reader) and the poster (read by c2pa-ts) state the template's digitalSourceType, valid", async () => {
    expect(Object.keys(EXPECTED).sort()).toEqual([...TEMPLATES.ids].sort());
    for (const [id, expected] of Object.entries(EXPECTED)) {
      const template = TEMPLATES.find(id)!;
      const made = template.madeOf(withDefaults(template, expected.inputs(template)), expected.outputs());
      const video = join(dir, `${id}.mp4`);
      const poster = join(dir, `${id}.jpg`);
      copyFileSync(join(dir, "clip.mp4"), video);
      copyFileSync(join(dir, "still.jpg"), poster);
      await signVideoFiles(signer, id, made, { video, poster });

      const cai = await readWithCai("video/mp4", new Uint8Array(readFileSync(video)));
      expect(cai.failures, id).toEqual([]);
      const action = cai.manifest.assertions.find((a: any) => a.label.startsWith("c2pa.actions")).data.actions[0];
      expect(action, id).toMatchObject({ action: "c2pa.created", digitalSourceType: expected.sourceType, parameters: { template: id } });
      expect(cai.manifest.ingredients ?? [], id).toHaveLength(expected.ingredients);

      const independent = await readJpegWithC2paTs(new Uint8Array(readFileSync(poster)));
      expect(independent.errors, id).toEqual([]);
      const actions = independent.manifest.assertions!.getActionAssertions().flatMap((a) => a.actions);
      expect(actions.map((a) => [String(a.action), String(a.digitalSourceType)]), id).toEqual([["c2pa.created", expected.sourceType]]);
    }
  });
});

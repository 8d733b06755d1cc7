import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { videos } from "../../db/schema/index.ts";
import { articleVideo } from "../../src/templates/article-video/index.ts";
import { quizVideo } from "../../src/templates/quiz-video/index.ts";
import { ARTICLES } from "../fixtures/articles.ts";
import { DATABASE_KINDS } from "../helpers/databases.ts";
import { useService } from "../helpers/harness.ts";
import { expectProblem } from "../helpers/problem.ts";
import { storyBody } from "../helpers/videos.ts";

type Json = Record<string, any>;

const QUIZ = { template: "quiz_video", inputs: { topic: "Capital cities of Europe" } };
const ARTICLE = { template: "article_video", inputs: { source: { kind: "text", text: ARTICLES.BEES }, length: "short" } };

/** A question of the caller's own, as the Studio or an agent sends it. */
const own = (n: number) => ({
  question: `  Which river flows\nthrough city number ${n}?  `,
  options: ["Thames", "Seine", "Danube", "Tiber"],
  answerIndex: n % 4,
  fact: `River fact number ${n}.`,
});

for (const kind of DATABASE_KINDS) {
  describe(`PATCH /v1/scripts/{projectId} (${kind})`, () => {
    const svc = useService(kind);
    const write = async (apiKey: string, body: unknown) => {
      const res = await svc().request("/v1/scripts", { method: "POST", key: apiKey, json: body });
      expect(res.status).toBe(200);
      return (await res.json()) as Json;
    };
    const edit = (apiKey: string, projectId: string, body: unknown) => svc().request(`/v1/scripts/${projectId}`, { method: "PATCH", key: apiKey, json: body });
    const create = (apiKey: string, body: unknown) => svc().request("/v1/videos", { method: "POST", key: apiKey, json: body });
    const storedDraft = async (videoId: string) => {
      const [row] = await svc().database.db.select().from(videos).where(eq(videos.id, videoId));
      return row!.stageOutputs.generating_script as Json;
    };

    test("a quiz pack's questions are replaced by the caller's; the video made from it asks them and does not call them AI drafts", async () => {
      const { apiKey } = await svc().createAccount();
      const written = await write(apiKey, QUIZ);
      expect(written.editedAt).toBeNull();
      expect(written.notices).toEqual(quizVideo.notices!);
      const questions = [own(1), own(2), { ...written.pack.questions[0], fact: "A fact line of my own." }];

      const res = await edit(apiKey, written.projectId, { pack: { questions } });
      expect(res.status).toBe(200);
      const edited = (await res.json()) as Json;
      expect(edited.projectId).toBe(written.projectId);
      expect(Date.parse(edited.editedAt)).toBeGreaterThan(0);
      expect(edited.notices).toEqual(quizVideo.freeStep?.kind === "script" ? quizVideo.freeStep.edit.notices : []);
      expect(edited.notices.join(" ")).not.toContain("AI");
      // On one line, trimmed; the title, topic, difficulty and licence credits stay as written.
      expect(edited.pack.questions[0]).toEqual({ ...own(1), question: "Which river flows through city number 1?" });
      expect(edited.pack.questions[2]).toEqual({ ...written.pack.questions[0], fact: "A fact line of my own." });
      expect(edited.pack.questions).toHaveLength(3);
      expect({ title: edited.pack.title, topic: edited.pack.topic, credits: edited.pack.credits }).toEqual({ title: written.pack.title, topic: written.pack.topic, credits: written.pack.credits });

      const made = await create(apiKey, { ...QUIZ, projectId: written.projectId });
      expect(made.status).toBe(202);
      const video = (await made.json()) as Json;
      expect(video.notices).toEqual(edited.notices);
      expect((await storedDraft(video.id)).questions.map((q: Json) => q.question)).toEqual(edited.pack.questions.map((q: Json) => q.question));

      // A later edit is for later videos: the one already queued keeps the pack it was made from.
      const again = (await (await edit(apiKey, written.projectId, { pack: { questions: [own(7)] } })).json()) as Json;
      expect(again.pack.questions).toHaveLength(1);
      expect((await storedDraft(video.id)).questions).toHaveLength(3);
      const later = (await (await create(apiKey, { ...QUIZ, projectId: written.projectId })).json()) as Json;
      expect((await storedDraft(later.id)).questions.map((q: Json) => q.question)).toEqual(["Which river flows through city number 7?"]);

      // A draft never edited still gives its video the template's notices.
      const plain = await write(apiKey, QUIZ);
      const fromPlain = (await (await create(apiKey, { ...QUIZ, projectId: plain.projectId })).json()) as Json;
      expect(fromPlain.notices).toEqual(quizVideo.notices!);
    });

    test("every problem of an edited pack is refused at its own path, and nothing is saved", async () => {
      const { apiKey } = await svc().createAccount();
      const { projectId, pack } = await write(apiKey, QUIZ);
      const bad = [
        { ...own(1), options: ["Thames", "Seine", " thames ", "Tiber"] },
        { ...own(2), answerIndex: 4 },
        { ...own(3), options: ["Thames", "Seine", "Danube"] },
        { question: "   ", options: own(4).options, answerIndex: 0 },
        { ...own(5), options: ["Thames", "Seine", "Danube", "A river whose name is far too long for its card"], colour: "red" },
      ];
      const refused = await expectProblem(await edit(apiKey, projectId, { pack: { questions: bad } }), 400, "INVALID_INPUT");
      const paths = Object.fromEntries(refused.errors.map((e: Json) => [e.path, e.code]));
      expect(paths).toMatchObject({
        "pack.questions[1].answerIndex": "too_large",
        "pack.questions[2].options": "too_few",
        "pack.questions[3].fact": "required",
        "pack.questions[4].options[3]": "too_long",
        "pack.questions[4].colour": "unknown_field",
      });
      // Checks the schema cannot state come once the shape is right, each at its own path too.
      const repeated = await expectProblem(await edit(apiKey, projectId, { pack: { questions: [bad[0], { ...own(2), question: "  " }] } }), 400, "INVALID_INPUT");
      expect(repeated.errors).toEqual([
        { path: "pack.questions[0].options[2]", code: "duplicate", message: "repeats option 1; the four options must differ" },
        { path: "pack.questions[1].question", code: "too_short", message: "must not be blank" },
      ]);
      const tooMany = await expectProblem(await edit(apiKey, projectId, { pack: { questions: Array.from({ length: 11 }, (_, i) => own(i)) } }), 400, "INVALID_INPUT");
      expect(tooMany.errors[0]).toMatchObject({ path: "pack.questions", code: "too_many" });
      const wrongKind = await expectProblem(await edit(apiKey, projectId, { script: { text: "My own words." } }), 400, "INVALID_INPUT");
      expect(wrongKind.errors.map((e: Json) => [e.path, e.code])).toEqual([
        ["script", "unknown_field"],
        ["pack", "required"],
      ]);
      const unsafe = await expectProblem(await edit(apiKey, projectId, { pack: { questions: [own(1), { ...own(2), fact: "What the fuck is this river." }] } }), 400, "SAFETY_REJECTED");
      expect(unsafe.errors).toEqual([{ path: "pack.questions[1].fact", code: "safety_rejected", message: "was refused because it contains profane or sexual language" }]);
      await expectProblem(await edit(apiKey, projectId, undefined), 400, "INVALID_INPUT");

      const video = (await (await create(apiKey, { ...QUIZ, projectId })).json()) as Json;
      expect((await storedDraft(video.id)).questions.map((q: Json) => q.question)).toEqual(pack.questions.map((q: Json) => q.question));
      expect(video.notices).toEqual(quizVideo.notices!);
    });

    test("an article script rewritten by the caller: counted again, its hook card cut from the new first sentence, not called an AI draft", async () => {
      const { apiKey } = await svc().createAccount();
      const written = await write(apiKey, ARTICLE);
      const text = "Honeybees can recognise human faces, researchers in Toulouse found.\n\nThey learn a face the way they learn a flower: as a pattern of parts. That is a lot of thinking for a brain smaller than a sesame seed.";
      const res = await edit(apiKey, written.projectId, { script: { text } });
      expect(res.status).toBe(200);
      const edited = (await res.json()) as Json;
      expect(edited.script.text).toBe(text.replace(/\s+/g, " "));
      expect(edited.script.wordCount).toBe(38);
      expect(edited.script.estimatedSeconds).toBeLessThan(written.script.estimatedSeconds);
      expect(edited.script.editedAt).toBeUndefined();
      expect(edited.editedAt).not.toBeNull();
      expect(edited.notices).toEqual(articleVideo.freeStep?.kind === "script" ? articleVideo.freeStep.edit.notices : []);
      expect(edited.notices.join(" ")).toContain("no longer checked against the source");
      // Pasted text has no title, so the card showed a hook line: it now comes from the caller's first sentence.
      expect(edited.script.headline.text).toBe("Researchers in Toulouse found");
      expect({ sourceWords: edited.script.sourceWords, length: edited.script.length, tone: edited.script.tone }).toEqual({
        sourceWords: written.script.sourceWords,
        length: written.script.length,
        tone: written.script.tone,
      });
      const video = (await (await create(apiKey, { ...ARTICLE, projectId: written.projectId })).json()) as Json;
      expect(video.notices).toEqual(edited.notices);
      expect((await storedDraft(video.id)).text).toBe(edited.script.text);

      const long = await expectProblem(await edit(apiKey, written.projectId, { script: { text: "Bees hum. ".repeat(151) } }), 400, "INVALID_INPUT");
      expect(long.errors).toEqual([{ path: "script.text", code: "too_long", message: "must be at most 300 words (it has 302)" }]);
      const empty = await expectProblem(await edit(apiKey, written.projectId, { script: { text: " ... " } }), 400, "INVALID_INPUT");
      expect(empty.errors[0]).toMatchObject({ path: "script.text", code: "too_short" });
      const unsafe = await expectProblem(await edit(apiKey, written.projectId, { script: { text: "Bees are fucking great." } }), 400, "SAFETY_REJECTED");
      expect(unsafe.errors[0].path).toBe("script.text");
      const wrongKind = await expectProblem(await edit(apiKey, written.projectId, { pack: { questions: [own(1)] } }), 400, "INVALID_INPUT");
      expect(wrongKind.errors.map((e: Json) => e.path)).toEqual(["pack", "script"]);
    });

    test("only the account's own drafts with a script step can be edited", async () => {
      const { apiKey } = await svc().createAccount();
      const other = await svc().createAccount();
      const { projectId } = await write(apiKey, QUIZ);
      const body = { pack: { questions: [own(1)] } };
      await expectProblem(await edit(other.apiKey, projectId, body), 404, "NOT_FOUND");
      await expectProblem(await edit(apiKey, "prj_missing", body), 404, "NOT_FOUND");
      const teaser = (await (await svc().request("/v1/previews", { method: "POST", key: apiKey, json: storyBody() })).json()) as Json;
      const preview = await expectProblem(await edit(apiKey, teaser.projectId, { script: { text: "Mine." } }), 404, "NOT_FOUND");
      expect(preview.detail).toContain("POST /v1/scripts");
      await expectProblem(await svc().request(`/v1/scripts/${projectId}`, { method: "PATCH", json: body }), 401, "MISSING_API_KEY");
    });

    test("agents edit a draft with the MCP tool edit_script, refusals coming back as tool errors with the field paths", async () => {
      const { apiKey } = await svc().createAccount();
      const { projectId } = await write(apiKey, QUIZ);
      const headers = { accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-06-18" };
      const call = async (args: Json) => {
        const body = { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "edit_script", arguments: args } };
        const res = await svc().request("/v1/mcp", { method: "POST", key: apiKey, json: body, headers });
        expect(res.status).toBe(200);
        return ((await res.json()) as Json).result as Json;
      };
      const saved = await call({ projectId, pack: { questions: [own(1)] } });
      expect(saved.isError).toBeUndefined();
      expect(saved.structuredContent.pack.questions).toHaveLength(1);
      expect(saved.structuredContent.editedAt).not.toBeNull();
      const refused = await call({ projectId, pack: { questions: [{ ...own(1), answerIndex: 7 }] } });
      expect(refused.isError).toBe(true);
      expect(refused.structuredContent).toMatchObject({ code: "INVALID_INPUT", errors: [{ path: "pack.questions[0].answerIndex", code: "too_large" }] });
    });

    test("a video's length is null until it is completed, then the MP4's length in milliseconds", async () => {
      const { apiKey } = await svc().createAccount();
      const video = (await (await create(apiKey, storyBody())).json()) as Json;
      expect(video.durationMs).toBeNull();
      await svc().database.db.update(videos).set({ durationSeconds: 12.3456 }).where(eq(videos.id, video.id));
      expect(((await (await svc().request(`/v1/videos/${video.id}`, { key: apiKey })).json()) as Json).durationMs).toBeNull();
      await svc().database.db.update(videos).set({ status: "completed", stage: "Done", progress: 100, completedAt: new Date() }).where(eq(videos.id, video.id));
      const listed = (await (await svc().request("/v1/videos", { key: apiKey })).json()) as Json;
      expect(listed.data[0]).toMatchObject({ id: video.id, durationMs: 12346 });
    });
  });
}

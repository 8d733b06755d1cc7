import { insertProject } from "../../db/repos/projects.ts";
import type { ProjectRow } from "../../db/schema/index.ts";
import { ContentError } from "../content/errors.ts";
import type { AppDeps } from "../deps.ts";
import { ApiError } from "../errors.ts";
import type { AuthContext } from "../auth/authenticate.ts";
import { newId } from "../ids.ts";
import { type ArticleScriptContent, writeArticleContent } from "../templates/article-video/script.ts";
import { type QuizPackContent, writeQuizContent } from "../templates/quiz-video/pack-step.ts";
import { refuseMissingFreeStep } from "../templates/free-steps.ts";
import { validateTemplateRequest } from "../templates/validate.ts";
import { noticesFor } from "../videos/notices.ts";
import { type ScriptResult, ScriptRequest } from "./model.ts";

function toApiError(error: ContentError): ApiError {
  if (error.upstream) return new ApiError("UPSTREAM_FAILED", `${error.message} Retry shortly; nothing was charged.`);
  return new ApiError(error.code, error.message);
}

export function presentScript(project: ProjectRow, wordsPerSecond: number): ScriptResult {
  const content = project.content as ArticleScriptContent | QuizPackContent;
  const base = {
    projectId: project.id,
    template: project.template as ScriptResult["template"],
    generator: content.generator,
    notices: noticesFor(project.template as ScriptResult["template"]) ?? [],
    createdAt: project.createdAt.toISOString(),
  };
  if (content.kind === "article_script") {
    const { kind: _kind, generator: _generator, ...script } = content;
    return { ...base, script: { ...script, estimatedSeconds: Math.round((content.wordCount / wordsPerSecond) * 10) / 10 } };
  }
  return {
    ...base,
    pack: {
      title: content.title,
      topic: content.topic,
      difficulty: content.difficulty,
      questions: content.questions.map(({ question, options, answerIndex, fact, logo }) => ({ question, options, answerIndex, fact, ...(logo ? { logo } : {}) })),
      credits: content.credits,
    },
  };
}

/**
 * POST /v1/scripts: writes an article script (reading the URL or pasted text) or a quiz pack, free, and
 * saves it on a new draft project whose id POST /v1/videos accepts to skip the step.
 */
export async function createScript(deps: AppDeps, auth: AuthContext, body: unknown): Promise<ScriptResult> {
  refuseMissingFreeStep(body, "script", "writes article_video scripts and quiz_video packs only");
  const result = validateTemplateRequest<{ template: string; inputs: unknown }>(ScriptRequest.envelope, body);
  if (!result.ok) throw result.error;
  const { template, inputs } = result.value;
  const now = deps.now();
  const projectId = newId("prj", now.getTime());
  let content: ArticleScriptContent | QuizPackContent;
  try {
    content =
      template.id === "article_video"
        ? await writeArticleContent(inputs, deps.content)
        : await writeQuizContent(inputs, deps.content, Math.floor(Math.random() * 2 ** 31));
  } catch (error) {
    if (error instanceof ContentError) throw toApiError(error);
    throw error;
  }
  const project = await insertProject(deps.database.db, {
    id: projectId,
    accountId: auth.account.id,
    template: template.id,
    kind: template.id === "article_video" ? "script" : "pack",
    inputs,
    content,
    createdAt: now,
  });
  return presentScript(project, deps.content.wordsPerSecond);
}

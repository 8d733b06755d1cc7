import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { findAccountProject, insertProject } from "../../db/repos/projects.ts";
import type { ProjectRow } from "../../db/schema/index.ts";
import { ffmpegToFile } from "../../render/ffmpeg.ts";
import { speechMp3Args } from "../../render/plan/media-convert.ts";
import type { AuthContext } from "../auth/authenticate.ts";
import { ApiError } from "../kernel/errors.ts";
import { newId } from "../kernel/ids.ts";
import { NarrationError } from "../narration/narrator.ts";
import { refuseMissingFreeStep } from "../templates/free-steps.ts";
import { validateTemplateRequest } from "../templates/validate.ts";
import { type Preview, PreviewRequestEnvelope } from "./model.ts";

import type { Database } from "../../db/client.ts";
import type { Config } from "../kernel/config.ts";
import type { Narrator } from "../narration/narrator.ts";
import type { Storage } from "../storage/local.ts";
import type { TemplateRegistry } from "../templates/registry.ts";

/** What making a narration teaser uses. */
export interface PreviewDeps {
  config: Config;
  database: Database;
  narrator: Narrator;
  storage: Storage;
  templates: TemplateRegistry;
  now(): Date;
}

/** How long a returned audioUrl works; every call signs a fresh one. */
const AUDIO_LINK_SECONDS = 7 * 86_400;

interface TeaserContent {
  text: string;
  audioKey: string;
  durationSeconds: number;
  words: { text: string; start: number; end: number }[];
}

const ms = (x: number) => Math.round(x * 1000) / 1000;

function present(deps: PreviewDeps, project: ProjectRow): Preview {
  const content = project.content as TeaserContent;
  const expiresAt = Math.floor(deps.now().getTime() / 1000) + AUDIO_LINK_SECONDS;
  return {
    projectId: project.id,
    template: project.template,
    text: content.text,
    audioUrl: deps.storage.signedUrl(content.audioKey, expiresAt),
    audioExpiresAt: new Date(expiresAt * 1000).toISOString(),
    durationSeconds: content.durationSeconds,
    words: content.words,
    createdAt: project.createdAt.toISOString(),
  };
}

/**
 * A free ~10 s teaser (a reddit_story's title and the story's opening), narrated with the caller's voice
 * settings as the template says, stored on a preview project. The same projectId returns the stored teaser.
 */
export async function createPreview(deps: PreviewDeps, auth: AuthContext, body: unknown): Promise<Preview> {
  const templates = deps.templates;
  refuseMissingFreeStep(templates, body, "preview");
  const result = validateTemplateRequest<{ template: string; inputs: unknown; projectId?: string }>(templates, PreviewRequestEnvelope, body, deps.narrator.languages);
  if (!result.ok) throw result.error;
  const { template, inputs, envelope } = result.value;
  const accountId = auth.account.id;
  if (envelope.projectId !== undefined) {
    const project = await findAccountProject(deps.database.db, accountId, envelope.projectId);
    if (!project || project.kind !== "preview") throw new ApiError("NOT_FOUND", `No preview project ${envelope.projectId} on this account.`);
    return present(deps, project);
  }

  const now = deps.now();
  const projectId = newId("prj", now.getTime());
  const step = template.freeStep;
  // refuseMissingFreeStep answered every template without a preview step.
  if (step?.kind !== "preview") throw new Error(`${template.id} has no preview step`);
  const teaser = step.teaser(inputs);
  const text = teaser.text;
  const workDir = join(deps.config.dataDir, "work", "previews");
  mkdirSync(workDir, { recursive: true });
  const wav = join(workDir, `${projectId}.wav`);
  const mp3 = join(workDir, `${projectId}.mp3`);
  try {
    const narration = await deps.narrator.narrate(teaser, wav);
    await ffmpegToFile(mp3, (out) => speechMp3Args(wav, out));
    const audioKey = `preview-${projectId}.mp3`;
    await deps.storage.put(audioKey, mp3);
    const content: TeaserContent = {
      text,
      audioKey,
      durationSeconds: ms(narration.duration),
      words: narration.words.map((w) => ({ text: w.text, start: ms(w.start), end: ms(w.end) })),
    };
    const project = await insertProject(deps.database.db, { id: projectId, accountId, template: template.id, kind: "preview", inputs, content, createdAt: now });
    return present(deps, project);
  } catch (error) {
    if (error instanceof NarrationError) {
      throw new ApiError("UPSTREAM_FAILED", `The teaser could not be narrated (${error.message}); retry shortly. Nothing was charged.`);
    }
    throw error;
  } finally {
    rmSync(wav, { force: true });
    rmSync(mp3, { force: true });
  }
}

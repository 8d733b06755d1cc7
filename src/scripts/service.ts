import { insertProject } from "../../db/repos/projects.ts";
import type { ProjectRow } from "../../db/schema/index.ts";
import { ContentError } from "../content/errors.ts";
import { ApiError } from "../kernel/errors.ts";
import type { AuthContext } from "../auth/authenticate.ts";
import { newId } from "../kernel/ids.ts";
import { refuseMissingFreeStep } from "../templates/free-steps.ts";
import type { TemplateRegistry } from "../templates/registry.ts";
import { refuseUncovered, validateTemplateRequest } from "../templates/validate.ts";
import { type ScriptResult, ScriptRequestEnvelope } from "./model.ts";

import type { Database } from "../../db/client.ts";
import type { ContentPorts } from "../content/ports.ts";
import type { Narrator } from "../narration/narrator.ts";

/** What writing a script or question pack uses. */
export interface ScriptDeps {
  content: ContentPorts;
  database: Database;
  narrator: Narrator;
  templates: TemplateRegistry;
  now(): Date;
}

function toApiError(error: ContentError): ApiError {
  if (error.upstream) return new ApiError("UPSTREAM_FAILED", `${error.message} Retry shortly; nothing was charged.`);
  return new ApiError(error.code, error.message);
}

/** A draft project as POST /v1/scripts shows it: its template presents the draft. */
export function presentScript(templates: TemplateRegistry, project: ProjectRow, wordsPerSecond: number): ScriptResult {
  const template = templates.find(project.template);
  const step = template?.freeStep;
  if (!template || step?.kind !== "script") throw new Error(`project ${project.id} is not a draft of a template with a script step`);
  const { generator } = project.content as { generator: ScriptResult["generator"] };
  return {
    projectId: project.id,
    template: project.template,
    generator,
    notices: template.notices ?? [],
    createdAt: project.createdAt.toISOString(),
    ...step.present(project.content, wordsPerSecond),
  } as ScriptResult;
}

/**
 * POST /v1/scripts: writes an article script (reading the URL or pasted text) or a quiz pack, free, and
 * saves it on a new draft project whose id POST /v1/videos accepts to skip the step.
 */
export async function createScript(deps: ScriptDeps, auth: AuthContext, body: unknown): Promise<ScriptResult> {
  const templates = deps.templates;
  refuseMissingFreeStep(templates, body, "script");
  const result = validateTemplateRequest<{ template: string; inputs: unknown }>(templates, ScriptRequestEnvelope, body, deps.narrator.languages);
  if (!result.ok) throw result.error;
  const { template, inputs } = result.value;
  const step = template.freeStep;
  // refuseMissingFreeStep answered every template without a script step.
  if (step?.kind !== "script") throw new Error(`${template.id} has no script step`);
  refuseUncovered(template, inputs, deps.content);
  const now = deps.now();
  const projectId = newId("prj", now.getTime());
  let content: unknown;
  try {
    content = await step.write(inputs, deps.content, Math.floor(Math.random() * 2 ** 31));
  } catch (error) {
    if (error instanceof ContentError) throw toApiError(error);
    throw error;
  }
  const project = await insertProject(deps.database.db, {
    id: projectId,
    accountId: auth.account.id,
    template: template.id,
    kind: step.projectKind,
    inputs,
    content,
    createdAt: now,
  });
  return presentScript(templates, project, deps.content.wordsPerSecond);
}

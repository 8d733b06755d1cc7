import { findAccountProject, insertProject, updateProjectContent } from "../../db/repos/projects.ts";
import type { ProjectRow } from "../../db/schema/index.ts";
import { ContentError } from "../content/errors.ts";
import { ApiError } from "../kernel/errors.ts";
import type { AuthContext } from "../auth/authenticate.ts";
import { newId } from "../kernel/ids.ts";
import { draftNotices, refuseMissingFreeStep } from "../templates/free-steps.ts";
import type { TemplateRegistry } from "../templates/registry.ts";
import type { ScriptStep } from "../templates/template.ts";
import { pointerToPath, refusalFor, refuseUncovered, schemaIssues, toFieldIssues, validateTemplateRequest } from "../templates/validate.ts";
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
  const { generator, editedAt } = project.content as { generator: ScriptResult["generator"]; editedAt?: string };
  return {
    projectId: project.id,
    template: project.template,
    generator,
    notices: draftNotices(template, project.content),
    createdAt: project.createdAt.toISOString(),
    editedAt: editedAt ?? null,
    ...step.present(project.content, wordsPerSecond),
  } as ScriptResult;
}

/** A draft of this account with a script step (an article script or a quiz pack), or 404. */
async function findDraft(deps: ScriptDeps, accountId: string, projectId: string) {
  const project = await findAccountProject(deps.database.db, accountId, projectId);
  const template = project && deps.templates.find(project.template);
  const step = template?.freeStep;
  if (!project || !template || step?.kind !== "script") {
    const makers = deps.templates.withFreeStep("script").map((t) => t.id);
    throw new ApiError("NOT_FOUND", `No script or question pack ${projectId} on this account; drafts of ${makers.join(" and ")} come from POST /v1/scripts.`);
  }
  return { project, template, step: step as ScriptStep<unknown> };
}

/**
 * PATCH /v1/scripts/{projectId}: replaces a draft's script text or questions with the caller's own,
 * checked like any input (field errors at their paths, the safety rules), and saves it on the same
 * project. Videos made from the project afterwards use it; one already created keeps its own copy.
 */
export async function editScript(deps: ScriptDeps, auth: AuthContext, projectId: string, body: unknown): Promise<ScriptResult> {
  const { project, template, step } = await findDraft(deps, auth.account.id, projectId);
  const { field } = step.edit;
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    throw new ApiError("INVALID_INPUT", `A JSON body \`{${field}: ...}\` is required.`, { errors: [{ path: "", message: "must be an object", code: body === undefined ? "required" : "invalid_type" }] });
  }
  const issues = Object.keys(body)
    .filter((name) => name !== field)
    .map((name) => ({ path: name, code: "unknown_field", message: `is not accepted by a ${template.id} draft; send \`${field}\`` }));
  const edit = (body as Record<string, unknown>)[field];
  if (edit === undefined) issues.push({ path: field, code: "required", message: "is required" });
  else {
    const found = schemaIssues(step.edit.schema, edit);
    issues.push(...toFieldIssues(found.length > 0 ? found : step.edit.issues(edit), field));
  }
  if (issues.length > 0) throw refusalFor(issues, "request body");
  const refusal = step.edit.refusal(edit);
  if (refusal) {
    const path = pointerToPath(refusal.pointer, field);
    throw new ApiError("SAFETY_REJECTED", `${path} was refused because ${refusal.reason}.`, { errors: [{ path, code: "safety_rejected", message: `was refused because ${refusal.reason}` }] });
  }
  const saved = await updateProjectContent(deps.database.db, auth.account.id, project.id, step.edit.apply(project.content, edit, deps.now()));
  // Removed between the read and the write.
  if (!saved) throw new ApiError("NOT_FOUND", `No script or question pack ${projectId} on this account.`);
  return presentScript(deps.templates, saved, deps.content.wordsPerSecond);
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

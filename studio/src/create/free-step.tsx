import { useState } from "preact/hooks";
import type { Result, ShortvidClient, Template } from "../../../client/src/client.ts";
import { type Refusal, refusalOf } from "../api/session.ts";
import { freeStepOf, writtenThing } from "../templates/free-step-label.ts";
import { ProblemNotice } from "../ui/problem.tsx";
import { type Draft, DraftEditor } from "./draft-editor.tsx";

type Script = Result<"createScript">;
type Preview = Result<"createPreview">;

export type FreeStepResult = { kind: "script"; result: Script } | { kind: "preview"; result: Preview };

interface Props {
  client: ShortvidClient;
  template: Template;
  /** The request body of the step: `{template, inputs}` as JSON. */
  body: string;
  result: FreeStepResult | null;
  onResult(result: FreeStepResult | null, refusal: Refusal | null): void;
  /** The person's copy of a written draft, and what saving it (PATCH /v1/scripts/{projectId}) needs. */
  edit: DraftEditing;
}

export interface DraftEditing {
  draft: Draft | null;
  onChange(next: Draft): void;
  /** The copy differs from the saved draft. */
  dirty: boolean;
  saving: boolean;
  refusal: Refusal | null;
  onSave(): void;
  onUndo(): void;
}

/** The template's free first step (POST /v1/scripts or POST /v1/previews), if it has one. */
export function FreeStep({ client, template, body, result, onResult, edit }: Props) {
  const kind = freeStepOf(template);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  if (!kind) return null;
  const thing = writtenThing(template);
  const action = kind === "preview" ? "Hear the narration teaser" : `Write the ${thing}`;
  const run = async () => {
    setBusy(true);
    setRefusal(null);
    try {
      const answer: FreeStepResult =
        kind === "script" ? { kind, result: await client.writeScript(JSON.parse(body)) } : { kind, result: await client.preview(JSON.parse(body)) };
      onResult(answer, null);
    } catch (error) {
      const found = refusalOf(error);
      setRefusal(found);
      onResult(null, found);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section class="card free-step" aria-labelledby="free-step-heading">
      <h2 id="free-step-heading">Free first step</h2>
      <p class="muted">
        {kind === "preview"
          ? "Hear about 10 seconds of the narration before paying. The video still narrates the whole story."
          : `Costs nothing. The video is then made from this ${thing}: the writing step is skipped, and the options (voice, theme, captions…) still apply.`}
      </p>
      <button type="button" class="secondary" disabled={busy} onClick={run}>
        {busy ? "Working…" : `${action} (free)`}
      </button>
      {refusal && <ProblemNotice refusal={refusal} />}
      {result?.kind === "script" && <ScriptView script={result.result} edit={edit} />}
      {result?.kind === "preview" && <PreviewView preview={result.result} />}
    </section>
  );
}

function Notices({ notices }: { notices: readonly string[] | undefined }) {
  if (!notices || notices.length === 0) return null;
  return (
    <ul class="notices">
      {notices.map((notice) => (
        <li key={notice}>{notice}</li>
      ))}
    </ul>
  );
}

function ScriptView({ script, edit }: { script: Script; edit: DraftEditing }) {
  return (
    <div class="free-result" aria-label="Written by the free step">
      <Notices notices={script.notices} />
      {script.pack && <h3>{script.pack.title}</h3>}
      {script.script?.title && <h3>{script.script.title}</h3>}
      {script.script && <p class="muted">About {Math.round(script.script.estimatedSeconds)} s of narration.</p>}
      <p class="muted">Change anything you like: the video is made from your version. Longer text than a card holds, repeated options and the like are refused by the service at the field.</p>
      {edit.draft && <DraftEditor draft={edit.draft} onChange={edit.onChange} errors={edit.refusal?.fields ?? new Map()} />}
      {edit.refusal && <ProblemNotice refusal={edit.refusal} heading={script.pack ? "Your questions were not saved" : "Your script was not saved"} />}
      <div class="submit-row">
        <button type="button" class="secondary" disabled={!edit.dirty || edit.saving} onClick={edit.onSave}>
          {edit.saving ? "Saving…" : "Save my changes"}
        </button>
        <button type="button" class="link" disabled={!edit.dirty || edit.saving} onClick={edit.onUndo}>
          Undo my changes
        </button>
      </div>
      <p class="muted" aria-live="polite">
        {edit.dirty ? "Unsaved changes: they are saved when you make the video." : script.editedAt ? "Your version is saved." : "As written by the service."}
      </p>
      <p class="muted">
        Project <code>{script.projectId}</code>
      </p>
    </div>
  );
}

function PreviewView({ preview }: { preview: Preview }) {
  return (
    <div class="free-result">
      <audio controls src={preview.audioUrl} aria-label="Narration teaser" />
      <p class="muted">
        Project <code>{preview.projectId}</code>
      </p>
    </div>
  );
}

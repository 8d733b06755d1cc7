import { useMemo, useRef, useState } from "preact/hooks";
import type { CreateVideoRequest, ShortvidClient, Template } from "../../../client/src/client.ts";
import { type Refusal, refusalOf } from "../api/session.ts";
import { SchemaForm } from "../form/schema-form.tsx";
import { type JsonObject, type Schema, errorsStillStanding, initialValue, pruned } from "../form/schema.ts";
import { navigate } from "../router.ts";
import { ProblemNotice } from "../ui/problem.tsx";
import { EstimateBox, priceLine, useEstimate } from "./estimate-box.tsx";
import { type Draft, draftOf, editBody } from "./draft-editor.tsx";
import { type DraftEditing, type FreeStepResult, FreeStep } from "./free-step.tsx";

export interface Choices {
  labels: Map<string, string>;
  voicePreviews: Map<string, string>;
}

interface Props {
  client: ShortvidClient;
  template: Template;
  choices: Choices;
  onCreated(): void;
}

export function CreatePage({ client, template, choices, onCreated }: Props) {
  const schema = template.inputSchema as Schema;
  const [value, setValue] = useState<JsonObject>(() => (initialValue(schema, true) ?? {}) as JsonObject);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  // What was sent when refused: a field's error is shown until the field is changed.
  const [refusedInputs, setRefusedInputs] = useState<JsonObject>({});
  const [freeStep, setFreeStep] = useState<FreeStepResult | null>(null);
  // The free step shows its own refusal; its field errors go next to the fields like a create's.
  const [stepRefusal, setStepRefusal] = useState<Refusal | null>(null);
  const [busy, setBusy] = useState(false);
  // The person's copy of a written script or pack; saved (PATCH /v1/scripts/{projectId}) before the video is made.
  const [draft, setDraft] = useState<Draft | null>(null);
  const [saving, setSaving] = useState(false);
  const [editRefusal, setEditRefusal] = useState<Refusal | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  // One Idempotency-Key per body: pressing the button twice, or again after a dropped answer, makes one video.
  const attempt = useRef<{ body: string; key: string } | null>(null);

  const inputs = (pruned(value, schema, true) ?? {}) as JsonObject;
  const body = useMemo(() => JSON.stringify({ template: template.id, inputs }), [template.id, JSON.stringify(inputs)]);
  const projectId = freeStep?.result.projectId;
  const price = useEstimate(client, body);
  const standing = errorsStillStanding((refusal ?? stepRefusal)?.fields ?? new Map(), refusedInputs, inputs);
  // A refusal about fields is put away once every field it named has been changed.
  const showRefusal = refusal !== null && (refusal.fields.size === 0 || standing.size > 0);

  const saved = freeStep?.kind === "script" ? draftOf(freeStep.result) : null;
  const dirty = draft !== null && JSON.stringify(draft) !== JSON.stringify(saved);

  /** Saves the person's version of the draft, if it changed; false when the service refused it. */
  const saveDraft = async (): Promise<boolean> => {
    if (!dirty || freeStep?.kind !== "script" || !draft) return true;
    setSaving(true);
    setEditRefusal(null);
    try {
      const result = await client.editScript(freeStep.result.projectId, editBody(draft));
      setFreeStep({ kind: "script", result });
      setDraft(draftOf(result));
      return true;
    } catch (error) {
      setEditRefusal(refusalOf(error));
      return false;
    } finally {
      setSaving(false);
    }
  };
  const edit: DraftEditing = {
    draft,
    onChange: setDraft,
    dirty,
    saving,
    refusal: editRefusal,
    onSave: () => void saveDraft(),
    onUndo: () => {
      setDraft(saved);
      setEditRefusal(null);
    },
  };

  const create = async (event: Event) => {
    event.preventDefault();
    if (!(await saveDraft())) {
      setRefusal(null);
      return;
    }
    const request = { template: template.id, inputs, ...(projectId ? { projectId } : {}) } as CreateVideoRequest;
    const text = JSON.stringify(request);
    if (attempt.current?.body !== text) attempt.current = { body: text, key: crypto.randomUUID() };
    setBusy(true);
    setRefusal(null);
    try {
      const video = await client.createVideo(request, { idempotencyKey: attempt.current.key });
      onCreated();
      navigate({ name: "video", id: video.id });
    } catch (error) {
      setRefusal(refusalOf(error));
      setRefusedInputs(inputs);
      requestAnimationFrame(() => noticeRef.current?.focus());
    } finally {
      setBusy(false);
    }
  };

  return (
    <div class="create">
      <h1 tabIndex={-1}>{template.name}</h1>
      <p>{template.description}</p>
      <div class="create-columns">
        <form class="card inputs" onSubmit={create} noValidate aria-label={`${template.name} inputs`}>
          <SchemaForm schema={schema} value={value} onChange={setValue} errors={standing} choiceLabels={choices.labels} voicePreviews={choices.voicePreviews} />
          <div ref={noticeRef} tabIndex={-1} class="notice-anchor">
            {showRefusal && refusal && <ProblemNotice refusal={refusal} heading="The video was not started" />}
          </div>
          <div class="submit-row">
            <button type="submit" class="primary" disabled={busy || saving} aria-describedby="price-line">
              {busy ? "Starting…" : projectId ? (dirty ? "Save my changes and make the video" : "Make the video from this project") : "Make the video"}
            </button>
            <span id="price-line" class="muted">
              {priceLine(price)}
            </span>
          </div>
        </form>
        <aside class="side">
          <EstimateBox {...price} />
          <FreeStep
            client={client}
            template={template}
            body={body}
            result={freeStep}
            onResult={(result, found) => {
              setFreeStep(result);
              setDraft(result?.kind === "script" ? draftOf(result.result) : null);
              setEditRefusal(null);
              setStepRefusal(found);
              setRefusedInputs(inputs);
            }}
            edit={edit}
          />
        </aside>
      </div>
    </div>
  );
}

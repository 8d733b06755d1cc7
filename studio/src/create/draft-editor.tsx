import type { Body, Result } from "../../../client/src/client.ts";
import { FieldErrors } from "../form/field-errors.tsx";
import { fieldId } from "../form/schema.ts";

type Script = Result<"createScript">;
type QuestionEdit = NonNullable<Body<"editScript">["pack"]>["questions"][number];

/** The person's working copy of a written draft: a quiz's questions or an article's script text. */
export type Draft = { kind: "pack"; questions: QuestionEdit[] } | { kind: "script"; text: string };

const LETTERS = ["A", "B", "C", "D"];

/** The draft as the service last saved it, as an editable copy. */
export function draftOf(script: Script): Draft | null {
  if (script.pack) {
    return {
      kind: "pack",
      questions: script.pack.questions.map(({ question, options, answerIndex, fact, logo }) => ({ question, options: [...options], answerIndex, fact, ...(logo ? { logo } : {}) })),
    };
  }
  return script.script ? { kind: "script", text: script.script.text } : null;
}

/** The body of PATCH /v1/scripts/{projectId} that saves the copy. */
export function editBody(draft: Draft): Body<"editScript"> {
  return draft.kind === "pack" ? { pack: { questions: draft.questions } } : { script: { text: draft.text } };
}

const wordsIn = (text: string) => text.split(/\s+/).filter(Boolean).length;

interface Props {
  draft: Draft;
  onChange(next: Draft): void;
  /** The service's field errors from the last save, by path (`pack.questions[0].options[2]`). */
  errors: Map<string, string[]>;
}

/** The aria attributes and id of an input whose errors sit under it. */
function fieldAttrs(path: string, errors: Map<string, string[]>) {
  const invalid = errors.has(path);
  return { id: fieldId(path), "aria-invalid": invalid ? true : undefined, "aria-describedby": invalid ? `${fieldId(path)}-error` : undefined };
}

/**
 * The written draft as a form: each question, its four options, which one is right and its fact line
 * (questions can be removed), or the article's script text. User text is only ever a field's value.
 */
export function DraftEditor({ draft, onChange, errors }: Props) {
  if (draft.kind === "script") {
    const path = "script.text";
    return (
      <div class="field">
        <label for={fieldId(path)}>Script text</label>
        <textarea rows={10} {...fieldAttrs(path, errors)} value={draft.text} onInput={(e) => onChange({ kind: "script", text: e.currentTarget.value })} />
        <p class="hint">{wordsIn(draft.text)} words. The narrator reads exactly this; the first sentence opens under the headline card.</p>
        <FieldErrors path={path} errors={errors} />
      </div>
    );
  }
  const questions = draft.questions;
  const update = (index: number, next: Partial<QuestionEdit>) => onChange({ kind: "pack", questions: questions.map((q, i) => (i === index ? { ...q, ...next } : q)) });
  const remove = (index: number) => onChange({ kind: "pack", questions: questions.filter((_, i) => i !== index) });
  return (
    <>
      <FieldErrors path="pack.questions" errors={errors} />
      <ol class="questions edit">
        {questions.map((q, i) => {
          const at = `pack.questions[${i}]`;
          const n = `Question ${i + 1}`;
          return (
            <li key={i} class="question-edit">
              <fieldset class="group">
                <legend>{n}</legend>
                <div class="field">
                  <label for={fieldId(`${at}.question`)}>
                    <span class="sr-only">{n} </span>Question text
                  </label>
                  <textarea rows={2} {...fieldAttrs(`${at}.question`, errors)} value={q.question} onInput={(e) => update(i, { question: e.currentTarget.value })} />
                  <FieldErrors path={`${at}.question`} errors={errors} />
                </div>
                <fieldset class="options-edit">
                  <legend>
                    Options <span class="muted">(mark the correct one)</span>
                  </legend>
                  <FieldErrors path={`${at}.options`} errors={errors} />
                  <FieldErrors path={`${at}.answerIndex`} errors={errors} />
                  {q.options.map((option, k) => {
                    const path = `${at}.options[${k}]`;
                    return (
                      <div class="option-row" key={k}>
                        <input
                          type="radio"
                          name={fieldId(`${at}.answerIndex`)}
                          id={`${fieldId(path)}-correct`}
                          checked={q.answerIndex === k}
                          onChange={() => update(i, { answerIndex: k })}
                        />
                        <label for={`${fieldId(path)}-correct`} class="sr-only">
                          {n}: option {LETTERS[k]} is the correct answer
                        </label>
                        <label for={fieldId(path)} class="option-letter">
                          <span class="sr-only">{n} </span>Option {LETTERS[k]}
                        </label>
                        <input
                          type="text"
                          {...fieldAttrs(path, errors)}
                          value={option}
                          onInput={(e) => update(i, { options: q.options.map((o, j) => (j === k ? e.currentTarget.value : o)) })}
                        />
                        <FieldErrors path={path} errors={errors} />
                      </div>
                    );
                  })}
                </fieldset>
                <div class="field">
                  <label for={fieldId(`${at}.fact`)}>
                    <span class="sr-only">{n} </span>Fact line
                  </label>
                  <textarea rows={2} {...fieldAttrs(`${at}.fact`, errors)} value={q.fact} onInput={(e) => update(i, { fact: e.currentTarget.value })} />
                  <FieldErrors path={`${at}.fact`} errors={errors} />
                </div>
                <div class="item-actions">
                  <button type="button" class="secondary" disabled={questions.length === 1} onClick={() => remove(i)}>
                    Remove question {i + 1}
                  </button>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
    </>
  );
}

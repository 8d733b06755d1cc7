import { createContext } from "preact";
import { useContext } from "preact/hooks";
import { FieldErrors } from "./field-errors.tsx";
import { VoicePreview } from "./voice-preview.tsx";
import { type Json, type JsonObject, type Schema, childPath, fieldId, forbiddenFields, initialValue, isChoiceGroup, isPrimary, itemLabelOf, kindOf, labelOf, setIn } from "./schema.ts";

/** What every field needs besides its own schema and value. */
interface FormContext {
  /** Error messages by path (`messages[0].text`), from the service's last refusal. */
  errors: Map<string, string[]>;
  /** Readable names of enum values (voice ids -> "Daniel, male"). */
  choiceLabels: Map<string, string>;
  /** Voice ids with a preview to play. */
  voicePreviews: Map<string, string>;
}

const Context = createContext<FormContext>({ errors: new Map(), choiceLabels: new Map(), voicePreviews: new Map() });

interface FieldProps {
  schema: Schema;
  value: Json | undefined;
  path: string;
  /** The label as seen; `prefix` is read only by screen readers, so each field's name is unique ("Message 2 text"). */
  label: string;
  prefix: string;
  required: boolean;
  onChange(next: Json | undefined): void;
}

function Errors({ path }: { path: string }) {
  return <FieldErrors path={path} errors={useContext(Context).errors} />;
}

function Label({ path, label, prefix, required }: Pick<FieldProps, "path" | "label" | "prefix" | "required">) {
  return (
    <label for={fieldId(path)}>
      {prefix && <span class="sr-only">{prefix} </span>}
      {label}
      {required && <span aria-hidden="true"> *</span>}
    </label>
  );
}

/** aria attributes tying an input to its hint and its errors. */
function described(path: string, schema: Schema, errors: Map<string, string[]>) {
  const ids = [schema.description ? `${fieldId(path)}-hint` : "", errors.has(path) ? `${fieldId(path)}-error` : ""].filter(Boolean);
  return { "aria-describedby": ids.length > 0 ? ids.join(" ") : undefined, "aria-invalid": errors.has(path) ? true : undefined };
}

function Hint({ path, schema }: { path: string; schema: Schema }) {
  return schema.description ? (
    <p class="hint" id={`${fieldId(path)}-hint`}>
      {schema.description}
    </p>
  ) : null;
}

function ScalarField(props: FieldProps) {
  const { schema, value, path, required, onChange } = props;
  const { errors, choiceLabels, voicePreviews } = useContext(Context);
  const kind = kindOf(schema);
  const common = { id: fieldId(path), name: path, required, ...described(path, schema, errors) };
  let input;
  if (kind === "boolean") {
    return (
      <div class="field field-check">
        <input type="checkbox" {...common} required={false} checked={value === true} onChange={(e) => onChange(e.currentTarget.checked)} />
        <Label {...props} required={false} />
        <Hint path={path} schema={schema} />
        <Errors path={path} />
      </div>
    );
  }
  if (kind === "enum") {
    const choices = schema.enum ?? [];
    input = (
      <select {...common} value={value === undefined ? "" : String(value)} onChange={(e) => onChange(choiceOf(choices, e.currentTarget.value))}>
        {(value === undefined || !required) && <option value="">{required ? "Choose…" : "(not set)"}</option>}
        {choices.map((choice) => (
          <option key={String(choice)} value={String(choice)}>
            {choiceLabels.get(String(choice)) ?? String(choice)}
          </option>
        ))}
      </select>
    );
  } else if (kind === "number" || kind === "integer") {
    input = (
      <input
        type="number"
        inputMode={kind === "integer" ? "numeric" : "decimal"}
        step={kind === "integer" ? 1 : "any"}
        min={schema.minimum}
        max={schema.maximum}
        {...common}
        value={typeof value === "number" ? value : ""}
        onInput={(e) => {
          const text = e.currentTarget.value;
          onChange(text === "" ? undefined : Number(text));
        }}
      />
    );
  } else if (kind === "long-text") {
    input = <textarea rows={6} maxLength={schema.maxLength} {...common} value={typeof value === "string" ? value : ""} onInput={(e) => onChange(e.currentTarget.value)} />;
  } else {
    input = (
      <input
        type={schema.format === "uri" ? "url" : "text"}
        maxLength={schema.maxLength}
        {...common}
        value={typeof value === "string" ? value : ""}
        onInput={(e) => onChange(e.currentTarget.value)}
      />
    );
  }
  const preview = kind === "enum" && typeof value === "string" ? voicePreviews.get(value) : undefined;
  return (
    <div class="field">
      <Label {...props} />
      <div class="field-row">
        {input}
        {preview && <VoicePreview url={preview} name={choiceLabels.get(value as string) ?? String(value)} />}
      </div>
      <Hint path={path} schema={schema} />
      <Errors path={path} />
    </div>
  );
}

/** A select's text back as the enum's own value (numbers stay numbers). */
function choiceOf(choices: readonly (string | number | boolean)[], text: string): Json | undefined {
  return choices.find((choice) => String(choice) === text) ?? undefined;
}

function ObjectField(props: FieldProps & { root?: boolean }) {
  const { schema, value, path, label, prefix, required, onChange, root } = props;
  const object = value && typeof value === "object" && !Array.isArray(value) ? (value as JsonObject) : undefined;
  // An optional group without a default (a hook text, an end card) is off until asked for.
  if (!object && !required && !root) {
    return (
      <div class="field field-check">
        <input type="checkbox" id={fieldId(path)} checked={false} onChange={() => onChange(initialValue(schema, true))} />
        <label for={fieldId(path)}>
          {prefix && <span class="sr-only">{prefix} </span>}Add {label.toLowerCase()}
        </label>
        <Hint path={path} schema={schema} />
      </div>
    );
  }
  const hidden = forbiddenFields(schema, object);
  const { errors } = useContext(Context);
  const fields = Object.entries(schema.properties ?? {}).filter(([name, child]) => !hidden.has(name) && kindOf(child) !== "fixed");
  const render = ([name, child]: [string, Schema]) => (
    <Field
      key={name}
      schema={child}
      value={object?.[name]}
      path={childPath(path, name)}
      label={labelOf(name, child)}
      prefix={root ? "" : [prefix, label].filter(Boolean).join(" ")}
      required={schema.required?.includes(name) ?? false}
      onChange={(next) => {
        const updated = setIn(object ?? {}, [name], next) as JsonObject;
        // A field the new choice forbids is dropped with it (pasted text loses the URL).
        for (const gone of forbiddenFields(schema, updated)) delete updated[gone];
        onChange(updated);
      }}
    />
  );
  const chosen = fields.filter(([name, child]) => isPrimary(name, child, schema, root === true || isChoiceGroup(schema)));
  // A group of optional fields only (a background: category, asset or link) shows them all: it is
  // itself under "More options" already.
  const primary = chosen.length > 0 ? chosen : fields;
  const more = fields.filter((field) => !primary.includes(field));
  // "More options" opens by itself when the service named a field inside it.
  const moreHasErrors = more.some(([name]) => [...errors.keys()].some((key) => key === childPath(path, name) || key.startsWith(`${childPath(path, name)}.`) || key.startsWith(`${childPath(path, name)}[`)));
  const where = root ? "" : [prefix, label].filter(Boolean).join(" ");
  const body = (
    <>
      {!root && <Hint path={path} schema={schema} />}
      <Errors path={path} />
      {primary.map(render)}
      {more.length > 0 && (
        <details class="more" open={moreHasErrors || undefined}>
          <summary>
            More options{where && <span class="sr-only"> for {where}</span>}
          </summary>
          {more.map(render)}
        </details>
      )}
    </>
  );
  if (root) return body;
  return (
    <fieldset class="group">
      <legend>
        {prefix && <span class="sr-only">{prefix} </span>}
        {label}
        {!required && schema.default === undefined && (
          <button type="button" class="link" onClick={() => onChange(undefined)}>
            Remove {label.toLowerCase()}
          </button>
        )}
      </legend>
      {body}
    </fieldset>
  );
}

function ArrayField(props: FieldProps) {
  const { schema, value, path, label, prefix, onChange } = props;
  const items = Array.isArray(value) ? value : [];
  const itemSchema = schema.items ?? {};
  const itemName = itemLabelOf(label);
  const canAdd = schema.maxItems === undefined || items.length < schema.maxItems;
  const canRemove = items.length > (schema.minItems ?? 0);
  const move = (from: number, to: number) => {
    const next = [...items];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved!);
    onChange(next);
  };
  const where = [prefix, itemName].filter(Boolean).join(" ");
  return (
    <fieldset class="group list">
      <legend>
        {prefix && <span class="sr-only">{prefix} </span>}
        {label}
      </legend>
      <Hint path={path} schema={schema} />
      <Errors path={path} />
      <ol class="items">
        {items.map((item, index) => {
          const name = `${where} ${index + 1}`;
          return (
            <li key={index} class="item">
              <Field schema={itemSchema} value={item} path={childPath(path, index)} label={`${capitalised(itemName)} ${index + 1}`} prefix={prefix} required onChange={(next) => onChange(items.map((old, i) => (i === index ? (next ?? null) : old)))} />
              <div class="item-actions">
                <button type="button" disabled={index === 0} aria-label={`Move ${name} up`} onClick={() => move(index, index - 1)}>
                  ↑ Up
                </button>
                <button type="button" disabled={index === items.length - 1} aria-label={`Move ${name} down`} onClick={() => move(index, index + 1)}>
                  ↓ Down
                </button>
                <button type="button" disabled={!canRemove} aria-label={`Remove ${name}`} onClick={() => onChange(items.filter((_, i) => i !== index))}>
                  Remove
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      <button type="button" disabled={!canAdd} onClick={() => onChange([...items, initialValue(itemSchema, true) ?? null])}>
        Add {itemName}
      </button>
    </fieldset>
  );
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function Field(props: FieldProps) {
  const kind = kindOf(props.schema);
  if (kind === "object") return <ObjectField {...props} />;
  if (kind === "array") return <ArrayField {...props} />;
  return <ScalarField {...props} />;
}

export interface SchemaFormProps extends Partial<FormContext> {
  schema: Schema;
  value: JsonObject;
  onChange(next: JsonObject): void;
}

/** Every field of a template's `inputSchema`, bound to `value`. */
export function SchemaForm({ schema, value, onChange, errors = new Map(), choiceLabels = new Map(), voicePreviews = new Map() }: SchemaFormProps) {
  return (
    <Context.Provider value={{ errors, choiceLabels, voicePreviews }}>
      <ObjectField root schema={schema} value={value} path="" label="" prefix="" required onChange={(next) => onChange((next ?? {}) as JsonObject)} />
    </Context.Provider>
  );
}

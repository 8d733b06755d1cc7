/**
 * The part of JSON Schema 2020-12 the templates' served `inputSchema` uses, and the value helpers the
 * form is built on. The form knows no template: a field added to a template's schema shows up here.
 */
export interface Schema {
  type?: string | string[];
  title?: string;
  description?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: (string | number | boolean)[];
  const?: unknown;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
  pattern?: string;
  allOf?: Schema[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  not?: Schema;
  if?: Schema;
  then?: Schema;
}

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export type FieldKind = "object" | "array" | "enum" | "boolean" | "number" | "integer" | "text" | "long-text" | "fixed";

export function kindOf(schema: Schema): FieldKind {
  if (schema.const !== undefined) return "fixed";
  if (schema.enum) return "enum";
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  if (type === "object" || schema.properties) return "object";
  if (type === "array") return "array";
  if (type === "boolean") return "boolean";
  if (type === "integer") return "integer";
  if (type === "number") return "number";
  // Long free text (a story, an article) gets a text area; names, ids and links a single line.
  return (schema.maxLength ?? 0) > 200 && schema.format !== "uri" ? "long-text" : "text";
}

const clone = <T>(value: T): T => (value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T));

/**
 * A field's starting value: its default, with the defaults of its own fields filled in; a required
 * object or list built out (a list with its fewest items); undefined for an optional field without one.
 */
export function initialValue(schema: Schema, present = false): Json | undefined {
  const kind = kindOf(schema);
  if (kind === "fixed") return clone(schema.const as Json);
  if (kind === "object") {
    if (schema.default === undefined && !present) return undefined;
    const value: JsonObject = { ...(clone(schema.default as JsonObject | undefined) ?? {}) };
    for (const [name, child] of Object.entries(schema.properties ?? {})) {
      if (value[name] !== undefined) continue;
      const start = initialValue(child, schema.required?.includes(name) ?? false);
      if (start !== undefined) value[name] = start;
    }
    return value;
  }
  if (schema.default !== undefined) return clone(schema.default as Json);
  if (kind === "array" && present) {
    return Array.from({ length: schema.minItems ?? 0 }, () => initialValue(schema.items ?? {}, true) ?? null);
  }
  return undefined;
}

/**
 * What is sent: empty text and unset fields left out, so the service applies its own defaults and
 * rules; a list or optional object left empty is left out too.
 */
export function pruned(value: Json | undefined, schema: Schema, required = false): Json | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  if (Array.isArray(value)) {
    const items = value.map((item) => pruned(item, schema.items ?? {}, true) ?? (kindOf(schema.items ?? {}) === "object" ? {} : null));
    return items.length === 0 && !required ? undefined : (items as Json[]);
  }
  if (typeof value === "object") {
    const out: JsonObject = {};
    for (const [name, child] of Object.entries(value)) {
      const kept = pruned(child, schema.properties?.[name] ?? {}, schema.required?.includes(name) ?? false);
      if (kept !== undefined) out[name] = kept;
    }
    return Object.keys(out).length === 0 && !required && schema.default === undefined ? undefined : out;
  }
  return value;
}

/**
 * Fields an `if {X: const} then {not: {anyOf: [{required: [F]}]}}` rule forbids for the object's
 * current value of X (the article's `source` hides the URL for pasted text and the reverse).
 */
export function forbiddenFields(schema: Schema, value: JsonObject | undefined): Set<string> {
  const hidden = new Set<string>();
  for (const rule of schema.allOf ?? []) {
    const when = rule.if?.properties;
    if (!when || !rule.then) continue;
    const matches = Object.entries(when).every(([name, condition]) => condition.const !== undefined && value?.[name] === condition.const);
    if (!matches) continue;
    for (const option of rule.then.not?.anyOf ?? []) for (const name of option.required ?? []) hidden.add(name);
  }
  return hidden;
}

/** A choice that comes with a default (platform, voice, theme, a sound on or off). */
const isChoice = (s: Schema) => s.const !== undefined || ((kindOf(s) === "enum" || kindOf(s) === "boolean") && s.default !== undefined);

/** A group made only of such choices (the two voices, the sound effects): shown open like one. */
export function isChoiceGroup(schema: Schema): boolean {
  return kindOf(schema) === "object" && Object.values(schema.properties ?? {}).every(isChoice);
}

/**
 * Whether a field is shown at once or under "More options": what must be filled (required, required
 * by an if/then rule such as the article source's URL or text, or the first of an either-or rule such
 * as a message's text or image), and, at the top level and in a group of
 * choices, the choices that come with a default.
 */
export function isPrimary(name: string, child: Schema, parent: Schema, showChoices: boolean): boolean {
  if (parent.required?.includes(name)) return true;
  if ((parent.allOf ?? []).some((rule) => rule.oneOf?.[0]?.required?.includes(name) || rule.then?.required?.includes(name))) return true;
  return showChoices && (isChoice(child) || isChoiceGroup(child));
}

/** "captionPresetId" -> "Caption preset"; "cardWidthPct" -> "Card width (%)". */
export function labelOf(name: string, schema: Schema): string {
  if (schema.title) return schema.title;
  let words = name
    .replace(/Pct$/, " (%)")
    .replace(/Ms$/, " (ms)")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase();
  if (schema.enum && words.endsWith(" id")) words = words.slice(0, -3);
  else words = words.replace(/\bid\b/g, "ID").replace(/\burl\b/g, "URL");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** "messages" -> "message", "captions" -> "caption": the name of one item of a list. */
export function itemLabelOf(listLabel: string): string {
  const lower = listLabel.toLowerCase();
  return lower.endsWith("s") ? lower.slice(0, -1) : `${lower} item`;
}

/** A field's path as the service's `errors[].path` names it below `inputs`: `messages[0].text`. */
export function childPath(parent: string, key: string | number): string {
  if (typeof key === "number") return `${parent}[${key}]`;
  return parent ? `${parent}.${key}` : key;
}

/** A DOM id for a path (ids must not hold brackets or dots to be usable in selectors). */
export function fieldId(path: string): string {
  return `f-${path.replace(/[^A-Za-z0-9]+/g, "-")}`;
}

/** `value` with the field at `path` (a list of keys) set; a new object, the old one untouched. */
export function setIn(value: Json | undefined, path: readonly (string | number)[], next: Json | undefined): Json | undefined {
  if (path.length === 0) return next;
  const [head, ...rest] = path;
  if (typeof head === "number") {
    const list = Array.isArray(value) ? [...value] : [];
    list[head] = setIn(list[head], rest, next) ?? null;
    return list;
  }
  const object: JsonObject = value && typeof value === "object" && !Array.isArray(value) ? { ...value } : {};
  const updated = setIn(object[head!], rest, next);
  if (updated === undefined) delete object[head!];
  else object[head!] = updated;
  return object;
}

/** The value at a path as the service names it (`messages[0].text`); undefined when absent. */
export function valueAt(value: Json | undefined, path: string): Json | undefined {
  let current: Json | undefined = value;
  for (const key of path.match(/[^.[\]]+/g) ?? []) {
    if (current === null || typeof current !== "object") return undefined;
    current = Array.isArray(current) ? current[Number(key)] : current[key];
  }
  return current;
}

/** The refusal's field errors whose fields still hold what was refused: an edited field loses its error. */
export function errorsStillStanding(errors: Map<string, string[]>, refused: Json | undefined, now: Json | undefined): Map<string, string[]> {
  const same = (path: string) => JSON.stringify(valueAt(refused, path) ?? null) === JSON.stringify(valueAt(now, path) ?? null);
  return new Map([...errors].filter(([path]) => same(path)));
}

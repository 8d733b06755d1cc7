import { FormatRegistry, Kind, type SchemaOptions, type TSchema, type TUnsafe, Type, TypeRegistry } from "@sinclair/typebox";

/**
 * Builders for the wire schemas. They emit plain JSON Schema (`enum`, `format: uri`), which is what the
 * served `inputSchema` shows; `registerSchemaChecks` teaches TypeBox to validate those same objects.
 */

/** The checks TypeBox needs for the kinds and formats these builders emit; run before any validation. */
export function registerSchemaChecks(): void {
  if (TypeRegistry.Has("ClosedEnum")) return;
  TypeRegistry.Set("ClosedEnum", (schema: { enum: unknown[]; [ALIASES]?: Map<string, string> }, value) =>
    schema.enum.includes(value as never) || (typeof value === "string" && schema[ALIASES]?.has(value.toLowerCase()) === true),
  );
  FormatRegistry.Set("uri", (value) => {
    if (!URL.canParse(value)) return false;
    const { protocol, hostname } = new URL(value);
    return (protocol === "https:" || protocol === "http:") && hostname.length > 0;
  });
}

/**
 * An optional field with a schema default. Validation always fills it in, so it is typed as present:
 * `Static<typeof Inputs>` is the type of validated inputs, and productions need no fallback of their own.
 */
export function Defaulted<T extends TSchema>(schema: T): T {
  if (!("default" in schema)) throw new Error("Defaulted needs a schema with a default");
  // Optional in the JSON Schema (callers may omit it), required in the type of what validation returns.
  return Type.Optional(schema) as unknown as T;
}

/** `silent` of the templates that may render without narration (only when explicitly true). */
export function SilentField() {
  return Defaulted(
    Type.Boolean({ default: false, description: "true renders without narration; a no-narration render happens only when this is explicitly true." }),
  );
}

/** A closed set of strings or numbers, rendered as JSON Schema `enum`. */
export function Enum<const T extends readonly (string | number)[]>(values: T, options: SchemaOptions = {}): TUnsafe<T[number]> {
  const type = typeof values[0] === "number" ? "number" : "string";
  return Type.Unsafe<T[number]>({ ...options, [Kind]: "ClosedEnum", type, enum: [...values] });
}

/** An aliased enum's accepted spellings, by lower case: a symbol, so the served JSON Schema shows only `enum`. */
const ALIASES = Symbol.for("shortvid.enumAliases");

/**
 * A closed set of names that also takes other spellings of each (`aliasesOf(name)`: an id, a slug), in
 * any case: "minecraft" and "MINECRAFT" are "Minecraft". `applyAliases` turns what was sent into the name.
 */
export function AliasedEnum<const T extends readonly string[]>(values: T, aliasesOf: (value: T[number]) => string[], options: SchemaOptions = {}): TUnsafe<T[number]> {
  const aliases = new Map<string, string>();
  for (const value of values) for (const spelling of [value, ...aliasesOf(value)]) aliases.set(spelling.toLowerCase(), value);
  return Type.Unsafe<T[number]>({ ...options, [Kind]: "ClosedEnum", [ALIASES]: aliases, type: "string", enum: [...values] });
}

/** Replaces, in place, every aliased enum's value in `value` (valid for `schema`) with the name it spells. */
export function applyAliases(schema: TSchema, value: unknown): void {
  if (value === null || typeof value !== "object") return;
  const node = schema as { properties?: Record<string, TSchema>; items?: TSchema; anyOf?: TSchema[]; oneOf?: TSchema[] };
  const record = value as Record<string, unknown>;
  for (const [key, field] of Object.entries(node.properties ?? {})) {
    const aliases = (field as { [ALIASES]?: Map<string, string> })[ALIASES];
    const current = record[key];
    if (aliases && typeof current === "string") record[key] = aliases.get(current.toLowerCase()) ?? current;
    else applyAliases(field, current);
  }
  if (node.items && Array.isArray(value)) for (const item of value) applyAliases(node.items, item);
  for (const variant of [...(node.anyOf ?? []), ...(node.oneOf ?? [])]) applyAliases(variant, value);
}

export function HttpUrl(options: SchemaOptions & { maxLength?: number; minLength?: number } = {}) {
  return Type.String({ format: "uri", ...options });
}

/** Marks a URL the pipeline fetches as a caller's own media: checked at create (scheme, literal address). */
export const OWN_MEDIA_URL = "x-own-media-url";

/** A caller's own media by URL (footage, music): an HttpUrl that the create path checks like webhookUrl. */
export function OwnMediaUrl(options: SchemaOptions & { maxLength?: number; minLength?: number } = {}) {
  return Type.String({ format: "uri", ...options, [OWN_MEDIA_URL]: true });
}

/** Closed object: unknown fields are refused everywhere in inputs. */
export function Closed<T extends Parameters<typeof Type.Object>[0]>(properties: T, options: SchemaOptions = {}) {
  return Type.Object(properties, { additionalProperties: false, ...options });
}

/** A field issue found by a cross-field rule. Paths are relative to the inputs object, as JSON pointers. */
export interface RuleIssue {
  pointer: string;
  message: string;
  code: string;
}

/**
 * A rule that one object schema cannot say by itself. `check` runs on inputs that already passed the
 * schema; `annotate` writes the same rule into the JSON Schema (where JSON Schema can say it), so the
 * served `inputSchema` and the validator agree.
 */
export interface Rule {
  description: string;
  check(inputs: Record<string, unknown>): RuleIssue[];
  annotate?(): void;
}

function getAt(root: unknown, path: readonly string[]): unknown {
  let cur = root;
  for (const key of path) {
    if (cur === null || typeof cur !== "object") return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur;
}

function pointerOf(path: readonly (string | number)[]): string {
  return path.map((p) => `/${p}`).join("");
}

/** `at` names an object inside inputs ([] for inputs itself); "*" walks every item of an array. */
function objectsAt(inputs: unknown, at: readonly string[]): { value: Record<string, unknown>; path: (string | number)[] }[] {
  const star = at.indexOf("*");
  if (star === -1) {
    const value = getAt(inputs, at);
    return value && typeof value === "object" && !Array.isArray(value) ? [{ value: value as Record<string, unknown>, path: [...at] }] : [];
  }
  const list = getAt(inputs, at.slice(0, star));
  if (!Array.isArray(list)) return [];
  return list.flatMap((_, i) =>
    objectsAt({ x: list[i] }, ["x", ...at.slice(star + 1)]).map((o) => ({ value: o.value, path: [...at.slice(0, star), i, ...o.path.slice(1)] })),
  );
}

/** At most one of `fields` may be set on the object `schema` found at `at`. */
export function mutuallyExclusive(schema: TSchema, at: readonly string[], fields: readonly string[]): Rule {
  return {
    description: `${fields.map((f) => `\`${f}\``).join(", ")} are mutually exclusive: send at most one.`,
    check(inputs) {
      return objectsAt(inputs, at).flatMap(({ value, path }) => {
        const present = fields.filter((f) => value[f] !== undefined);
        if (present.length < 2) return [];
        return present.slice(1).map((f) => ({
          pointer: pointerOf([...path, f]),
          message: `cannot be combined with ${present[0]}; send only one of ${fields.join(", ")}`,
          code: "mutually_exclusive",
        }));
      });
    },
    annotate() {
      const pairs: { required: string[] }[] = [];
      for (let i = 0; i < fields.length; i++)
        for (let j = i + 1; j < fields.length; j++) pairs.push({ required: [fields[i]!, fields[j]!] });
      addClause(schema, { not: { anyOf: pairs } });
    },
  };
}

/** Exactly one of `fields` must be set on each object `schema` found at `at`. */
export function exactlyOne(schema: TSchema, at: readonly string[], fields: readonly string[]): Rule {
  const exclusive = mutuallyExclusive(schema, at, fields);
  return {
    description: `Send exactly one of ${fields.map((f) => `\`${f}\``).join(", ")}.`,
    check(inputs) {
      const missing = objectsAt(inputs, at)
        .filter(({ value }) => fields.every((f) => value[f] === undefined))
        .map(({ path }) => ({ pointer: pointerOf([...path, fields[0]!]), message: `send one of ${fields.join(", ")}`, code: "required" }));
      return [...missing, ...exclusive.check(inputs)];
    },
    annotate() {
      addClause(schema, { oneOf: fields.map((f) => ({ required: [f] })) });
    },
  };
}

/**
 * On the object `schema` found at `at`, the value of `selector` decides which of the `variants` fields is
 * required and the others are refused (for example `source.kind` url -> `url`, text -> `text`).
 */
export function selectedBy(schema: TSchema, at: readonly string[], selector: string, variants: Record<string, string>): Rule {
  const all = Object.values(variants);
  return {
    description: `\`${selector}\` decides the field: ${Object.entries(variants)
      .map(([k, f]) => `${k} requires \`${f}\``)
      .join(", ")}; the other is refused.`,
    check(inputs) {
      return objectsAt(inputs, at).flatMap(({ value, path }) => {
        const wanted = variants[String(value[selector])];
        if (!wanted) return [];
        const issues: RuleIssue[] = [];
        if (value[wanted] === undefined)
          issues.push({ pointer: pointerOf([...path, wanted]), message: `is required when ${selector} is ${String(value[selector])}`, code: "required" });
        for (const other of all)
          if (other !== wanted && value[other] !== undefined)
            issues.push({ pointer: pointerOf([...path, other]), message: `is not allowed when ${selector} is ${String(value[selector])}`, code: "not_allowed" });
        return issues;
      });
    },
    annotate() {
      for (const [key, field] of Object.entries(variants))
        addClause(schema, {
          if: { properties: { [selector]: { const: key } }, required: [selector] },
          then: { required: [field], not: { anyOf: all.filter((f) => f !== field).map((f) => ({ required: [f] })) } },
        });
    },
  };
}

/** A number field at `path` must not exceed the length of the array at `arrayPath` (inputs-relative). */
export function atMostCountOf(at: readonly string[], field: string, arrayPath: readonly string[], what: string): Rule {
  return {
    description: `\`${[...at.filter((p) => p !== "*"), field].join(".")}\` is at most the number of ${what}.`,
    check(inputs) {
      const list = getAt(inputs, arrayPath);
      if (!Array.isArray(list)) return [];
      return objectsAt(inputs, at).flatMap(({ value, path }) => {
        const n = value[field];
        return typeof n === "number" && n > list.length
          ? [{ pointer: pointerOf([...path, field]), message: `must be at most ${list.length}, the number of ${what}`, code: "too_large" }]
          : [];
      });
    },
  };
}

/** Rules compose: each adds its own clause to the schema's `allOf`. */
function addClause(schema: TSchema, clause: Record<string, unknown>): void {
  const target = schema as Record<string, unknown>;
  target.allOf = [...((target.allOf as unknown[]) ?? []), clause];
}

export function applyAnnotations(rules: readonly Rule[]): void {
  for (const rule of rules) rule.annotate?.();
}

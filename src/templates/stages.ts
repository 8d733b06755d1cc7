import type { Static, TSchema } from "@sinclair/typebox";
import { Value } from "@sinclair/typebox/value";

/**
 * A template's stages between its inputs and its Timeline, typed end to end. Each stage declares the
 * schema its output is stored under; the output is saved as JSON on the video (another attempt, perhaps on
 * another machine, resumes from it) and read back only through `readOutput`, which checks it against that
 * schema: a malformed stored output is refused with the stage and the field named, never cast.
 */

export type PreRenderStage = "preparing_media" | "generating_script" | "narrating";

/** The order stages run in: media, then the script, then its narration; the render comes after. */
export const STAGE_ORDER = ["preparing_media", "generating_script", "narrating"] as const satisfies readonly PreRenderStage[];

/** The stages that have run before each one: all a stage may read. */
interface EarlierStages {
  preparing_media: never;
  generating_script: "preparing_media";
  narrating: "preparing_media" | "generating_script";
}

/** A template's stage outputs by stage, such as `{ preparing_media: PreparedMedia; narrating: StoryNarration }`. */
export type OutputTypes = Partial<Record<PreRenderStage, unknown>>;

/** A schema that stores values of type T. */
export type SchemaOf<T> = TSchema & { static: T };

/** A stage's output read back, or its absence, as an error that says which stage and which field. */
export class StageOutputError extends Error {
  constructor(
    readonly stage: string,
    message: string,
  ) {
    super(message);
    this.name = "StageOutputError";
  }
}

/** The outputs of the stages a production may read, each checked against its stage's schema when read. */
export interface StageOutputs<O> {
  get<K extends keyof O & PreRenderStage>(stage: K): O[K];
}

/** One stage: how its output is stored, how it runs from the earlier stages' outputs, and the files it leaves. */
export interface StageSpec<C, O, K extends keyof O> {
  output: SchemaOf<O[K]>;
  run(ctx: C, earlier: StageOutputs<Pick<O, (K extends PreRenderStage ? EarlierStages[K] : never) & keyof O>>): Promise<O[K]>;
  /** Files the finished stage left in the work folder (a stage whose files are gone runs again). */
  files?(output: O[K]): string[];
}

export type StageSpecs<C, O> = { [K in keyof O]-?: StageSpec<C, O, K> };

/** A and B accept the same values and, for objects, name the same fields (optional ones included). */
type Exactly<A, B> = [A, keyof A] extends [B, keyof B] ? ([B, keyof B] extends [A, keyof A] ? true : false) : false;

/**
 * A stage output's schema, checked against the output's type at compile time in both directions: a schema
 * that accepts less or more than the type says does not compile. `storedAs<StoryNarration>()(Type.Object(...))`.
 */
export function storedAs<T>() {
  return <S extends SchemaOf<T>>(schema: Exactly<Static<S>, T> extends true ? S : never): S => schema;
}

/** A stored output as its type, or a StageOutputError naming the stage and the first field that is wrong. */
export function readOutput<T>(stage: string, schema: SchemaOf<T>, value: unknown): T {
  if (value === undefined) throw new StageOutputError(stage, `The ${stage} stage has no output to read.`);
  if (Value.Check(schema, value)) return value;
  const error = Value.Errors(schema, value).First();
  const where = error ? ` at ${error.path || "/"}: ${error.message}` : "";
  throw new StageOutputError(stage, `The stored output of the ${stage} stage is malformed${where}.`);
}

/** Stored outputs (plain JSON by stage) read through the stages' schemas. */
export function storedOutputs<C, O>(specs: StageSpecs<C, O>, stored: Readonly<Record<string, unknown>>): StageOutputs<O> {
  return { get: (stage) => readOutput(stage, specs[stage].output, stored[stage]) };
}

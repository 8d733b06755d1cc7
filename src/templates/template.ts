import type { TObject } from "@sinclair/typebox";
import type { Timeline } from "../../render/timeline.ts";
import type { NarrationUsage } from "../billing/charges.ts";
import type { ContentPorts } from "../content/ports.ts";
import type { Generator } from "../content/writer.ts";
import type { FailureCode } from "../kernel/errors.ts";
import type { FootageSupply } from "../media/footage-supply.ts";
import type { MediaLibrary } from "../media/library.ts";
import type { OwnMediaImporter } from "../media/own-media.ts";
import type { NarrationRequest, Narrator } from "../narration/narrator.ts";
import type { MadeOf, PublishSource } from "../publishing/model.ts";
import type { Rule, RuleIssue } from "../kernel/schema-kit.ts";
import { type OutputTypes, type PreRenderStage, STAGE_ORDER, type StageOutputs, type StageSpecs, storedOutputs, readOutput } from "./stages.ts";

export type { PreRenderStage } from "./stages.ts";

export interface PaidStep {
  step: string;
  credits: string;
}

/** What a template's production may use; it never spawns processes itself. */
export interface ProductionPorts {
  narrator: Narrator;
  library: MediaLibrary;
  ownMedia: OwnMediaImporter;
  content: ContentPorts;
  /** Asks for a background category not generated yet to be made next. */
  footage: FootageSupply;
  /** Draws an SVG to a PNG (on the render pool's threads). */
  drawPng(svg: string, outPath: string): Promise<void>;
}

export interface ProductionContext<I = unknown> {
  videoId: string;
  accountId: string;
  /** Validated, with every schema default filled in. */
  inputs: I;
  projectId: string | null;
  /** Kept across attempts of this video on this machine; files named in stage outputs live here. */
  workDir: string;
  ports: ProductionPorts;
}

export type { NarrationUsage } from "../billing/charges.ts";

export interface DurationEstimate {
  /** Expected length of the video. */
  videoSeconds: number;
  /** Expected narration length, the basis of narration credits. */
  narrationSeconds: number;
}

/** A draft written by POST /v1/scripts, saved on a project and reused as the video's script stage. */
export interface ScriptStep<I> {
  kind: "script";
  /** What a project holding the draft is called, and what the step makes ("scripts", "packs"). */
  projectKind: "script" | "pack";
  makes: string;
  /** Reads and writes the draft; failures are ContentErrors. `seed` varies drafts between calls. */
  write(inputs: I, content: ContentPorts, seed: number): Promise<{ generator: Generator }>;
  /** The draft as POST /v1/scripts shows it, under its own field (`script` or `pack`). */
  present(content: unknown, wordsPerSecond: number): { script: object } | { pack: object };
  /** How the caller replaces the draft's words with their own (PATCH /v1/scripts/{projectId}). */
  edit: DraftEdit;
}

/**
 * The caller's own version of a draft: sent under `field` (the draft's own field, `script` or `pack`),
 * checked by `schema`, then by `issues` and `refusal`, and saved over the written one by `apply`.
 * Pointers are inside the field's value.
 */
export interface DraftEdit {
  field: "script" | "pack";
  schema: TObject;
  /** What the schema cannot say (options that repeat, text that is only spaces, too many words). */
  issues(edit: unknown): RuleIssue[];
  /** Caller text the safety rules refuse (SAFETY_REJECTED). */
  refusal(edit: unknown): { pointer: string; reason: string } | null;
  /** The stored draft with the caller's version in place of the written words; `editedAt` marks it. */
  apply(content: unknown, edit: unknown, editedAt: Date): unknown;
  /**
   * The reminders a video made from an edited draft carries instead of the template's `notices`: the
   * words are the caller's now, so they are not called AI drafts.
   */
  notices: string[];
}

/** A free narrated teaser made by POST /v1/previews; a video made from its project narrates in full. */
export interface PreviewStep<I> {
  kind: "preview";
  projectKind: "preview";
  makes: string;
  /** What the teaser narrates, with the caller's voice settings. */
  teaser(inputs: I): NarrationRequest;
}

export type FreeStep<I> = ScriptStep<I> | PreviewStep<I>;

/**
 * Everything one template is: what the API says about it (schemas, guides, catalog), its free step, and
 * how it makes, estimates and bills its video. The rest of the service asks the template; nothing else
 * switches on its id. `I` is the type of its validated inputs, `Static<typeof Inputs>`.
 */
export interface Template<I = unknown> {
  id: string;
  name: string;
  description: string;
  inputs: TObject & { static: I };
  rules: Rule[];
  /** JSON pointers (inside inputs) of voice fields, and the voice set they accept. */
  voiceFields: string[];
  voiceSet: readonly string[];
  /** Refusals with NARRATION_REQUIRED, checked on the raw inputs. */
  narrationRules(inputs: Record<string, unknown>): RuleIssue[];
  /**
   * The languages asked for by name, each with its input (JSON pointer), checked on valid inputs against
   * the languages this deployment narrates (INVALID_INPUT when none of its voices speaks one).
   */
  narratedLanguages?(inputs: I): { pointer: string; language: string }[];
  /** Caller text refused by the safety rules (SAFETY_REJECTED), checked on valid inputs. */
  contentRefusal?(inputs: I): { pointer: string; reason: string } | null;
  /**
   * Inputs the deployment's writers cannot make content for (a quiz topic outside the offline data
   * when no LLM is configured), refused with `code` before a video is queued or a free step runs.
   * `covered` says in a few words what is covered.
   */
  coverageRefusal?(inputs: I, content: ContentPorts): { code: "PACK_FAILED"; pointer: string; reason: string; covered: string } | null;
  /** Effective defaults that are not schema defaults (they would clash with mutually exclusive fields). */
  impliedDefaults: Record<string, unknown>;
  freeStep: FreeStep<I> | null;
  paidSteps: PaidStep[];
  /** Reminders a video of this template carries (AI-drafted words); null when it carries none. */
  notices: string[] | null;
  /** How its failures are named (the spec's failure table). */
  failures: {
    /** A narrator's failure. */
    narration: FailureCode;
    /** A draft refused by the safety rules after it was written (templates with a script step). */
    draft?: FailureCode;
    /** Further codes its stages end with; render, interruption and cancellation apply to every template. */
    stages: FailureCode[];
  };
  notes: string[];
  examples: { minimal: Record<string, unknown>; full: Record<string, unknown> };

  /** Stages before the render, in order; each returns plain JSON that is persisted, so a restart resumes. */
  stages: PreRenderStage[];
  /** Runs a stage from the stored outputs of the stages before it (each read back through its schema). */
  runStage(stage: PreRenderStage, ctx: ProductionContext<I>, stored: StoredOutputs): Promise<unknown>;
  /** Files a finished stage left in the work folder; a stage whose files are gone runs again. */
  stageFiles(stage: PreRenderStage, output: unknown): string[];
  /** The inputs and the stages' stored outputs as a Timeline for the renderer. */
  compose(ctx: ProductionContext<I>, stored: StoredOutputs): Promise<{ timeline: Timeline; cutAtMs?: number }>;
  /** Pure estimate of the video's length and narration from validated inputs. */
  estimate(inputs: I): DurationEstimate;
  /** What the finished video used, from what was actually recorded. */
  usage(inputs: I, stored: StoredOutputs): NarrationUsage;
  /** What in the finished video is generated, and the caller's own words and media in it (its disclosure and Content Credentials). */
  madeOf(inputs: I, stored: StoredOutputs): MadeOf;
  /** Everything the video says, its title and its opening line: all its publish kit may draw on. */
  publishSource(inputs: I, stored: StoredOutputs): PublishSource;
}

/** Stage outputs as a video stores them: plain JSON by stage, read back only through the stages' schemas. */
export type StoredOutputs = Readonly<Record<string, unknown>>;

/**
 * A template as its folder writes it: its production typed by `O`, the outputs of its stages
 * (`{ preparing_media: PreparedMedia; narrating: StoryNarration }`), each stage declaring the schema its
 * output is stored under.
 */
export interface TemplateSpec<I, O extends OutputTypes> extends Omit<Template<I>, "stages" | "runStage" | "stageFiles" | "compose" | "usage" | "madeOf" | "publishSource"> {
  stages: StageSpecs<ProductionContext<I>, O>;
  compose(ctx: ProductionContext<I>, outputs: StageOutputs<O>): Promise<{ timeline: Timeline; cutAtMs?: number }>;
  usage(inputs: I, outputs: StageOutputs<O>): NarrationUsage;
  madeOf(inputs: I, outputs: StageOutputs<O>): MadeOf;
  publishSource(inputs: I, outputs: StageOutputs<O>): PublishSource;
}

/**
 * Checks a template against its own inputs and stage output types,
 * `defineTemplate<Static<typeof Inputs>, Outputs>({...})`; the service sees it through stored outputs.
 */
export function defineTemplate<I, O extends OutputTypes>(spec: TemplateSpec<I, O>): Template<I> {
  const specs = spec.stages;
  const has = (stage: PreRenderStage): stage is PreRenderStage & keyof O => Object.hasOwn(specs, stage);
  const specOf = (stage: PreRenderStage) => {
    if (!has(stage)) throw new Error(`${spec.id} has no ${stage} stage`);
    return specs[stage];
  };
  return {
    ...spec,
    stages: STAGE_ORDER.filter(has),
    runStage: async (stage, ctx, stored) => specOf(stage).run(ctx, storedOutputs(specs, stored)),
    stageFiles: (stage, output) => {
      const stageSpec = specOf(stage);
      return stageSpec.files ? stageSpec.files(readOutput(stage, stageSpec.output, output)) : [];
    },
    compose: async (ctx, stored) => spec.compose(ctx, storedOutputs(specs, stored)),
    usage: (inputs, stored) => spec.usage(inputs, storedOutputs(specs, stored)),
    madeOf: (inputs, stored) => spec.madeOf(inputs, storedOutputs(specs, stored)),
    publishSource: (inputs, stored) => spec.publishSource(inputs, storedOutputs(specs, stored)),
  };
}

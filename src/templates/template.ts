import type { TObject } from "@sinclair/typebox";
import type { Rule, RuleIssue } from "./schema-kit.ts";

export const TEMPLATE_IDS = ["article_video", "quiz_video", "reddit_story", "fake_text_message"] as const;
export type TemplateId = (typeof TEMPLATE_IDS)[number];

export interface PaidStep {
  step: string;
  credits: string;
}

/** Everything the API says about one template; schemas, guides and the catalog all read from here. */
export interface TemplateDefinition {
  id: TemplateId;
  name: string;
  description: string;
  inputs: TObject;
  rules: Rule[];
  /** JSON pointers (inside inputs) of voice fields, and the voice set they accept. */
  voiceFields: string[];
  voiceSet: readonly string[];
  /** Refusals with NARRATION_REQUIRED, checked on the raw inputs. */
  narrationRules(inputs: Record<string, unknown>): RuleIssue[];
  /** Caller text refused by the safety rules (SAFETY_REJECTED), checked on valid inputs. */
  contentRefusal?(inputs: Record<string, unknown>): { pointer: string; reason: string } | null;
  /** Effective defaults that are not schema defaults (they would clash with mutually exclusive fields). */
  impliedDefaults: Record<string, unknown>;
  freeTools: string[];
  paidSteps: PaidStep[];
  notes: string[];
  examples: { minimal: Record<string, unknown>; full: Record<string, unknown> };
}

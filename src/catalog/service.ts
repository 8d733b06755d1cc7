import { inputSchemaOf, templateDefaults } from "../templates/describe.ts";
import { DEFAULT_TEXT_VOICES, PACING_MS, TEXT_PLATFORMS, TEXT_THEMES } from "../templates/fake-text-message/inputs.ts";
import { freeToolsOf } from "../templates/free-steps.ts";
import type { TemplateRegistry } from "../templates/registry.ts";
import { type MediaLibrary, readyCategories } from "../media/library.ts";
import { BACKGROUND_CATEGORIES, categorySlug } from "../../render/media/background-categories.ts";
import { CAPTION_PRESETS } from "../../render/captions/presets.ts";
import type { Options, TemplateDescription } from "./model.ts";
import { offlineDescription } from "../narration/offline-voices.ts";
import { VOICES } from "../narration/voices.ts";
import { OFFLINE_TOPICS } from "../content/quiz/coverage.ts";

export function describeTemplates(templates: TemplateRegistry): TemplateDescription[] {
  return templates.list.map((t) => ({
    id: t.id,
    name: t.name,
    description: t.description,
    inputSchema: inputSchemaOf(t),
    defaults: templateDefaults(t),
    freeTools: freeToolsOf(t),
    paidSteps: t.paidSteps,
    notes: t.notes,
  }));
}

function templatesAccepting(templates: TemplateRegistry, voiceId: string): string[] {
  return templates.list.filter((t) => t.voiceSet.includes(voiceId)).map((t) => t.id);
}

export interface OptionsContext {
  publicBaseUrl: string;
  templates: TemplateRegistry;
  library: MediaLibrary;
  /** ISO 639-1 codes this deployment narrates; every catalog voice speaks each of them. */
  languages: readonly string[];
  /**
   * The deployment narrates with the offline voices: each voice is described as they make it (their
   * accent, pitch and pace), not as the provider whose ids the catalog uses describes it.
   */
  offlineVoices: boolean;
  /** Voice id -> URL of its served sample, for voices that have one. */
  voicePreviewUrl(voiceId: string): string | null;
  /** An LLM writes quiz packs (LLM_BASE_URL): any safe topic is accepted, not only the offline ones. */
  llmConfigured: boolean;
}

export function describeOptions(ctx: OptionsContext): Options {
  const base = ctx.publicBaseUrl;
  const ready = readyCategories(ctx.library);
  return {
    voices: VOICES.map((v) => ({
      id: v.id,
      name: v.name,
      gender: v.gender,
      ...(ctx.offlineVoices ? offlineDescription(v) : { description: v.description, tags: [...v.tags, v.accent, v.age] }),
      language: "en",
      languages: [...ctx.languages],
      previewUrl: ctx.voicePreviewUrl(v.id),
      templates: templatesAccepting(ctx.templates, v.id),
    })),
    backgrounds: {
      categories: BACKGROUND_CATEGORIES.map((name) => ({ id: categorySlug(name), name, ready: ready.has(name) })),
      assets: ctx.library.backgrounds().map((a) => ({
        id: a.id,
        name: a.name,
        category: a.category,
        thumbnailUrl: `${base}/v1/library/${a.id}/thumbnail`,
        previewUrl: `${base}/v1/library/${a.id}/preview`,
      })),
    },
    music: ctx.library.music().map((m) => ({ id: m.id, name: m.name, category: m.category })),
    captionPresets: CAPTION_PRESETS.map((p) => ({ id: p.id, name: p.name })),
    aspectRatios: ["9:16"],
    textMessages: {
      platforms: [...TEXT_PLATFORMS],
      themes: [...TEXT_THEMES],
      pacing: { ...PACING_MS },
      defaultVoices: { ...DEFAULT_TEXT_VOICES },
    },
    quizTopics: {
      anyTopic: ctx.llmConfigured,
      offline: OFFLINE_TOPICS.map((c) => ({ category: c.category, topics: [...c.topics] })),
    },
  };
}

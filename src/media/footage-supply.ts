import { type BackgroundCategory, categorySlug } from "../../render/media/background-categories.ts";
import { type CategoryGeneration, categoryGeneration, readGenerationState, requestCategory } from "../../render/media/footage-requests.ts";

/**
 * The built-in loops still being generated (set-up renders them one category after another in the
 * background, after the service starts): a video asks for its category to be made next and learns
 * whether it will be. The generation is another process; they speak through the generated media folder.
 */
export interface FootageSupply {
  /** Asks the running generation to make this category's loops next. */
  request(category: BackgroundCategory): void;
  /** What becomes of a category that has no loop yet; null when no generation has run on this machine. */
  generation(category: BackgroundCategory): CategoryGeneration | null;
}

/** `root`: the generated media folder (generatedMediaDir). */
export function createFootageSupply(root: string): FootageSupply {
  return {
    request: (category) => {
      try {
        requestCategory(root, categorySlug(category));
      } catch {
        // A media folder the service cannot write (an image's, made at build): no generation runs there
        // either, and generation() says so.
      }
    },
    generation: (category) => {
      const state = readGenerationState(root);
      return state && categoryGeneration(state, categorySlug(category));
    },
  };
}

/**
 * A video's background category has no footage yet: the stage that found it stops, and the video waits
 * (handed back to the queue) while the category is generated. Not a failure: nothing counts against the
 * video's retries.
 */
export class FootageNotReady extends Error {
  constructor(readonly category: BackgroundCategory) {
    super(`the ${category} footage is not generated yet`);
    this.name = "FootageNotReady";
  }
}

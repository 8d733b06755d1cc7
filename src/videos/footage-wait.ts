import type { BackgroundCategory } from "../../render/media/background-categories.ts";
import type { CategoryGeneration } from "../../render/media/footage-requests.ts";

/**
 * A video whose background category has no footage yet waits in preparing_media while set-up's
 * generation makes that category next: its job goes back to the queue and looks again every
 * FOOTAGE_CHECK_SECONDS. The wait is counted in the job (pg-boss, in the database), so it survives a
 * restart and is bounded in time the service spent looking, not in time it was down.
 */
export const FOOTAGE_CHECK_SECONDS = 5;
/** Past this, a video stops waiting: one loop takes a few minutes on 2 cores, and at most one is ahead of it. */
export const FOOTAGE_WAIT_LIMIT_SECONDS = 30 * 60;
/**
 * How long a video waits for a generation that does not plan its category (none running: between
 * start.sh's two generations, or just after a restart, before the background one has begun).
 */
export const UNPLANNED_GRACE_SECONDS = 60;

/** Carried in the video's job from one look to the next. */
export interface FootageWait {
  category: BackgroundCategory;
  /** Looks so far. */
  checks: number;
  /** Looks in a row that found no generation planning the category. */
  unplanned: number;
}

export function waitingLabel(category: BackgroundCategory): string {
  return `Waiting for the ${category} footage to be generated`;
}

/**
 * The next look of a wait, or why it ends: the category's generation failed, nothing will generate it
 * (`generation` is null when no generation ever ran on this machine), or it took too long.
 */
export function nextFootageWait(
  previous: FootageWait | undefined,
  category: BackgroundCategory,
  generation: CategoryGeneration | null,
): { wait: FootageWait } | { fail: string } {
  const before = previous?.category === category ? previous : { category, checks: 0, unplanned: 0 };
  const wait = { category, checks: before.checks + 1, unplanned: generation === "unplanned" ? before.unplanned + 1 : 0 };
  if (generation === "failed") return { fail: `The ${category} footage failed to generate on this deployment; choose another background category.` };
  if (generation === null || wait.unplanned * FOOTAGE_CHECK_SECONDS > UNPLANNED_GRACE_SECONDS) {
    return { fail: `No footage in the ${category} category on this deployment, and none is being generated; choose another background category.` };
  }
  if (wait.checks * FOOTAGE_CHECK_SECONDS > FOOTAGE_WAIT_LIMIT_SECONDS) {
    return { fail: `The ${category} footage was not generated within ${FOOTAGE_WAIT_LIMIT_SECONDS / 60} minutes; try again later or choose another background category.` };
  }
  return { wait };
}

import type { SoundCue } from "../sound-cues.ts";
import type { ConversationPlan } from "./conversation.ts";
import type { FakeTextMessageInputs } from "./inputs.ts";

/** The typing sound lasts about a second; a longer typing bubble hears it again each second. */
const TYPING_REPEAT_SECONDS = 1;
/** The whoosh that carries the hook card into the chat starts this long before the hook ends. */
const HOOK_EXIT_LEAD_SECONDS = 0.35;

/**
 * Pure: where a chat's sounds go, from the plan's own times. The hook card comes in (and, when it holds a
 * while, goes out) on a whoosh; with `sfx` on, a message of `me` is sent, one of `them` received, and a
 * typing bubble types while it shows.
 */
export function chatSoundCues(inputs: Pick<FakeTextMessageInputs, "messages" | "sfx">, plan: Pick<ConversationPlan, "hook" | "appearAt" | "states">): SoundCue[] {
  const cues: SoundCue[] = [];
  if (plan.hook) {
    cues.push({ effect: "whoosh", at: plan.hook.start });
    if (plan.hook.end - plan.hook.start >= 1.2) cues.push({ effect: "whoosh", at: plan.hook.end - HOOK_EXIT_LEAD_SECONDS });
  }
  plan.appearAt.forEach((at, i) => {
    const sender = inputs.messages[i]!.sender;
    if (sender === "me" && inputs.sfx.send) cues.push({ effect: "send", at });
    if (sender === "them" && inputs.sfx.receive) cues.push({ effect: "receive", at });
  });
  if (inputs.sfx.typing) {
    for (const state of plan.states) {
      if (state.rows.at(-1)?.kind !== "typing") continue;
      for (let at = state.start; at < state.end - 0.3; at += TYPING_REPEAT_SECONDS) cues.push({ effect: "typing", at });
    }
  }
  return cues.sort((a, b) => a.at - b.at);
}

import { createHash } from "node:crypto";
import { findVoice } from "./voices.ts";

/** A provider's own voice names, grouped so a catalog voice keeps its gender and accent. */
export interface ProviderVoiceTable {
  female: { american: string[]; british: string[] };
  male: { american: string[]; british: string[] };
  neutral: string[];
}

/** The provider voice for a catalog id: same gender and accent family, spread evenly by id. */
export function providerVoiceFor(voiceId: string, table: ProviderVoiceTable): string {
  const voice = findVoice(voiceId);
  const pick = (list: string[]) => list[createHash("sha256").update(voiceId).digest()[0]! % list.length]!;
  if (!voice) return pick(table.neutral);
  if (voice.gender === "neutral") return pick(table.neutral);
  const family = voice.accent === "british" ? "british" : "american";
  return pick(table[voice.gender][family]);
}

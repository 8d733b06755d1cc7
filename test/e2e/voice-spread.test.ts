import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { VOICES } from "../../src/narration/voices.ts";
import { offlineDescription, offlineVoice, PITCH_LEVELS } from "../../src/narration/offline-voices.ts";
import { createOfflineNarrator } from "../../src/narration/providers/offline.ts";
import { medianPitch, readPcm } from "../helpers/audio.ts";

const dir = mkdtempSync(join(tmpdir(), "voice-spread-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const LINE = "Honestly, I never thought the old lighthouse would open again, but there it was, shining over the water.";
const narrator = createOfflineNarrator({ engine: "auto" });
const measured = new Map<string, number>();

beforeAll(async () => {
  for (const voice of VOICES) {
    const path = join(dir, `${voice.id}.wav`);
    await narrator.narrate({ text: LINE, voiceId: voice.id }, path);
    const { samples, rate } = await readPcm(path);
    measured.set(voice.id, medianPitch(samples, rate));
  }
  const rows = VOICES.map((v) => {
    const o = offlineVoice(v.id)!;
    return `${v.name.padEnd(8)} ${v.gender.padEnd(7)} ${o.festivalVoice.padEnd(3)} level ${o.pitchLevel} pitch x${o.shape.pitch.toFixed(2)} formant x${o.shape.formant.toFixed(2)} tempo x${o.shape.tempo.toFixed(2)}: ${measured.get(v.id)!.toFixed(0)} Hz`;
  });
  console.log(`offline voices, median pitch of "${LINE.slice(0, 30)}...":\n${rows.join("\n")}`);
}, 600_000);

/** The voices sharing one engine voice and gender. */
const groups = () => {
  const by = new Map<string, typeof VOICES[number][]>();
  for (const v of VOICES) by.set(`${offlineVoice(v.id)!.festivalVoice}:${v.gender}`, [...(by.get(`${offlineVoice(v.id)!.festivalVoice}:${v.gender}`) ?? []), v]);
  return [...by.entries()];
};

describe("offline voices are audibly different and honestly described", () => {
  test("within each engine voice, pitch levels measure apart: each level at least 6% over the one below", () => {
    for (const [key, members] of groups()) {
      const levels = PITCH_LEVELS[members[0]!.gender].map((_, level) => members.filter((v) => offlineVoice(v.id)!.pitchLevel === level).map((v) => measured.get(v.id)!));
      const means = levels.filter((l) => l.length > 0).map((l) => l.reduce((a, b) => a + b, 0) / l.length);
      for (let k = 1; k < means.length; k++) expect({ key, ratio: means[k]! / means[k - 1]! > 1.06 }).toEqual({ key, ratio: true });
    }
  });

  test("the female voices span more than 1.35x in pitch (they sat within 3%, 188-205 Hz)", () => {
    const female = VOICES.filter((v) => v.gender === "female").map((v) => measured.get(v.id)!);
    expect(Math.max(...female) / Math.min(...female)).toBeGreaterThan(1.35);
  });

  test("any two voices of one engine voice differ by 6% in measured pitch, or in vocal tract or pace by 6%", () => {
    for (const [, members] of groups()) {
      for (const a of members) {
        for (const b of members) {
          if (a.id >= b.id) continue;
          const [x, y] = [offlineVoice(a.id)!.shape, offlineVoice(b.id)!.shape];
          const pitchGap = Math.abs(measured.get(a.id)! / measured.get(b.id)! - 1);
          const characterGap = Math.max(Math.abs(x.formant / y.formant - 1), Math.abs(x.tempo / y.tempo - 1));
          expect({ pair: `${a.name}/${b.name}`, apart: pitchGap > 0.06 || characterGap > 0.06 }).toEqual({ pair: `${a.name}/${b.name}`, apart: true });
        }
      }
    }
  });

  test("descriptions say what the offline voice does: its accent, its pitch as measured, its pace", () => {
    for (const [, members] of groups()) {
      const pitches = members.map((v) => measured.get(v.id)!).sort((a, b) => a - b);
      const median = pitches[Math.floor(pitches.length / 2)]!;
      for (const v of members) {
        const { description, tags } = offlineDescription(v);
        expect(description).not.toMatch(/british|australian|transatlantic/i);
        expect(tags).toContain("american");
        if (tags.includes("deep") || (tags.includes("low") && members.length > 3)) expect(measured.get(v.id)!).toBeLessThan(median);
        if (tags.includes("high") || tags.includes("higher")) expect(measured.get(v.id)!).toBeGreaterThan(median);
        const tempo = offlineVoice(v.id)!.shape.tempo;
        if (tags.includes("slow")) expect(tempo).toBeLessThan(0.96);
        if (tags.includes("quick")) expect(tempo).toBeGreaterThan(1.04);
      }
    }
  });
});

import { describe, expect, test } from "bun:test";
import { type ScriptLength, type Tone, writeExtractiveScript } from "../../../src/content/extractive-writer.ts";
import { checkFidelity, numbersIn } from "../../../src/content/fidelity.ts";
import { sourceFromText } from "../../../src/content/ingest.ts";
import { ARTICLES, BEES, BRIDGE, SLEEP, TIDES } from "../../fixtures/articles.ts";

const LENGTHS: ScriptLength[] = ["short", "standard", "deep"];
const TONES: Tone[] = ["explainer", "punchy", "authority"];

/** Faithful scripts written by hand: paraphrases that restate figures in other forms. */
const PARAPHRASES: [string, string][] = [
  [TIDES, "Twice a day the sea creeps up the beach. High tides come about 12 hours and 25 minutes apart. The Sun's pull is roughly 46% as strong as the Moon's. In Canada, the Bay of Fundy has a range of up to sixteen metres."],
  [TIDES, "Dr. Amara Okafor of the University of Plymouth puts it simply: \"It is the longest wave on the planet.\" Her team has measured tides at one hundred and forty stations since 2009."],
  [TIDES, "La Rance in France has made electricity since 1966. Its capacity is 240 megawatts. In Scotland, MeyGen runs four turbines in the Pentland Firth."],
  [BEES, "A colony can hold sixty thousand workers. Foragers fly up to 5 kilometres from the hive, and a forager lives about 6 weeks in summer."],
  [BEES, "Karl von Frisch decoded the waggle dance in the 1940s and shared the Nobel Prize in 1973. Professor Lena Hartmann of the University of Würzburg says \"there is no single villain\"."],
  [BEES, "According to the Bee Informed Partnership, US beekeepers lost 48% of their colonies between April 2022 and April 2023. In California, almond growers rent about 2 million hives."],
  [BRIDGE, "The Golden Gate Bridge opened in May 1937. Its towers rise 227 metres, and its main span is 1,280 metres long. Joseph Strauss was the chief engineer."],
  [BRIDGE, "Nineteen men were caught by the safety net; they called themselves the Halfway to Hell Club. Irving Morrow picked International Orange."],
  [BRIDGE, "Maria Delgado of the Golden Gate Bridge District says the bridge \"was built to move.\" About 112,000 vehicles cross it on a typical day."],
  [SLEEP, "Adults need seven to nine hours a night. The brain cycles through sleep stages roughly every ninety minutes."],
  [SLEEP, "Maiken Nedergaard's team at the University of Rochester found in 2013 that the spaces between brain cells widen by about 60 percent during sleep."],
  [SLEEP, "Dr. Samuel Reyes of St. Mary's Hospital in London sees more than 2,000 patients a year. Caffeine has a half-life of about 5 hours."],
];

function faithfulScripts(): { source: string; script: string }[] {
  const out: { source: string; script: string }[] = [];
  for (const source of Object.values(ARTICLES)) {
    const parsed = sourceFromText(source);
    for (const length of LENGTHS) {
      for (const tone of TONES) {
        for (const wordsPerSecond of [2.2, 2.5, 2.8]) out.push({ source, script: writeExtractiveScript(parsed, { length, tone, wordsPerSecond }).text });
      }
    }
  }
  for (const [source, script] of PARAPHRASES) out.push({ source, script });
  return out;
}

const INVENTED_NAMES = ["Dr. Helen Marsh", "Professor Tomasz Wielgus", "the Nordhaven Institute", "Senator Paula Quinlan", "Oslo"];
const INVENTED_QUOTES = ['"This changes everything we know," one researcher said.', 'As one expert put it, "nobody saw this coming at all."', 'Officials called it "a turning point for the region."'];

/** A digit figure of the script changed to a value the source never states. */
function changeNumber(script: string, source: string): string | null {
  const known = numbersIn(source).values;
  const m = /\b\d[\d,]*(\.\d+)?\b/.exec(script);
  if (!m) return null;
  const value = Number(m[0].replace(/,/g, ""));
  for (const candidate of [value + 7, value * 3, value + 13.5]) {
    if (!known.has(candidate)) return script.slice(0, m.index) + String(candidate) + script.slice(m.index + m[0].length);
  }
  return null;
}

describe("fidelity check", () => {
  const faithful = faithfulScripts();

  test(`faithful scripts pass (at most 2% false alarms over ${faithful.length})`, () => {
    expect(faithful.length).toBeGreaterThanOrEqual(100);
    const alarms = faithful.filter(({ source, script }) => !checkFidelity(script, source).ok);
    expect(alarms.length / faithful.length).toBeLessThanOrEqual(0.02);
  });

  test("every invented name and quote is caught", () => {
    let doctored = 0;
    for (const [i, { source, script }] of faithful.entries()) {
      const name = INVENTED_NAMES[i % INVENTED_NAMES.length]!;
      const withName = `${script} That is according to ${name}.`;
      const report = checkFidelity(withName, source);
      expect(report.unverified.some((u) => u.kind === "name")).toBe(true);
      const withQuote = `${script} ${INVENTED_QUOTES[i % INVENTED_QUOTES.length]}`;
      expect(checkFidelity(withQuote, source).unverified.some((u) => u.kind === "quote")).toBe(true);
      doctored += 2;
    }
    expect(doctored).toBeGreaterThanOrEqual(200);
  });

  test("every changed number that the source does not state is caught, in digits or in words", () => {
    let changed = 0;
    for (const { source, script } of faithful) {
      const doctored = changeNumber(script, source);
      if (!doctored) continue;
      changed++;
      expect(checkFidelity(doctored, source).unverified.some((u) => u.kind === "number")).toBe(true);
    }
    expect(changed).toBeGreaterThanOrEqual(60);
    expect(checkFidelity("High tides come about thirteen hours apart.", TIDES).unverified).toEqual([{ kind: "number", text: "thirteen" }]);
    expect(checkFidelity("The Sun's pull is 47% as strong.", TIDES).ok).toBe(false);
    expect(checkFidelity("The Sun's pull is forty-six percent as strong.", TIDES).ok).toBe(true);
  });

  test("a changed name or quote inside a real sentence is caught", () => {
    expect(checkFidelity("The chief engineer was Joseph Stratton.", BRIDGE).unverified).toEqual([{ kind: "name", text: "Stratton" }]);
    const quote = checkFidelity('"The bridge is a machine that has to sing," said Maria Delgado.', BRIDGE);
    expect(quote.unverified.map((u) => u.kind)).toEqual(["quote"]);
  });
});

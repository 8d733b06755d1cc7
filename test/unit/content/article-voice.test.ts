import { describe, expect, test } from "bun:test";
import { attributionFor, splitHeader } from "../../../src/content/article-header.ts";
import { attributeSentences, hasFirstPerson, toThirdPerson } from "../../../src/content/first-person.ts";
import { hookLine } from "../../../src/content/headline.ts";
import { sourceFromText } from "../../../src/content/ingest.ts";
import type { LlmClient } from "../../../src/content/llm/client.ts";
import { createContentWriter } from "../../../src/content/writer.ts";
import { silentLogger } from "../../../src/kernel/logger.ts";
import { GO_BIRTHDAY } from "../../fixtures/open-articles.ts";

describe("what pasted text says about itself", () => {
  test("title, byline and site lines above the body are read as such; a text without them is all body", () => {
    const { header, paragraphs } = splitHeader(GO_BIRTHDAY.text);
    expect(header).toEqual({ title: "Go Turns 15", byline: "Austin Clements, for the Go team", site: "The Go Blog" });
    expect(paragraphs[0]).toBe("Happy birthday, Go!");
    const plain = "Tides are the slow rise and fall of the sea.\n\nThey are driven mostly by the Moon.";
    expect(splitHeader(plain)).toEqual({ header: { title: null, byline: null, site: null }, paragraphs: ["Tides are the slow rise and fall of the sea.", "They are driven mostly by the Moon."] });
    const rust = splitHeader("Announcing Rust 1.0\n\nMay 15, 2015 \u00b7 The Rust Core Team\n\nToday we are very proud to announce the 1.0 release of Rust.");
    expect(rust.header).toEqual({ title: "Announcing Rust 1.0", byline: "The Rust Core Team", site: null });
  });

  test("the first person is the group a byline writes for, the group behind a site, a named author, else the writers", () => {
    const attribution = (about: { byline?: string; site?: string }, plural = true) => attributionFor({ ...about, paragraphs: ["We did it."] }, plural).full;
    expect(attribution({ byline: "Austin Clements, for the Go team" })).toBe("the Go team");
    expect(attribution({ byline: "The Rust Core Team" })).toBe("the Rust team");
    expect(attribution({ site: "The Go Blog" })).toBe("the Go team");
    expect(attribution({ site: "Debian Project News" })).toBe("the Debian project");
    expect(attributionFor({ byline: "Jane Doe", paragraphs: [] }, false)).toEqual({ full: "Jane Doe", short: "Doe" });
    expect(attribution({})).toBe("the writers");
    expect(attribution({}, false)).toBe("the author");
  });
});

describe("first person reported", () => {
  test("we, I and our become they and their with the verbs that agree; quotes and numerals stay", () => {
    expect(toThirdPerson("We are grateful to our community, and I am proud of what I've seen.")).toBe("they are grateful to their community, and they are proud of what they've seen.");
    expect(toThirdPerson('"We are not done," said the lead. Part I of the plan helped us.')).toBe('"We are not done," said the lead. Part I of the plan helped them.');
    expect(hasFirstPerson('"We are here," she said.')).toBe(false);
    expect(hasFirstPerson("World War I ended in 1918.")).toBe(false);
    expect(hasFirstPerson("Then I saw it.")).toBe(true);
  });

  test("each reported sentence names who says it, in full first, shortly after; a lead-in stays in front", () => {
    const who = { full: "the Go team", short: "the team" };
    expect(attributeSentences(["Go's user base has tripled.", "In 2024, we shipped two releases.", "We thank everyone."], who)).toEqual([
      "Go's user base has tripled.",
      "In 2024, the Go team says they shipped two releases.",
      "The team adds they thank everyone.",
    ]);
  });

  test("a hook line is a sentence's own concrete clause, or the quotation it opens on", () => {
    expect(hookLine("In a funnel-shaped bay the water piles up, which is why the Bay of Fundy sees 16 metres.")).toBe("In a funnel-shaped bay the water piles up");
    expect(hookLine('"There is no single villain," said Professor Lena Hartmann.')).toBe("There is no single villain");
  });
});

/** A model that answers each script request with the next of its drafts. */
function fakeModel(drafts: string[]): LlmClient & { prompts: string[] } {
  const prompts: string[] = [];
  return {
    prompts,
    async completeJson(request) {
      prompts.push(`${request.system}\n${request.user}`);
      return { script: drafts.shift() ?? "" } as never;
    },
    async moderate() {
      return null;
    },
  };
}

describe("the model's script meets the offline writer's rules", () => {
  const source = sourceFromText(GO_BIRTHDAY.text);
  const options = { length: "short", tone: "explainer" } as const;
  const faithful =
    "In the past five years, Go's user base has more than tripled. On Sunday, we celebrated the fifteenth anniversary of the Go open source release. Go 1.22 fixed one of the most common mistakes in the language by giving each iteration of a for loop its own variable. Go 1.23 added range-over-function iterators. Every program written for Go 1.0 in 2012 is still expected to build and run today.";

  test("its first person is reported, and its card is the article's title", async () => {
    const model = fakeModel([faithful]);
    const script = await createContentWriter(model, silentLogger).articleScript(source, options);
    expect(script.generator).toBe("llm");
    expect(script.text).toContain("On Sunday, the Go team says they celebrated the fifteenth anniversary");
    expect(script.headline).toEqual({ text: "Go Turns 15", kicker: "The Go Blog", byline: "Austin Clements, for the Go team" });
    expect(script.hookWords).toBe(12);
    expect(model.prompts[0]).toContain("the Go team says they");
  });

  test("a stock line or an opening without a fact is sent back with the reason, then written offline", async () => {
    const model = fakeModel([`${faithful} And that is the short version.`, `Here is a story. ${faithful}`]);
    const script = await createContentWriter(model, silentLogger).articleScript(source, options);
    expect(model.prompts[1]).toContain('the short version" is filler');
    expect(script.generator).toBe("offline");
    expect(script.text).not.toContain("short version");
  });
});

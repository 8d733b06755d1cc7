import { describe, expect, test } from "bun:test";
import { timelineProblems } from "../../../render/timeline.ts";
import { articleVideo } from "../../../src/templates/article-video/index.ts";
import { ARTICLE_CAPTION_PRESET, articleTimeline, silentNarration } from "../../../src/templates/article-video/production.ts";
import { withDefaults } from "../../../src/templates/validate.ts";

const media = { backgroundPath: "bg.mp4", fitted: false, musicPath: null };
const inputs = (fields: object) => withDefaults(articleVideo, { source: { kind: "text", text: "Tides rise." }, ...fields });

describe("article timeline", () => {
  test("narration from the start, captions on its words in the template's style unless one is asked for, a 1 s tail on the last caption", () => {
    const narration = { audioPath: "n.wav", duration: 31.25, words: [{ text: "Tides", start: 0.1, end: 0.5 }, { text: "rise.", start: 0.55, end: 0.9 }] };
    const timeline = articleTimeline(inputs({}), media, narration);
    expect(timelineProblems(timeline)).toEqual([]);
    expect(timeline.duration).toBeCloseTo(32.2667, 3);
    expect(timeline.audio).toEqual([{ path: "n.wav", start: 0, volume: 1, kind: "narration" }]);
    expect(timeline.captions).toEqual({ words: [narration.words[0]!, { ...narration.words[1]!, end: timeline.duration }], preset: ARTICLE_CAPTION_PRESET, position: "middle" });
    expect(articleTimeline(inputs({ captionPresetId: "neon" }), media, narration).captions!.preset).toBe("neon");
  });

  test("a silent video shows its captions at a reading pace and has no audio", () => {
    const silent = silentNarration("one two three four five six seven eight nine ten eleven twelve thirteen");
    expect(silent.audioPath).toBeNull();
    expect(silent.words).toHaveLength(13);
    expect(silent.duration).toBeCloseTo(5, 1);
    const timeline = articleTimeline(inputs({ silent: true }), media, silent);
    expect(timeline.audio).toEqual([]);
    expect(timeline.captions!.words[11]!.end).toBeCloseTo(silent.words[11]!.end, 6);
    expect(timeline.captions!.words[12]!.end).toBeCloseTo(timeline.duration, 6);
  });
});

import { describe, expect, test } from "bun:test";
import { timelineProblems } from "../../../render/timeline.ts";
import { articleVideo } from "../../../src/templates/article-video/index.ts";
import { ARTICLE_CAPTION_PRESET, ARTICLE_MUSIC_MOOD, articleTimeline, silentNarration } from "../../../src/templates/article-video/production.ts";
import { bedVolume, DEFAULT_MUSIC_VOLUME } from "../../../src/templates/music-bed.ts";
import { withDefaults } from "../../../src/templates/validate.ts";

const media = { backgroundPath: "bg.mp4", fitted: false, musicPath: null };
const inputs = (fields: object) => withDefaults(articleVideo, { source: { kind: "text", text: "Tides rise." }, ...fields });

describe("article timeline", () => {
  test("narration from the start, captions on its words in the template's style unless one is asked for, the video ending 0.4 s after the last word", () => {
    // The recording runs 0.2 s past its last word, as the narrators leave it.
    const narration = { audioPath: "n.wav", duration: 1.1, words: [{ text: "Tides", start: 0.1, end: 0.5 }, { text: "rise.", start: 0.55, end: 0.9 }] };
    const timeline = articleTimeline(inputs({}), media, narration);
    expect(timelineProblems(timeline)).toEqual([]);
    expect(timeline.duration).toBeCloseTo(1.3, 3);
    expect(timeline.audio).toEqual([{ path: "n.wav", start: 0, volume: 1, kind: "narration" }]);
    // The bed (none here: no music chosen) would duck under the words, one phrase.
    expect(timeline.speech).toEqual([{ start: 0.1, end: 0.9 }]);
    expect(timeline.captions).toEqual({ words: [narration.words[0]!, { ...narration.words[1]!, end: timeline.duration }], preset: ARTICLE_CAPTION_PRESET, position: "middle" });
    expect(articleTimeline(inputs({ captionPresetId: "neon" }), media, narration).captions!.preset).toBe("neon");
  });

  test("a built-in loop chosen server-side plays under the voice at the default bed's level", () => {
    const narration = { audioPath: "n.wav", duration: 1.1, words: [{ text: "Tides", start: 0.1, end: 0.5 }] };
    const timeline = articleTimeline(inputs({}), { ...media, musicPath: "chill.wav" }, narration);
    expect(timeline.audio[1]).toEqual({ path: "chill.wav", start: 0, volume: bedVolume(DEFAULT_MUSIC_VOLUME), kind: "music", loop: true });
    expect(ARTICLE_MUSIC_MOOD).toEqual({ explainer: "chill", punchy: "upbeat", authority: "suspense" });
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

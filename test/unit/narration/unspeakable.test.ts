import { describe, expect, test } from "bun:test";
import { FfmpegError } from "../../../render/ffmpeg.ts";
import { chunkScript } from "../../../src/narration/engines/engine.ts";
import { isSpeakable, NarrationError } from "../../../src/narration/narrator.ts";
import { createOfflineNarrator } from "../../../src/narration/providers/offline.ts";
import { withScript } from "../../../src/narration/providers/shape-provider-audio.ts";
import { splitWords } from "../../../src/narration/words.ts";
import { UNSPOKEN_HOLD_SECONDS, planConversation } from "../../../src/templates/fake-text-message/conversation.ts";
import { estimateChat } from "../../../src/templates/fake-text-message/production.ts";
import { fakeTextMessage } from "../../../src/templates/fake-text-message/index.ts";
import { withDefaults } from "../../../src/templates/validate.ts";
import { classifyFailure } from "../../../src/videos/pipeline.ts";
import { StageFailure, stageFailureOf } from "../../../src/templates/production.ts";

const chat = (fields: object) => withDefaults(fakeTextMessage, { contact: { name: "Sam" }, ...fields });

describe("text with nothing to say is never sent to a voice", () => {
  test("speakable means a letter or a digit in any script", () => {
    for (const text of ["😭😭😭", "?!", "...", "❤️🔥", "👍🏽", "— —", "😭 😭"]) expect(isSpeakable(text), text).toBe(false);
    for (const text of ["ok 😭", "lol", "1", "é", "日本", "😭😭😭 fine"]) expect(isSpeakable(text), text).toBe(true);
  });

  test("every provider's entry refuses it before any engine runs", async () => {
    let ran = false;
    const error = await withScript("any", "😭😭😭", "/nonexistent/x.wav", async () => {
      ran = true;
    }).catch((e) => e);
    expect(ran).toBe(false);
    expect(error).toBeInstanceOf(NarrationError);
    expect(error.message).toContain("nothing to narrate");
    const offline = await createOfflineNarrator({ engine: "auto" }).narrate({ text: "😭 😭 😭", voiceId: "pNInz6obpgDQGcFmaJgB" }, "/nonexistent/x.wav").catch((e) => e);
    expect(offline).toBeInstanceOf(NarrationError);
    expect(offline.retryable).toBe(false);
  });

  test("a trailing run of emoji joins the sentence before it instead of going to the engine alone", () => {
    const long = `${"word ".repeat(25).trim()}. 😭😭 🔥`;
    const chunks = chunkScript(splitWords(long));
    for (const chunk of chunks) expect(chunk.words.some((w) => w.engineText !== "")).toBe(true);
    expect(chunks.flatMap((c) => c.words).length).toBe(splitWords(long).length);
  });

  test("an emoji-only chat message is shown for a short beat, unvoiced, from either side", () => {
    const inputs = chat({
      messages: [
        { sender: "them", text: "did you eat my cake" },
        { sender: "me", text: "😭😭😭" },
        { sender: "them", text: "😭" },
        { sender: "me", text: "sorry" },
      ],
      pacing: "fast",
    });
    const plan = planConversation(inputs, [1.5, undefined, undefined, 0.8]);
    const gap = (i: number) => plan.appearAt[i + 1]! - plan.appearAt[i]!;
    const pacing = plan.appearAt[1]! - (plan.appearAt[0]! + 1.5);
    expect(Math.abs(gap(1) - pacing - UNSPOKEN_HOLD_SECONDS)).toBeLessThan(1 / 30 + 1e-9);
    expect(Math.abs(gap(2) - pacing - UNSPOKEN_HOLD_SECONDS)).toBeLessThan(1 / 30 + 1e-9);
    // The estimate times it the same way and bills no narration for it.
    const estimate = estimateChat(inputs);
    expect(estimate.narrationSeconds).toBeCloseTo(("did you eat my cake".length + "sorry".length) / 15, 5);
  });
});

describe("a failed video's error never carries a tool's raw output", () => {
  const stderr = "[Parsed_loudnorm_3 @ 0x55d0] Error: /tmp/render-Ab12/shaped.wav: Invalid data found when processing input";

  test("ffmpeg's stderr goes to the log field, not the message, in every stage", () => {
    for (const stage of ["rendering", "narrating"]) {
      const direct = classifyFailure(new FfmpegError("ffmpeg", 1, stderr), stage);
      expect(direct.message).not.toContain("Parsed_loudnorm");
      expect(direct.message).toContain("ffmpeg exited with 1");
      expect(direct.toolOutput).toBe(stderr);
      // After crossing the render pool's worker thread only the message is left.
      const crossed = classifyFailure(new Error(`ffmpeg exited with 1: ${stderr}`), stage);
      expect(crossed.message).not.toContain("/tmp/render");
      expect(crossed.toolOutput).toBe(stderr);
    }
  });

  test("festival's output stays out of the narration failure", () => {
    const template = fakeTextMessage as never;
    const failure = stageFailureOf(template, new NarrationError("festival", "crashed (exit 139)", false, "SIOD ERROR: segmentation fault\nfestival: /tmp/x.scm")) as StageFailure;
    expect(failure).toBeInstanceOf(StageFailure);
    const classified = classifyFailure(failure, "narrating");
    expect(classified.code).toBe("VOICE_TTS_FAILED");
    expect(classified.message).toBe("The narration could not be recorded: festival: crashed (exit 139)");
    expect(classified.toolOutput).toContain("SIOD");
  });
});

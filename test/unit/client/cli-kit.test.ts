import { describe, expect, test } from "bun:test";
import { kitText } from "../../../client/src/cli/kit.ts";
import { disclosureOf } from "../../../src/publishing/disclosure.ts";
import { writeOfflineKit } from "../../../src/publishing/kit-offline.ts";

describe("shortvid get --kit", () => {
  test("prints each platform's words and the disclosure switches, ready to paste", () => {
    const publishKit = writeOfflineKit({ title: "How tides work", text: "Tides are driven mostly by the Moon. The Moon pulls the oceans into two bulges, and tides follow the Moon.", lead: "Tides are driven mostly by the Moon." });
    const disclosure = disclosureOf({ synthetic: ["voice", "script"], callerWords: false, callerMedia: [] });
    const text = kitText({ id: "vid_1", status: "completed", publishKit, disclosure } as never);
    expect(text).toContain("YouTube Shorts\n  Title: How tides work\n");
    expect(text).toContain(`  Tags: ${publishKit.youtube.tags.join(", ")}`);
    for (const caption of [publishKit.tiktok.caption, publishKit.instagram.caption]) expect(text).toContain(caption.split("\n").map((l) => `    ${l}`).join("\n"));
    expect(text).toContain(`AI disclosure: ${disclosure.summary}`);
    expect(text).toContain('youtube: "Altered or synthetic content" on');
    expect(text).toContain('tiktok: "AI-generated content" on');
  });

  test("a video not finished yet says the kit comes with it", () => {
    expect(kitText({ id: "vid_2", status: "rendering", publishKit: null, disclosure: null } as never)).toBe("Video vid_2 is rendering: its publish kit comes with the finished video.\n");
  });
});

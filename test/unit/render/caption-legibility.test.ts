import { describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  BACKDROP_RING,
  EDGE_LOSS,
  MIN_CONTRAST,
  contrastRatio,
  highlightBackdrop,
  illegiblePresets,
  measureFrame,
  measurePreset,
} from "../../../render/captions/legibility.ts";
import { CAPTION_PRESET_IDS, CAPTION_STYLES, type CaptionPresetId } from "../../../render/captions/presets.ts";

/** Frames of the built-in 3D footage (540x960) with bright sky and busy ground, where captions fail first. */
const FRAMES = ["minecraft-plains-run-0045.jpg", "subway-surfers-rails-0045.jpg"].map((f) => join(import.meta.dir, "..", "..", "fixtures", "caption-backdrops", f));

describe("WCAG contrast", () => {
  test("matches the reference values", () => {
    expect(contrastRatio("#ffffff", "#000000")).toBeCloseTo(21, 5);
    expect(contrastRatio("#777777", "#ffffff")).toBeCloseTo(4.48, 2);
    expect(contrastRatio("#ff0000", "#ff0000")).toBe(1);
  });
});

describe("every caption preset backs its spoken word with its own colours", () => {
  test.each(CAPTION_PRESET_IDS.map((id) => [id]))("%s: at least 3:1 against its outline or box, anti-aliased edges included", (id) => {
    const { backdrop, contrast } = highlightBackdrop(CAPTION_STYLES[id as CaptionPresetId]);
    // No backdrop of its own means the footage is the backdrop, and footage can be the word's colour.
    expect(backdrop).not.toBeNull();
    expect(contrast * EDGE_LOSS).toBeGreaterThanOrEqual(MIN_CONTRAST);
  });

  test("the check fails a thin outline, a glow that eats it and a pale box", () => {
    const styles = { ...CAPTION_STYLES };
    styles.kendrick = { ...styles.kendrick, outline: BACKDROP_RING - 1 };
    styles.neon = { ...styles.neon, outline: 5, glow: 8 };
    styles.laura = { ...styles.laura, highlight: { mode: "box", color: "#ff4fa3" } };
    expect(illegiblePresets(styles)).toEqual(["kendrick", "laura", "neon"]);
    expect(illegiblePresets()).toEqual([]);
  });
});

/** A 40x40 RGB frame: `backdrop` everywhere, a 10x10 square glyph in `fill`, optionally an outline around it. */
function square(fill: number, backdrop: number, outline?: { width: number; value: number }): Uint8Array {
  const [w, h] = [40, 40];
  const frame = new Uint8Array(w * h * 3).fill(backdrop);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const inGlyph = x >= 15 && x < 25 && y >= 15 && y < 25;
      const o = outline?.width ?? 0;
      const inOutline = x >= 15 - o && x < 25 + o && y >= 15 - o && y < 25 + o;
      const v = inGlyph ? fill : inOutline && outline ? outline.value : backdrop;
      frame.fill(v, (y * w + x) * 3, (y * w + x) * 3 + 3);
    }
  }
  return frame;
}

describe("measuring a drawn frame", () => {
  test("a glyph is measured against the pixels right around it: its outline where wide enough, else the footage", () => {
    // The probe recolours only the glyph: white -> black.
    const bare = measureFrame(square(255, 240), square(0, 240), 40, 40);
    expect(bare.contrast).toBeLessThan(1.2);
    const outlined = measureFrame(square(255, 240, { width: BACKDROP_RING + 1, value: 0 }), square(0, 240, { width: BACKDROP_RING + 1, value: 0 }), 40, 40);
    expect(outlined.contrast).toBeGreaterThan(15);
    // A hairline outline leaves the footage inside the ring.
    const hairline = measureFrame(square(255, 240, { width: 2, value: 0 }), square(0, 240, { width: 2, value: 0 }), 40, 40);
    expect(hairline.contrast).toBeLessThan(1.2);
  });

  test("a frame in which the probe changed nothing is an error, not a pass", () => {
    expect(() => measureFrame(square(255, 0), square(255, 0), 40, 40)).toThrow(/not found/);
  });
});

describe("presets drawn by libass over the built-in footage", () => {
  // The presets whose outline, glow or box was widened or darkened to pass, and one that always passed.
  const presets: CaptionPresetId[] = ["kendrick", "neon", "laura", "classicWhite"];
  test(`the spoken word keeps ${MIN_CONTRAST}:1 at the top, middle and bottom positions`, async () => {
    const dir = mkdtempSync(join(tmpdir(), "legibility-"));
    try {
      for (const preset of presets) {
        const measured = await measurePreset(preset, FRAMES, dir);
        expect(measured).toHaveLength(FRAMES.length);
        for (const frame of measured) {
          expect(frame.ringPixels).toBeGreaterThan(1000);
          // Named, so a failure says which preset over which frame.
          expect({ preset, frame: frame.frame, legible: frame.contrast >= MIN_CONTRAST, contrast: frame.contrast }).toEqual({ preset, frame: frame.frame, legible: true, contrast: frame.contrast });
        }
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

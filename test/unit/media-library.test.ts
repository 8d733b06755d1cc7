import { describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createFileLibrary, pickBackground, readyCategories } from "../../src/media/library.ts";

describe("media library", () => {
  const operator = mkdtempSync(join(tmpdir(), "lib-op-"));
  const generated = mkdtempSync(join(tmpdir(), "lib-gen-"));
  for (const [root, file] of [
    [generated, "backgrounds/minecraft/grass-run.mp4"],
    [generated, "backgrounds/minecraft/plains-run.mp4"],
    [operator, "backgrounds/minecraft/grass-run.mp4"],
    [operator, "backgrounds/other/my-drive.mov"],
    [generated, "backgrounds/roblox/studs.partial.mp4"],
    [generated, "music/chill/lofi-pad.mp3"],
    [generated, "sfx/tick.wav"],
    [generated, "sfx/chime.wav"],
    [operator, "sfx/chime.wav"],
  ] as const) {
    mkdirSync(join(root, file, ".."), { recursive: true });
    writeFileSync(join(root, file), "x");
  }
  const library = createFileLibrary(operator, generated);

  test("both roots are listed; the operator's file wins an id both have; half-written files are not", () => {
    const ids = library.backgrounds().map((b) => b.id);
    expect(ids.sort()).toEqual(["bg_minecraft_grass-run", "bg_minecraft_plains-run", "bg_other_my-drive"]);
    expect(library.findBackground("bg_minecraft_grass-run")!.file).toStartWith(operator);
    expect(library.findBackground("bg_other_my-drive")!.category).toBeNull();
    expect(library.music().map((m) => m.id)).toEqual(["mus_chill_lofi-pad"]);
  });

  test("a category starts on one of its clips by seed and goes on to the others; an unknown asset is BACKGROUND_UNAVAILABLE", () => {
    const a = pickBackground(library, { category: "Minecraft" }, 0);
    const b = pickBackground(library, { category: "Minecraft" }, 1);
    expect(a.ok && b.ok && a.asset.id !== b.asset.id).toBe(true);
    expect(pickBackground(library, { category: "Minecraft" }, 2)).toEqual(a);
    // Every clip of the category once, starting from the chosen one.
    expect(a.ok && [a.asset, ...a.next].map((clip) => clip.id)).toEqual(["bg_minecraft_grass-run", "bg_minecraft_plains-run"]);
    expect(b.ok && [b.asset, ...b.next].map((clip) => clip.id)).toEqual(["bg_minecraft_plains-run", "bg_minecraft_grass-run"]);
    expect(pickBackground(library, { assetId: "bg_nope" }, 0)).toMatchObject({ ok: false, code: "BACKGROUND_UNAVAILABLE" });
    expect(pickBackground(library, { assetId: "bg_other_my-drive" }, 0)).toMatchObject({ ok: true, next: [] });
  });

  test("a category with no clip yet is never served with another category's footage: it is not ready", () => {
    for (const seed of [0, 1, 2, 3]) expect(pickBackground(library, { category: "Roblox" }, seed)).toEqual({ ok: false, code: "BACKGROUND_NOT_READY", category: "Roblox" });
    const bare = mkdtempSync(join(tmpdir(), "lib-bare-"));
    mkdirSync(join(bare, "backgrounds/other"), { recursive: true });
    writeFileSync(join(bare, "backgrounds/other/my-drive.mp4"), "x");
    expect(pickBackground(createFileLibrary(bare), { category: "Roblox" }, 0)).toMatchObject({ ok: false, code: "BACKGROUND_NOT_READY" });
    expect([...readyCategories(library)]).toEqual(["Minecraft"]);
  });

  test("a sound effect is found by name, the operator's file first; one not made yet is undefined", () => {
    expect(library.soundEffect("tick")).toBe(join(generated, "sfx/tick.wav"));
    expect(library.soundEffect("chime")).toBe(join(operator, "sfx/chime.wav"));
    expect(library.soundEffect("whoosh")).toBeUndefined();
  });
});

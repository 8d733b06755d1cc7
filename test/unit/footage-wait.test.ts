import { describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { categoryGeneration, clearRequest, requestCategory, requestedCategories, writeGenerationState } from "../../render/media/footage-requests.ts";
import { createFootageSupply } from "../../src/media/footage-supply.ts";
import { FOOTAGE_CHECK_SECONDS, FOOTAGE_WAIT_LIMIT_SECONDS, nextFootageWait, UNPLANNED_GRACE_SECONDS } from "../../src/videos/footage-wait.ts";

describe("waiting for footage", () => {
  test("a wait goes on while the category is queued or generating, and ends when it failed, is planned by nothing, or took too long", () => {
    let wait = nextFootageWait(undefined, "Roblox", "queued");
    expect(wait).toEqual({ wait: { category: "Roblox", checks: 1, unplanned: 0 } });
    expect(nextFootageWait(undefined, "Roblox", "failed")).toEqual({ fail: expect.stringContaining("The Roblox footage failed to generate") });
    // Nothing ever generated here: nothing will.
    expect(nextFootageWait(undefined, "Roblox", null)).toEqual({ fail: expect.stringContaining("none is being generated") });

    // A generation not planning it (between two, or before one starts after a restart) is given a grace.
    let looks = 0;
    let state: ReturnType<typeof nextFootageWait> = { wait: { category: "Roblox", checks: 0, unplanned: 0 } };
    while ("wait" in state) (state = nextFootageWait(state.wait, "Roblox", "unplanned")), looks++;
    expect(looks * FOOTAGE_CHECK_SECONDS).toBeGreaterThan(UNPLANNED_GRACE_SECONDS);
    expect(looks * FOOTAGE_CHECK_SECONDS).toBeLessThanOrEqual(UNPLANNED_GRACE_SECONDS + FOOTAGE_CHECK_SECONDS);
    // ...which starts again once one plans it.
    wait = nextFootageWait({ category: "Roblox", checks: 5, unplanned: 11 }, "Roblox", "generating");
    expect(wait).toEqual({ wait: { category: "Roblox", checks: 6, unplanned: 0 } });

    looks = 0;
    state = { wait: { category: "Roblox", checks: 0, unplanned: 0 } };
    while ("wait" in state) (state = nextFootageWait(state.wait, "Roblox", "generating")), looks++;
    expect(looks * FOOTAGE_CHECK_SECONDS).toBeGreaterThan(FOOTAGE_WAIT_LIMIT_SECONDS);
    expect(state).toEqual({ fail: expect.stringContaining("not generated within 30 minutes") });
  });

  test("requests are served oldest first; the generation's state tells queued, generating, failed and unplanned apart", () => {
    const root = mkdtempSync(join(tmpdir(), "footage-requests-"));
    const supply = createFootageSupply(root);
    expect(supply.generation("Roblox")).toBeNull();
    supply.request("Roblox");
    Bun.sleepSync(20);
    requestCategory(root, "minecraft");
    Bun.sleepSync(20);
    // Asked again: keeps its place.
    supply.request("Roblox");
    expect(requestedCategories(root)).toEqual(["roblox", "minecraft"]);
    clearRequest(root, "roblox");
    expect(requestedCategories(root)).toEqual(["minecraft"]);

    writeGenerationState(root, { pid: process.pid, pending: ["roblox/studs"], current: ["gta-v/downtown"], failed: ["backrooms/flicker"] });
    expect(supply.generation("Roblox")).toBe("queued");
    expect(supply.generation("GTA V")).toBe("generating");
    expect(supply.generation("Backrooms")).toBe("failed");
    expect(supply.generation("Minecraft")).toBe("unplanned");
    // A generation whose process has ended plans nothing.
    expect(categoryGeneration({ pid: 2 ** 22 + 1, pending: ["roblox/studs"], current: [], failed: [], running: false }, "roblox")).toBe("unplanned");
    rmSync(root, { recursive: true, force: true });
  });
});

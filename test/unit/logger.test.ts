import { expect, test } from "bun:test";
import { createLogger } from "../../src/kernel/logger.ts";

test("a failed query's parameters (callers' values) never reach the log; the statement and stack do", () => {
  const lines: string[] = [];
  const log = createLogger("info", (line) => lines.push(line));
  const error = new Error('Failed query: insert into "videos" ("id", "inputs") values ($1, $2)\nparams: vid_1,{"text":"secret\ncaller text"}');
  log.error("unhandled error", { error: error.stack ?? error.message, other: "kept" });
  log.warn("video attempt failed", { error: error.message });
  const [first, second] = lines.map((l) => JSON.parse(l));
  expect(first.error).toContain('Failed query: insert into "videos"');
  expect(first.error).toContain("params: (not logged)");
  expect(first.error).toContain("    at ");
  expect(first.other).toBe("kept");
  expect(second.error).toEndWith("params: (not logged)");
  expect(lines.join("\n")).not.toContain("secret");
  expect(lines.join("\n")).not.toContain("caller text");
});

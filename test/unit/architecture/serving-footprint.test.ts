import { describe, expect, test } from "bun:test";
import { tempDir } from "../../helpers/processes.ts";
import { ROOT } from "../../helpers/service-process.ts";

/** The content modules whose data a serving process must not hold (tens of MB of heap between them). */
const CONTENT_MODULES = /\/node_modules\/(tinyld|compromise|wink-nlp|wink-eng-lite-web-model|simple-icons|@pkmn\/dex)\//;

/**
 * Runs `script` in a fresh Bun process (this one has loaded everything other tests use) and returns the
 * content modules it had loaded when it finished, by package name.
 */
function contentModulesAfter(script: string): string[] {
  const code = `${script}
const loaded = Object.keys(require.cache).map((path) => ${CONTENT_MODULES}.exec(path)?.[1]).filter(Boolean);
console.log(JSON.stringify([...new Set(loaded)].sort()));`;
  const run = Bun.spawnSync(["bun", "-e", code], { cwd: ROOT, env: { ...process.env, LOG_LEVEL: "error" } });
  if (run.exitCode !== 0) throw new Error(`the probe failed: ${run.stderr.toString()}`);
  return JSON.parse(run.stdout.toString().trim().split("\n").at(-1)!);
}

describe("what a serving process holds", () => {
  test("a started service answering its catalog and guides has loaded none of the content modules", () => {
    const loaded = contentModulesAfter(`
import { loadConfig } from "./src/kernel/config.ts";
import { createLogger } from "./src/kernel/logger.ts";
import { startServer } from "./src/server.ts";
const server = await startServer(loadConfig({ ...process.env, PORT: "0", DATA_DIR: ${JSON.stringify(tempDir("footprint-"))} }), createLogger("error"));
for (const path of ["/v1/health", "/v1/templates", "/v1/options", "/v1/openapi.json", "/v1/llms.txt", "/v1/errors"]) {
  const response = await fetch("http://127.0.0.1:" + server.port + path);
  if (response.status !== 200) throw new Error(path + " answered " + response.status);
}
await server.stop();`);
    expect(loaded).toEqual([]);
  });

  test("each content module is loaded where a content step first needs it", () => {
    const loaded = contentModulesAfter(`
import { buildOfflinePack } from "./src/content/quiz/pack.ts";
import { checkFidelity } from "./src/content/fidelity.ts";
import { splitSentences } from "./src/content/sentences.ts";
import { narrationLanguage } from "./src/narration/language-detect.ts";
buildOfflinePack({ topic: "Pokémon types", difficulty: "easy", count: 3, seed: 1 });
buildOfflinePack({ topic: "Famous brand logos", difficulty: "easy", count: 3, seed: 1 });
checkFidelity("Ada Lovelace wrote it in 1843.", "Ada Lovelace wrote the notes in 1843.");
splitSentences("Dr. Smith arrived. He sat down.");
narrationLanguage("en", "Привет, как дела?");`);
    expect(loaded).toEqual(["@pkmn/dex", "compromise", "simple-icons", "tinyld", "wink-eng-lite-web-model", "wink-nlp"]);
  });
});

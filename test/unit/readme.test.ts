import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ADMIN_COMMANDS } from "../../src/admin/commands.ts";
import { ConfigSchema } from "../../src/kernel/config.ts";

const readme = readFileSync(join(import.meta.dir, "../../README.md"), "utf8");

test("the README documents every environment variable", () => {
  for (const name of Object.keys(ConfigSchema.properties)) expect(readme).toContain(`| \`${name}\` |`);
});

test("the README documents every admin command", () => {
  for (const name of Object.keys(ADMIN_COMMANDS)) expect(readme).toContain(name);
});

test("the README quick start names the two commands", () => {
  expect(readme).toContain("bash scripts/start.sh");
  expect(readme).toContain("bash scripts/test.sh");
});

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./service-process.ts";

export const README = readFileSync(join(ROOT, "README.md"), "utf8");

export interface FencedBlock {
  lang: string;
  code: string;
  /** From a `<!-- readme-test: ... -->` line right above the fence: `service`, or `skip (why)`. */
  mark: string | undefined;
}

/** Every fenced code block, with the mark above it. */
export function fencedBlocks(markdown: string = README): FencedBlock[] {
  const blocks: FencedBlock[] = [];
  const lines = markdown.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\S*)\s*$/.exec(lines[i]!);
    if (!open) continue;
    const end = lines.indexOf("```", i + 1);
    const mark = /^<!-- readme-test: (.+?) -->$/.exec(lines[i - 1] ?? "")?.[1];
    blocks.push({ lang: open[1]!, code: lines.slice(i + 1, end).join("\n"), mark });
    i = end;
  }
  return blocks;
}

export const isShell = (block: FencedBlock) => ["sh", "bash", "shell", "console"].includes(block.lang);

/** The command lines of a shell block: heredoc bodies and comments left out. */
export function commandLines(code: string): string[] {
  const out: string[] = [];
  let heredoc: string | undefined;
  for (const line of code.split("\n")) {
    if (heredoc !== undefined) {
      if (line.trim() === heredoc) heredoc = undefined;
      continue;
    }
    if (!line.trim() || line.trim().startsWith("#")) continue;
    out.push(line.trim());
    heredoc = /<<-?\s*'?"?(\w+)'?"?/.exec(line)?.[1];
  }
  return out;
}

/** Inline code spans (outside fenced blocks) that are commands: they start with a program's name and a space. */
export function inlineCommands(markdown: string = README): string[] {
  const prose = markdown.replace(/^```[\s\S]*?^```$/gm, "");
  return [...prose.matchAll(/`([^`\n]+)`/g)]
    .map((m) => m[1]!.replace(/\\\|/g, "|"))
    .filter((span) => /^(?:bun|bunx|node|npm|npx|bash|curl|docker|\.\/shortvid|shortvid|scripts\/bun)\s/.test(span));
}

import { migrateDatabase, openDatabase } from "../../db/client.ts";
import { loadConfig } from "../kernel/config.ts";
import { keepNewFilesPrivate } from "../private-files.ts";
import { acquireLock, pgliteLockPath } from "../process-lock.ts";
import { ADMIN_COMMANDS, type AdminResult, runAdminCommand } from "./commands.ts";
import { adminSocketPath, callAdminSocket } from "./socket.ts";

/**
 * `./shortvid admin <command> [--flag value ...] [--json | --print <field>]` (or `bun run admin ...`). Goes
 * through the running service's admin socket when there is one, else opens the database itself.
 */
function parseArgs(argv: string[]): { command: string | undefined; args: Record<string, string>; json: boolean } {
  const args: Record<string, string> = {};
  let command: string | undefined;
  let json = false;
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i]!;
    if (word === "--json") json = true;
    else if (word.startsWith("--")) {
      const [name, inline] = word.slice(2).split("=", 2) as [string, string | undefined];
      args[name] = inline ?? argv[++i] ?? "";
    } else command ??= word;
  }
  return { command, args, json };
}

async function runDirect(command: string, args: Record<string, string>): Promise<AdminResult> {
  const config = loadConfig();
  const lock = config.databaseUrl ? undefined : acquireLock(pgliteLockPath(config.dataDir));
  if (lock && "heldBy" in lock) {
    return { ok: false, error: `the service (process ${lock.heldBy}) holds the database but its admin socket does not answer` };
  }
  const database = await openDatabase(config);
  try {
    await migrateDatabase(database);
    return await runAdminCommand({ db: database.db, now: () => new Date() }, command, args);
  } finally {
    await database.close();
    lock?.release();
  }
}

function printHuman(value: Record<string, unknown>, indent = ""): void {
  for (const [key, v] of Object.entries(value)) {
    if (v && typeof v === "object" && !Array.isArray(v)) {
      console.log(`${indent}${key}:`);
      printHuman(v as Record<string, unknown>, `${indent}  `);
    } else if (Array.isArray(v)) {
      console.log(`${indent}${key}:`);
      for (const item of v) item && typeof item === "object" ? (printHuman(item as Record<string, unknown>, `${indent}  `), console.log()) : console.log(`${indent}  ${item}`);
    } else console.log(`${indent}${key}: ${v}`);
  }
}

// Opened directly, the embedded database is written by this command too.
keepNewFilesPrivate();
const { command, args, json } = parseArgs(process.argv.slice(2));
if (!command || command === "help" || !ADMIN_COMMANDS[command]) {
  const usage = Object.values(ADMIN_COMMANDS).map((c) => `  ./shortvid admin ${c.usage} [--json | --print <field>]`).join("\n");
  console.error(`${command && command !== "help" ? `unknown command ${command}\n\n` : ""}Usage:\n${usage}`);
  process.exit(command === "help" ? 0 : 2);
}
// `--print apiKey` prints that one field alone, for `export SHORTVID_API_KEY="$(...)"`.
const printField = args.print;
delete args.print;
const config = loadConfig();
const result = (await callAdminSocket(adminSocketPath(config.dataDir), command, args)) ?? (await runDirect(command, args));
if (result.ok) {
  if (printField !== undefined) {
    const value = result.value[printField];
    if (value === undefined) {
      console.error(`error: the result has no field ${printField}; fields: ${Object.keys(result.value).join(", ")}`);
      process.exit(1);
    }
    console.log(typeof value === "string" ? value : JSON.stringify(value));
  } else if (json) console.log(JSON.stringify(result.value));
  else printHuman(result.value);
} else {
  if (json) console.log(JSON.stringify({ error: result.error }));
  console.error(`error: ${result.error}`);
  process.exit(1);
}

type Level = "debug" | "info" | "warn" | "error";
const ORDER: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

/**
 * A failed query's error (drizzle's "Failed query: ...\nparams: ...") carries the statement's parameters,
 * which are callers' values: logs keep the statement and drop the parameters, up to the stack trace.
 */
const QUERY_PARAMS = /\nparams: [\s\S]*?(?=\n\s+at |$)/g;

function redact(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) out[key] = typeof value === "string" ? value.replace(QUERY_PARAMS, "\nparams: (not logged)") : value;
  return out;
}

/** JSON lines on stderr, so stdout stays free for command output (the admin CLI prints JSON there). */
export function createLogger(level: Level = "info", write: (line: string) => void = (l) => process.stderr.write(l + "\n")): Logger {
  const log = (lvl: Level) => (msg: string, fields: Record<string, unknown> = {}) => {
    if (ORDER[lvl] < ORDER[level]) return;
    write(JSON.stringify({ time: new Date().toISOString(), level: lvl, msg, ...redact(fields) }));
  };
  return { debug: log("debug"), info: log("info"), warn: log("warn"), error: log("error") };
}

export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} };

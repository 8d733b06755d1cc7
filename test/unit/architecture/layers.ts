import { Glob } from "bun";
import { dirname, join, relative, resolve } from "node:path";

/**
 * The layers of the service, one folder a line: a file belongs to the layer of the deepest folder listed
 * here that holds it (`src` holds only the files directly in it: the composition root). It may import
 * files of the layers it lists (its own included) and nothing else, and every layer it lists sits at its
 * rank or below. A folder no line names belongs to no layer, so a new folder has to be placed.
 * docs/architecture.md explains the table.
 */
export interface Layer {
  name: string;
  /** 0 is the bottom; layers of one rank are siblings. */
  rank: number;
  /** Folders relative to the repository root. */
  folders: string[];
  mayImport: string[];
}

export const LAYERS: readonly Layer[] = [
  // Timeline, pure ffmpeg plans, the render pool: knows nothing of templates, accounts or the database.
  { name: "render", rank: 0, folders: ["render"], mayImport: ["render"] },
  // Schema, client, repositories: the only queries.
  { name: "db", rank: 0, folders: ["db"], mayImport: ["db"] },
  // Leaf modules every layer may use: error codes, ids, logging, configuration, schema helpers and names.
  { name: "kernel", rank: 0, folders: ["src/kernel"], mayImport: ["kernel"] },
  // The typed API client, its CLI and MCP server: a package of its own, knowing the service only by its API.
  { name: "client", rank: 0, folders: ["client"], mayImport: ["client"] },
  // The Studio: the web app served at /, run in the browser. It knows the service only through the typed
  // client, as any other caller does.
  { name: "studio", rank: 1, folders: ["studio"], mayImport: ["studio", "client"] },
  // Pure limit decisions, mailboxes, the limiter and where its windows are kept.
  { name: "actors", rank: 1, folders: ["actors"], mayImport: ["actors", "db", "kernel"] },
  // Ports to the outside world and their adapters: network, storage, queue, narration, content, media.
  {
    name: "adapters",
    rank: 1,
    folders: ["src/net", "src/storage", "src/queue", "src/narration", "src/content", "src/media"],
    mayImport: ["adapters", "render", "db", "kernel"],
  },
  // Feature services: plain functions that never see the HTTP request.
  {
    name: "features",
    rank: 2,
    folders: ["src/videos", "src/templates", "src/estimate", "src/billing", "src/scripts", "src/previews", "src/webhooks", "src/account", "src/auth", "src/idempotency", "src/catalog", "src/publishing", "src/content-credentials"],
    mayImport: ["features", "adapters", "actors", "render", "db", "kernel"],
  },
  // The HTTP edge: the app, the request steps and their runner, every route, guides and the OpenAPI
  // document; the MCP endpoint is the client's MCP server bound to this router.
  { name: "edge", rank: 3, folders: ["src/http"], mayImport: ["edge", "features", "adapters", "actors", "render", "db", "kernel", "client"] },
  // The composition root: process start-up, wiring, the admin command, metrics.
  { name: "root", rank: 4, folders: ["src", "src/admin", "src/metrics"], mayImport: ["root", "edge", "features", "adapters", "actors", "render", "db", "kernel"] },
  // Operator scripts and benchmarks sit beside the service and may use any of it.
  { name: "tools", rank: 5, folders: ["scripts", "bench"], mayImport: ["tools", "root", "edge", "features", "adapters", "actors", "render", "db", "kernel", "client"] },
];

/**
 * Packages that only one layer may import: the database drivers and query builder belong to db/; the
 * metrics library to the composition root (features tell a Recorder, src/kernel/recorder.ts).
 */
export const PACKAGE_OWNERS: Record<string, string> = { "drizzle-orm": "db", postgres: "db", "@electric-sql/pglite": "db", "prom-client": "root" };

/** The directories whose .ts and .tsx files are checked (tests may import anything). */
export const LAYERED_DIRS = ["render", "db", "actors", "src", "scripts", "bench", "client/src", "studio"];

const layerByFolder = new Map(LAYERS.flatMap((layer) => layer.folders.map((folder) => [folder, layer] as const)));

/** `src` is the root's folder for its own files only; every other folder holds its subfolders too. */
export function layerOf(path: string): Layer | undefined {
  const parts = path.split("/").slice(0, -1);
  if (parts.length === 1 && parts[0] === "src") return layerByFolder.get("src");
  for (let depth = parts.length; depth > 0; depth--) {
    const folder = parts.slice(0, depth).join("/");
    if (folder !== "src" && layerByFolder.has(folder)) return layerByFolder.get(folder);
  }
  return undefined;
}

/**
 * Every module specifier a TypeScript source imports, type-only imports and re-exports included. Import
 * and export statements start a line in this code base, so text inside strings does not count.
 */
export function importsOf(source: string): string[] {
  const specifiers: string[] = [];
  const patterns = [
    /^\s*(?:import|export)\b[^;'"`]*?\bfrom\s*["']([^"']+)["']/gm,
    /^\s*import\s*["']([^"']+)["']/gm,
    /\bimport\(\s*["']([^"']+)["']\s*\)/g,
  ];
  for (const pattern of patterns) for (const match of source.matchAll(pattern)) specifiers.push(match[1]!);
  return specifiers;
}

export interface Violation {
  file: string;
  imports: string;
  rule: string;
}

/** The package a bare specifier names ("drizzle-orm/pg-core" -> "drizzle-orm"). */
function packageOf(specifier: string): string {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]!;
}

/** Checks one file's imports against the table; `file` is relative to the repository root. */
export function violationsOf(file: string, source: string): Violation[] {
  const from = layerOf(file);
  if (!from) return [];
  const out: Violation[] = [];
  for (const specifier of importsOf(source)) {
    if (!specifier.startsWith(".")) {
      const owner = PACKAGE_OWNERS[packageOf(specifier)];
      if (owner && owner !== from.name) out.push({ file, imports: specifier, rule: `${from.name} may not import ${specifier} (only ${owner} may)` });
      continue;
    }
    const target = relative(".", join(dirname(file), specifier));
    if (target.startsWith("test/") || target.startsWith("../")) {
      out.push({ file, imports: target, rule: `${from.name} may not import outside the service's source` });
      continue;
    }
    const to = layerOf(target);
    if (!to) out.push({ file, imports: target, rule: `${target} belongs to no layer` });
    else if (!from.mayImport.includes(to.name)) out.push({ file, imports: target, rule: `${from.name} may not import ${to.name}` });
  }
  return out;
}

/** What only one module does: start ffmpeg (render/ffmpeg.ts) and open transactions (db/, through withTransaction). */
export function usageViolationsOf(file: string, source: string): Violation[] {
  const out: Violation[] = [];
  if (file !== "render/ffmpeg.ts" && /spawn(?:Sync)?\(\s*\[\s*["'](?:ffmpeg|ffprobe)["']/.test(source)) {
    out.push({ file, imports: "ffmpeg", rule: "only render/ffmpeg.ts spawns ffmpeg or ffprobe" });
  }
  if (!file.startsWith("db/") && /\.transaction\(/.test(source)) {
    out.push({ file, imports: "transaction", rule: "transactions open through withTransaction (db/client.ts)" });
  }
  return out;
}

/** Every violation in the tree at `root`. */
export async function checkTree(root: string): Promise<Violation[]> {
  const out: Violation[] = [];
  for (const dir of LAYERED_DIRS) {
    for await (const file of new Glob(`${dir}/**/*.{ts,tsx}`).scan({ cwd: root })) {
      const source = await Bun.file(resolve(root, file)).text();
      out.push(...violationsOf(file, source), ...usageViolationsOf(file, source));
    }
  }
  return out.sort((a, b) => a.file.localeCompare(b.file));
}

/**
 * The unit a folder cycle is counted between: a folder directly under src/ (each file directly in src/ is
 * one of its own), or a top-level folder elsewhere. Subfolders of one unit may import each other.
 */
export function unitOf(file: string): string {
  const parts = file.split("/");
  return parts[0] === "src" ? parts.slice(0, 2).join("/") : parts[0]!;
}

/** Every import between the layered sources, file to file (relative specifiers only). */
export async function importGraph(root: string): Promise<Map<string, Set<string>>> {
  const graph = new Map<string, Set<string>>();
  for (const dir of LAYERED_DIRS) {
    for await (const file of new Glob(`${dir}/**/*.{ts,tsx}`).scan({ cwd: root })) {
      const source = await Bun.file(resolve(root, file)).text();
      const targets = importsOf(source)
        .filter((specifier) => specifier.startsWith("."))
        .map((specifier) => relative(".", join(dirname(file), specifier)));
      graph.set(file, new Set(targets));
    }
  }
  return graph;
}

/** The same graph between units: an edge wherever a file of one imports a file of another. */
export function unitGraph(files: Map<string, Set<string>>): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const [file, targets] of files) {
    for (const target of targets) {
      const from = unitOf(file);
      const to = unitOf(target);
      if (from === to) continue;
      if (!graph.has(from)) graph.set(from, new Set());
      graph.get(from)!.add(to);
    }
  }
  return graph;
}

/** The graph's cycles: its strongly connected components of more than one node (Tarjan), sorted. */
export function cyclesOf(graph: Map<string, Set<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(node, Math.min(low.get(node)!, index.get(target)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) cycles.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

import { Type, type Static } from "@sinclair/typebox";
import { Value } from "@sinclair/typebox/value";
import { readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join, resolve } from "node:path";

/** The slowest own-media download kept once its grace has passed, unless configured otherwise. */
export const DEFAULT_OWN_MEDIA_SPEED_FLOOR = { bytesPerSecond: 50 * 1024, graceMs: 10_000 } as const;

/** Every environment variable the service reads; the README table is written from these descriptions. */
export const ConfigSchema = Type.Object({
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 3000, description: "HTTP port." }),
  HOST: Type.String({ default: "0.0.0.0", description: "Address to listen on." }),
  DATA_DIR: Type.String({ default: "./data", description: "Holds the embedded PGlite database, media and the admin socket." }),
  MEDIA_CACHE_DIR: Type.String({
    default: "",
    description: "Where set-up stores the generated background and music loops. Default ~/.cache/shortvid/media.",
  }),
  DATABASE_URL: Type.String({
    default: "",
    description: "A postgres:// URL switches from the embedded PGlite database to Postgres.",
  }),
  PUBLIC_BASE_URL: Type.String({
    default: "",
    description: "Public address of the service, used in `downloadUrl`, `Location` and the guides. Default http://localhost:$PORT.",
  }),
  ERRORS_URL: Type.String({ default: "", description: "Error reference page used in problem `type`. Default $PUBLIC_BASE_URL/v1/errors." }),
  PLANS_URL: Type.String({ default: "", description: "Pricing page given in every 402. Default $PUBLIC_BASE_URL/v1/llms.txt#plans." }),
  UNSAFE_ALLOW_PRIVATE_URLS: Type.Union([Type.Literal("0"), Type.Literal("1")], {
    default: "0",
    description: "1 lets server-side fetches of callers' URLs (webhooks, own media, articles) reach http and private or loopback addresses. Only for tests and local demos.",
  }),
  STUDIO: Type.Union([Type.Literal("0"), Type.Literal("1")], {
    default: "1",
    description: "1 serves the Studio, the web app at / that makes videos through this API; 0 turns it off (/ is then 404 like any unknown path).",
  }),
  OUTBOUND_CA_FILE: Type.String({
    default: "",
    description: "PEM file of certificates to trust, instead of the system's, when fetching callers' https URLs (a private CA). Empty: the system's.",
  }),
  OWN_MEDIA_MIN_BYTES_PER_SECOND: Type.Integer({
    minimum: 0,
    default: DEFAULT_OWN_MEDIA_SPEED_FLOOR.bytesPerSecond,
    description: "The slowest own-media download kept: past OWN_MEDIA_SLOW_GRACE_SECONDS, a download that has averaged fewer bytes a second since it began is given up (MEDIA_FETCH_FAILED). 0: no floor (the 5-minute bound only).",
  }),
  OWN_MEDIA_SLOW_GRACE_SECONDS: Type.Integer({
    minimum: 1,
    maximum: 300,
    default: DEFAULT_OWN_MEDIA_SPEED_FLOOR.graceMs / 1000,
    description: "How long an own-media download runs before OWN_MEDIA_MIN_BYTES_PER_SECOND is applied to its average.",
  }),
  NARRATION_PROVIDER: Type.Union(
    [Type.Literal("auto"), Type.Literal("offline"), Type.Literal("elevenlabs"), Type.Literal("openai"), Type.Literal("kokoro")],
    { default: "auto", description: "Who voices narration. auto: ElevenLabs when ELEVENLABS_API_KEY is set, else OpenAI-compatible speech when OPENAI_TTS_BASE_URL is set, else Kokoro when KOKORO_BASE_URL is set, else the offline voices." },
  ),
  OFFLINE_TTS_ENGINE: Type.Union([Type.Literal("auto"), Type.Literal("espeak")], {
    default: "auto",
    description: "Offline voices: auto uses festival for English and espeak-ng for other languages; espeak uses espeak-ng for everything (fast, robotic).",
  }),
  ELEVENLABS_API_KEY: Type.String({ default: "", description: "Enables ElevenLabs narration; the catalog's voice ids are used as they are." }),
  ELEVENLABS_BASE_URL: Type.String({ default: "https://api.elevenlabs.io", description: "ElevenLabs API address." }),
  ELEVENLABS_MODEL: Type.String({ default: "eleven_multilingual_v2", description: "ElevenLabs model_id." }),
  OPENAI_TTS_BASE_URL: Type.String({ default: "", description: "An OpenAI-compatible server with /v1/audio/speech; word times come from forced alignment." }),
  OPENAI_TTS_API_KEY: Type.String({ default: "", description: "Bearer key for OPENAI_TTS_BASE_URL." }),
  OPENAI_TTS_MODEL: Type.String({ default: "tts-1", description: "Speech model name for OPENAI_TTS_BASE_URL." }),
  KOKORO_BASE_URL: Type.String({ default: "", description: "A Kokoro-FastAPI server (captioned speech with word timestamps)." }),
  LLM_BASE_URL: Type.String({
    default: "",
    description: "An OpenAI-compatible chat completions server (OpenAI, Ollama, vLLM, llama.cpp; e.g. http://127.0.0.1:11434/v1) that writes article scripts and quiz packs. Empty: the offline writers.",
  }),
  LLM_API_KEY: Type.String({ default: "", description: "Bearer key for LLM_BASE_URL (empty for local servers)." }),
  LLM_MODEL: Type.String({ default: "gpt-4o-mini", description: "Model name sent to LLM_BASE_URL." }),
  C2PA: Type.Union([Type.Literal("0"), Type.Literal("1")], {
    default: "1",
    description: "1 embeds signed Content Credentials (C2PA) in every finished MP4 and poster.jpg; 0 turns signing off.",
  }),
  C2PA_CERT_FILE: Type.String({
    default: "",
    description: "PEM certificate chain (signing certificate first) that signs Content Credentials, with C2PA_KEY_FILE. Empty: the service's own certificate, made at first start and kept in the database.",
  }),
  C2PA_KEY_FILE: Type.String({ default: "", description: "PEM private key (PKCS#8; EC P-256/P-384, RSA or Ed25519) of C2PA_CERT_FILE's signing certificate." }),
  ROLE: Type.Union([Type.Literal("all"), Type.Literal("serve"), Type.Literal("worker")], {
    default: "all",
    description: "serve: HTTP API and account actors; worker: pipeline jobs, render pool, webhook deliveries and the watchdog; all: both. Several workers (and servers) may share one Postgres (DATABASE_URL) and one DATA_DIR.",
  }),
  DRAIN_SECONDS: Type.Integer({
    minimum: 0,
    maximum: 3600,
    default: 20,
    description: "On SIGTERM (or SIGINT): how long requests in flight and videos being made have to finish. The process stops accepting requests and taking jobs at once; a video still being made at the end goes back to the queue, where another worker takes it at once; then the process exits.",
  }),
  RENDER_SEGMENTS: Type.Integer({
    minimum: 0,
    maximum: 64,
    default: 0,
    description: "How many time segments a video is rendered in, at once, and joined: 0 (default), one a core of the render's share of the pool, and of the idle cores while no other render waits; 1, always whole; K, always K where the video is long enough (8 s a segment at least). Never more than the render pool's memory holds (RENDER_MEMORY_MB).",
  }),
  RENDER_MEMORY_MB: Type.Integer({
    minimum: 0,
    maximum: 16_777_216,
    default: 0,
    description: "Memory (MiB) the render pool's ffmpeg runs may hold at once: a video is cut into no more segments than fit, each run counted at the largest peak seen (512 MiB until one is larger). 0 (default): half the host's memory, and no more than half of what is free as a render starts. Set it where the host's memory is not the service's own (a container's memory limit).",
  }),
  SEGMENT_JOBS: Type.Union([Type.Literal("0"), Type.Literal("1")], {
    default: "0",
    description: "1: a video rendered in segments (RENDER_SEGMENTS) keeps its first and offers the others as jobs to the other workers on the same Postgres (DATABASE_URL) and storage; an idle worker takes one, and the video's own worker renders any no one has taken. 0: a video's segments all render where the video does.",
  }),
  STORAGE_URL: Type.String({
    default: "",
    description: "Where finished videos, their files, imported media, teaser audio and stage files are kept. Empty: DATA_DIR/videos on local disk. s3://bucket/prefix: an S3-compatible bucket (endpoint, region and credentials from the AWS_* variables).",
  }),
  AWS_ENDPOINT_URL: Type.String({ default: "", description: "The S3-compatible server (MinIO, R2, Ceph, B2, GCS interoperability); empty for AWS S3 itself." }),
  STORAGE_PUBLIC_ENDPOINT: Type.String({
    default: "",
    description: "Where callers reach the S3-compatible server, when not at AWS_ENDPOINT_URL (which may be a private address): presigned download URLs name it.",
  }),
  AWS_REGION: Type.String({ default: "us-east-1", description: "Region of the bucket (auto or us-east-1 for most S3-compatible servers)." }),
  AWS_ACCESS_KEY_ID: Type.String({ default: "", description: "Access key for STORAGE_URL." }),
  AWS_SECRET_ACCESS_KEY: Type.String({ default: "", description: "Secret key for STORAGE_URL." }),
  AWS_SESSION_TOKEN: Type.String({ default: "", description: "Session token, with temporary credentials." }),
  METRICS_PORT: Type.String({
    default: "",
    description: "Port of this process's Prometheus endpoint, GET /metrics, apart from the API (workers have one too). Empty: no metrics endpoint.",
  }),
  METRICS_HOST: Type.String({ default: "127.0.0.1", description: "Address the metrics endpoint listens on; 0.0.0.0 for a scraper on another machine." }),
  METRICS_TOKEN: Type.String({ default: "", description: "When set, GET /metrics also needs `Authorization: Bearer <token>`." }),
  HTTP_IDLE_TIMEOUT_SECONDS: Type.Integer({
    minimum: 1,
    maximum: 255,
    default: 10,
    description:
      "Seconds a connection may stay idle (no request, no byte of an answer) before the server closes it, after whatever answer it got; Bun checks every 4 s, so it closes up to 4 s later. A progress stream or an MCP tool call lifts it for its own connection only while it is open.",
  }),
  EVENTS_HEARTBEAT_SECONDS: Type.Integer({
    minimum: 1,
    maximum: 300,
    default: 15,
    description: "Seconds between the heartbeat comments of a quiet progress stream (GET /v1/videos/{id}/events); under a proxy's idle timeout.",
  }),
  LOG_LEVEL: Type.Union([Type.Literal("debug"), Type.Literal("info"), Type.Literal("warn"), Type.Literal("error")], {
    default: "info",
    description: "Lowest level written to the log (JSON lines on stderr).",
  }),
});

export type RawConfig = Static<typeof ConfigSchema>;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  mediaCacheDir: string;
  databaseUrl: string | null;
  publicBaseUrl: string;
  errorsUrl: string;
  plansUrl: string;
  logLevel: RawConfig["LOG_LEVEL"];
  role: RawConfig["ROLE"];
  eventsHeartbeatMs: number;
  /** How long a connection may stay idle before the server closes it. */
  httpIdleTimeoutSeconds: number;
  /** How long a stopping process lets requests and videos finish before it closes them or hands them back. */
  drainMs: number;
  /** Segments a video renders in (0: chosen from the render pool's idle cores). */
  renderSegments: number;
  /** Whether segmented renders offer windows to other workers (SEGMENT_JOBS=1). */
  segmentJobs: boolean;
  /** The memory the render pool's runs may hold at once; undefined: a share of the host's. */
  renderMemoryBytes: number | undefined;
  /** Local disk under DATA_DIR, or an S3-compatible bucket. */
  storage: { kind: "local" } | { kind: "s3"; bucket: string; prefix: string; endpoint: string; publicEndpoint: string; region: string; accessKeyId: string; secretAccessKey: string; sessionToken: string };
  /** Null: no metrics endpoint. */
  metrics: { port: number; host: string; token: string } | null;
  allowPrivateUrls: boolean;
  /** Serve the Studio (the web app at /). */
  studio: boolean;
  outboundCa: string | undefined;
  /** The slowest own-media download kept, past its grace; null: no floor. */
  ownMediaSpeedFloor: { bytesPerSecond: number; graceMs: number } | null;
  /** Content Credentials: null when off; the operator's PEM chain and key, or the service's own certificate. */
  contentCredentials: null | { kind: "service" } | { kind: "operator"; certPem: string; keyPem: string };
  /** Null: the offline writers only. */
  llm: { baseUrl: string; apiKey: string; model: string } | null;
  narration: {
    provider: RawConfig["NARRATION_PROVIDER"];
    offlineEngine: RawConfig["OFFLINE_TTS_ENGINE"];
    elevenLabs: { apiKey: string; baseUrl: string; model: string };
    openAi: { baseUrl: string; apiKey: string; model: string };
    kokoro: { baseUrl: string };
  };
}

const NUMERIC = new Set(["PORT", "DRAIN_SECONDS", "RENDER_SEGMENTS", "RENDER_MEMORY_MB", "EVENTS_HEARTBEAT_SECONDS", "HTTP_IDLE_TIMEOUT_SECONDS", "OWN_MEDIA_MIN_BYTES_PER_SECOND", "OWN_MEDIA_SLOW_GRACE_SECONDS"]);

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const picked: Record<string, unknown> = {};
  for (const key of Object.keys(ConfigSchema.properties)) {
    const value = env[key];
    if (value === undefined || value === "") continue;
    picked[key] = NUMERIC.has(key) ? Number(value) : value;
  }
  const raw = Value.Default(ConfigSchema, picked) as RawConfig;
  const problems = [...Value.Errors(ConfigSchema, raw)];
  if (problems.length > 0) {
    const list = problems.map((p) => `${p.path.slice(1)}: ${p.message}`).join("; ");
    throw new Error(`invalid configuration: ${list}`);
  }
  if (raw.DATABASE_URL && !/^postgres(ql)?:\/\//.test(raw.DATABASE_URL)) {
    throw new Error("invalid configuration: DATABASE_URL must be a postgres:// URL");
  }
  if (raw.SEGMENT_JOBS === "1" && !raw.DATABASE_URL) {
    throw new Error("invalid configuration: SEGMENT_JOBS=1 needs DATABASE_URL (the embedded database serves one process, which has no other workers to share with)");
  }
  if (raw.ROLE !== "all" && !raw.DATABASE_URL) {
    throw new Error(`invalid configuration: ROLE=${raw.ROLE} needs DATABASE_URL (the embedded database serves one process, so it runs everything in one)`);
  }
  if (raw.METRICS_PORT && !(/^\d+$/.test(raw.METRICS_PORT) && Number(raw.METRICS_PORT) <= 65535)) {
    throw new Error("invalid configuration: METRICS_PORT must be a port number (0-65535)");
  }
  const bucket = raw.STORAGE_URL ? /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/(.*))?$/.exec(raw.STORAGE_URL) : null;
  if (raw.STORAGE_URL && !bucket) throw new Error("invalid configuration: STORAGE_URL must be s3://bucket or s3://bucket/prefix");
  if (Boolean(raw.C2PA_CERT_FILE) !== Boolean(raw.C2PA_KEY_FILE)) throw new Error("invalid configuration: C2PA_CERT_FILE and C2PA_KEY_FILE go together");
  const publicBaseUrl = (raw.PUBLIC_BASE_URL || `http://localhost:${raw.PORT}`).replace(/\/+$/, "");
  return {
    port: raw.PORT,
    host: raw.HOST,
    dataDir: resolve(raw.DATA_DIR),
    mediaCacheDir: resolve(raw.MEDIA_CACHE_DIR || join(homedir(), ".cache", "shortvid", "media")),
    databaseUrl: raw.DATABASE_URL || null,
    publicBaseUrl,
    errorsUrl: raw.ERRORS_URL || `${publicBaseUrl}/v1/errors`,
    plansUrl: raw.PLANS_URL || `${publicBaseUrl}/v1/llms.txt#plans`,
    logLevel: raw.LOG_LEVEL,
    role: raw.ROLE,
    storage: bucket
      ? {
          kind: "s3",
          bucket: bucket[1]!,
          prefix: (bucket[2] ?? "").replace(/^\/+|\/+$/g, ""),
          endpoint: raw.AWS_ENDPOINT_URL.replace(/\/+$/, ""),
          publicEndpoint: raw.STORAGE_PUBLIC_ENDPOINT.replace(/\/+$/, ""),
          region: raw.AWS_REGION,
          accessKeyId: raw.AWS_ACCESS_KEY_ID,
          secretAccessKey: raw.AWS_SECRET_ACCESS_KEY,
          sessionToken: raw.AWS_SESSION_TOKEN,
        }
      : { kind: "local" },
    drainMs: raw.DRAIN_SECONDS * 1000,
    renderSegments: raw.RENDER_SEGMENTS,
    segmentJobs: raw.SEGMENT_JOBS === "1",
    renderMemoryBytes: raw.RENDER_MEMORY_MB > 0 ? raw.RENDER_MEMORY_MB * 1024 * 1024 : undefined,
    eventsHeartbeatMs: raw.EVENTS_HEARTBEAT_SECONDS * 1000,
    httpIdleTimeoutSeconds: raw.HTTP_IDLE_TIMEOUT_SECONDS,
    metrics: raw.METRICS_PORT ? { port: Number(raw.METRICS_PORT), host: raw.METRICS_HOST, token: raw.METRICS_TOKEN } : null,
    allowPrivateUrls: raw.UNSAFE_ALLOW_PRIVATE_URLS === "1",
    studio: raw.STUDIO === "1",
    outboundCa: raw.OUTBOUND_CA_FILE ? readFileSync(resolve(raw.OUTBOUND_CA_FILE), "utf8") : undefined,
    ownMediaSpeedFloor:
      raw.OWN_MEDIA_MIN_BYTES_PER_SECOND > 0 ? { bytesPerSecond: raw.OWN_MEDIA_MIN_BYTES_PER_SECOND, graceMs: raw.OWN_MEDIA_SLOW_GRACE_SECONDS * 1000 } : null,
    contentCredentials:
      raw.C2PA === "0"
        ? null
        : raw.C2PA_CERT_FILE
          ? { kind: "operator", certPem: readFileSync(resolve(raw.C2PA_CERT_FILE), "utf8"), keyPem: readFileSync(resolve(raw.C2PA_KEY_FILE), "utf8") }
          : { kind: "service" },
    llm: raw.LLM_BASE_URL ? { baseUrl: raw.LLM_BASE_URL.replace(/\/+$/, ""), apiKey: raw.LLM_API_KEY, model: raw.LLM_MODEL } : null,
    narration: {
      provider: raw.NARRATION_PROVIDER,
      offlineEngine: raw.OFFLINE_TTS_ENGINE,
      elevenLabs: { apiKey: raw.ELEVENLABS_API_KEY, baseUrl: raw.ELEVENLABS_BASE_URL.replace(/\/+$/, ""), model: raw.ELEVENLABS_MODEL },
      openAi: { baseUrl: raw.OPENAI_TTS_BASE_URL.replace(/\/+$/, ""), apiKey: raw.OPENAI_TTS_API_KEY, model: raw.OPENAI_TTS_MODEL },
      kokoro: { baseUrl: raw.KOKORO_BASE_URL.replace(/\/+$/, "") },
    },
  };
}

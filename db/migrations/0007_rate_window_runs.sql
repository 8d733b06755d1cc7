-- A batch of admissions writes only what it adds: the requests and free-tool windows move from each
-- subject's jsonb row (read and rewritten whole by every batch) to one row per run, which a batch adds its
-- counts to and stamps with its version; the subject's row keeps its creates and the version of the last
-- batch, drawn under its lock from one sequence, so a process reads back only the runs changed since
-- (through the index on subject and version).
CREATE SEQUENCE "public"."rate_window_version" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "rate_window_runs" (
	"subject" text NOT NULL,
	"kind" text NOT NULL,
	"at" bigint NOT NULL,
	"count" integer NOT NULL,
	"version" bigint NOT NULL,
	CONSTRAINT "rate_window_runs_subject_kind_at_pk" PRIMARY KEY("subject","kind","at")
);
--> statement-breakpoint
ALTER TABLE "rate_windows" ADD COLUMN "version" bigint DEFAULT nextval('rate_window_version') NOT NULL;
--> statement-breakpoint
CREATE INDEX "rate_window_runs_subject_version_idx" ON "rate_window_runs" USING btree ("subject","version");
--> statement-breakpoint
-- The windows already kept carry over (a restart keeps the minute): runs of [time, count], or from rows
-- written before runs one time per admission.
INSERT INTO "rate_window_runs" ("subject", "kind", "at", "count", "version")
SELECT w.subject, k.kind,
  CASE WHEN jsonb_typeof(e) = 'number' THEN e::bigint ELSE (e->>0)::bigint END,
  sum(CASE WHEN jsonb_typeof(e) = 'number' THEN 1 ELSE (e->>1)::integer END),
  w.version
FROM "rate_windows" w
CROSS JOIN LATERAL (VALUES ('requests', w.windows->'requests'), ('free_tools', w.windows->'freeTools')) AS k(kind, log)
CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(k.log) = 'array' THEN k.log ELSE '[]'::jsonb END) AS e
GROUP BY 1, 2, 3, 5;
--> statement-breakpoint
UPDATE "rate_windows" SET "windows" = jsonb_build_object('creates', coalesce("windows"->'creates', '[]'::jsonb));

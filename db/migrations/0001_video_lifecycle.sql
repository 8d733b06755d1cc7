CREATE TABLE "rate_windows" (
	"subject" text PRIMARY KEY NOT NULL,
	"windows" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "expected_charges" jsonb;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "heartbeat_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "duration_seconds" real;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "lease_until" timestamp with time zone;
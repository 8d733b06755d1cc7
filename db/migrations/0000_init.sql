CREATE TABLE "accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"plan_tier" text,
	"pricing_v2" boolean DEFAULT true NOT NULL,
	"credits" integer DEFAULT 0 NOT NULL,
	"ai_credits" integer DEFAULT 0 NOT NULL,
	"export_credits" integer DEFAULT 0 NOT NULL,
	"video_allowance_override" integer,
	"period_started_at" timestamp with time zone NOT NULL,
	"signing_secret" text NOT NULL,
	"requests_per_minute" integer DEFAULT 60 NOT NULL,
	"creates_per_minute" integer DEFAULT 10 NOT NULL,
	"free_tools_per_hour" integer DEFAULT 30 NOT NULL,
	"free_tools_per_day" integer DEFAULT 100 NOT NULL,
	"concurrent_renders" integer DEFAULT 3 NOT NULL,
	"media_imports_per_day" integer DEFAULT 20 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "accounts_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"hash" text NOT NULL,
	"scopes" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "api_keys_hash_unique" UNIQUE("hash")
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"template" text NOT NULL,
	"kind" text NOT NULL,
	"inputs" jsonb NOT NULL,
	"content" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "download_links" (
	"token" text PRIMARY KEY NOT NULL,
	"video_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "videos" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"template" text NOT NULL,
	"status" text NOT NULL,
	"stage" text NOT NULL,
	"progress" integer,
	"project_id" text,
	"export_id" text,
	"inputs" jsonb NOT NULL,
	"webhook_url" text,
	"error_code" text,
	"error_message" text,
	"credits_charged" jsonb,
	"stage_outputs" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"cut_at_ms" integer,
	"notices" jsonb,
	"estimated_seconds" integer,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"account_id" text NOT NULL,
	"key" text NOT NULL,
	"route" text NOT NULL,
	"body_hash" text NOT NULL,
	"state" text NOT NULL,
	"response_status" integer,
	"response_body" jsonb,
	"response_headers" jsonb,
	"resource_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_account_id_key_pk" PRIMARY KEY("account_id","key")
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"video_id" text NOT NULL,
	"type" text NOT NULL,
	"url" text NOT NULL,
	"payload" jsonb NOT NULL,
	"state" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"last_status" integer,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "webhook_deliveries_video_id_unique" UNIQUE("video_id")
);
--> statement-breakpoint
CREATE TABLE "media_imports" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"kind" text NOT NULL,
	"url" text NOT NULL,
	"url_hash" text NOT NULL,
	"state" text NOT NULL,
	"storage_key" text,
	"bytes" bigint,
	"duration_ms" integer,
	"error_code" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usage_ledger" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"video_id" text NOT NULL,
	"counter" text NOT NULL,
	"amount" integer NOT NULL,
	"narration_seconds" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "download_links" ADD CONSTRAINT "download_links_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_imports" ADD CONSTRAINT "media_imports_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_ledger" ADD CONSTRAINT "usage_ledger_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_keys_account_idx" ON "api_keys" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "projects_account_idx" ON "projects" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "download_links_video_idx" ON "download_links" USING btree ("video_id");--> statement-breakpoint
CREATE INDEX "videos_account_created_idx" ON "videos" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "videos_status_idx" ON "videos" USING btree ("status");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("state","next_attempt_at");--> statement-breakpoint
CREATE UNIQUE INDEX "media_imports_account_url_idx" ON "media_imports" USING btree ("account_id","kind","url_hash");--> statement-breakpoint
CREATE INDEX "media_imports_account_created_idx" ON "media_imports" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "usage_ledger_video_counter_idx" ON "usage_ledger" USING btree ("video_id","counter");--> statement-breakpoint
CREATE INDEX "usage_ledger_account_created_idx" ON "usage_ledger" USING btree ("account_id","created_at");
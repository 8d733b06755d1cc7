-- How many progress streams an account may hold open at once in one serving process; set-limits
-- --concurrent-streams changes it per account.
ALTER TABLE "accounts" ADD COLUMN "concurrent_streams" integer DEFAULT 20 NOT NULL;

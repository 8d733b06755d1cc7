-- Progress streams (GET /v1/videos/{id}/events) number their events with state_version, which moves on
-- every change of a video's status, stage or progress, and hear of each change on video_changed, whoever
-- makes it (a worker process, a server, the watchdog, a hand-written query). The payload is the video id,
-- the new state_version, progress, status and stage, tab-separated: a stream sends each state in order
-- even when the next one is committed before it reads the row. Notifications go out at commit.
ALTER TABLE "videos" ADD COLUMN "state_version" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE FUNCTION video_state_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.state_version := OLD.state_version + 1;
  PERFORM pg_notify('video_changed', concat_ws(E'\t', NEW.id, NEW.state_version, coalesce(NEW.progress::text, ''), NEW.status, NEW.stage));
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER videos_state_changed BEFORE UPDATE ON "videos" FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.stage IS DISTINCT FROM NEW.stage OR OLD.progress IS DISTINCT FROM NEW.progress)
  EXECUTE FUNCTION video_state_changed();

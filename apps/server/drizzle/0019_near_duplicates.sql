CREATE TABLE "app_settings" (
	"key" varchar(64) PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Near-duplicate detection (issue 34, decision 051): trigram similarity of questions.search_text,
-- through a trigram index. Idempotent: another migration creates the same extension and index
-- (same name and definition). PGlite ships pg_trgm (loaded in db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "questions_search_trgm_idx" ON "questions" USING gin ("search_text" gin_trgm_ops);

-- Search without accents and similar questions (decision 053). Idempotent: another migration
-- may create the same extensions. Both are trusted extensions (a database owner may create
-- them) and PGlite ships them (loaded in db/client.ts).
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- The simple parser (no stemming: the bank is French and English) with accents folded, so
-- "hepatite" finds "hépatite" and the other way round.
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_ts_config WHERE cfgname = 'qbank_search') THEN
    CREATE TEXT SEARCH CONFIGURATION qbank_search (COPY = simple);
    ALTER TEXT SEARCH CONFIGURATION qbank_search
      ALTER MAPPING FOR hword, hword_part, word WITH unaccent, simple;
  END IF;
END $$;--> statement-breakpoint
DROP INDEX IF EXISTS "questions_search_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "questions_search_trgm_idx" ON "questions" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
-- No pending list: PGlite has no autovacuum to merge one, and a search reads it whole.
CREATE INDEX IF NOT EXISTS "questions_search_idx" ON "questions" USING gin (to_tsvector('qbank_search', "search_text")) WITH (fastupdate=false);

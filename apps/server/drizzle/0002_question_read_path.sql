ALTER TABLE "clinical_cases" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "questions_search_idx" ON "questions" USING gin (to_tsvector('simple', "search_text"));--> statement-breakpoint
CREATE INDEX "playlist_items_question_idx" ON "playlist_items" USING btree ("question_id");
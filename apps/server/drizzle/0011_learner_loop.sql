ALTER TABLE "question_evaluations" ADD COLUMN "suspended" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "question_streaks" ADD COLUMN "misses" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "review_settings" ADD COLUMN "new_per_day" integer DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE "review_settings" ADD COLUMN "reviews_per_day" integer DEFAULT 200 NOT NULL;--> statement-breakpoint
CREATE INDEX "question_streaks_leech_idx" ON "question_streaks" USING btree ("user_id","question_id") WHERE "question_streaks"."misses" >= 8;
CREATE TABLE "review_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"rating" smallint NOT NULL,
	"state" smallint NOT NULL,
	"reviewed_at" timestamp with time zone NOT NULL,
	"source" varchar(8) NOT NULL,
	"previous" jsonb
);
--> statement-breakpoint
CREATE TABLE "review_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"desired_retention" double precision DEFAULT 0.9 NOT NULL,
	"mistakes_streak" smallint DEFAULT 2 NOT NULL,
	"weights" jsonb,
	"weights_review_count" integer DEFAULT 0 NOT NULL,
	"weights_updated_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "question_evaluations" ALTER COLUMN "stability" SET DATA TYPE double precision;--> statement-breakpoint
ALTER TABLE "question_evaluations" ALTER COLUMN "difficulty" SET DATA TYPE double precision;--> statement-breakpoint
ALTER TABLE "question_evaluations" ADD COLUMN "state" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "question_evaluations" ADD COLUMN "learning_steps" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "question_evaluations" ADD COLUMN "scheduled_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "question_evaluations" ADD COLUMN "last_review" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "review_logs" ADD CONSTRAINT "review_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_logs" ADD CONSTRAINT "review_logs_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_settings" ADD CONSTRAINT "review_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_logs_user_card_idx" ON "review_logs" USING btree ("user_id","question_id","reviewed_at");--> statement-breakpoint
-- HAND-WRITTEN: cards scheduled by the old hand-written FSRS become ts-fsrs review cards,
-- last reviewed at their last rating (decision 038).
UPDATE "question_evaluations" SET "state" = 2, "last_review" = "updated_at",
  "scheduled_days" = GREATEST(0, ROUND(EXTRACT(EPOCH FROM ("due_at" - "updated_at")) / 86400))::integer
  WHERE "reps" > 0;

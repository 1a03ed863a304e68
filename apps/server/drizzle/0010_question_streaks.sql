CREATE TABLE "question_streaks" (
	"user_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"last_answered_at" timestamp with time zone NOT NULL,
	"last_wrong_at" timestamp with time zone,
	"streak" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "question_streaks_user_id_question_id_pk" PRIMARY KEY("user_id","question_id")
);
--> statement-breakpoint
ALTER TABLE "review_settings" ADD COLUMN "time_zone" varchar(64);--> statement-breakpoint
ALTER TABLE "question_streaks" ADD CONSTRAINT "question_streaks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_streaks" ADD CONSTRAINT "question_streaks_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "question_streaks_shelf_idx" ON "question_streaks" USING btree ("user_id","streak") WHERE "question_streaks"."last_wrong_at" is not null;--> statement-breakpoint
CREATE INDEX "questions_unpublished_idx" ON "questions" USING btree ("id") WHERE not "questions"."is_published";--> statement-breakpoint
CREATE INDEX "evaluations_user_leech_idx" ON "question_evaluations" USING btree ("user_id","question_id") WHERE "question_evaluations"."lapses" >= 8;--> statement-breakpoint
-- HAND-WRITTEN: backfill of the mistakes shelf's rows from the existing answer history
-- (decision 038). The same statement as REBUILD_STREAKS in src/modules/review/streaks.repository.ts.
insert into question_streaks (user_id, question_id, last_answered_at, last_wrong_at, streak) select a.user_id, a.question_id, max(a.created_at), max(a.last_wrong_at), (count(*) filter (where a.is_correct and (a.last_wrong_at is null or a.created_at > a.last_wrong_at)))::int from (select h.user_id, h.question_id, h.created_at, h.is_correct, max(h.created_at) filter (where not h.is_correct) over (partition by h.user_id, h.question_id) as last_wrong_at from question_answer_history h) a group by a.user_id, a.question_id;

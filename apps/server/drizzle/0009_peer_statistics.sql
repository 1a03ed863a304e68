CREATE TABLE "question_choice_stats" (
	"question_id" integer NOT NULL,
	"choice_id" integer NOT NULL,
	"picked" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "question_choice_stats_question_id_choice_id_pk" PRIMARY KEY("question_id","choice_id")
);
--> statement-breakpoint
CREATE TABLE "question_stats" (
	"question_id" integer PRIMARY KEY NOT NULL,
	"answers" integer DEFAULT 0 NOT NULL,
	"correct" integer DEFAULT 0 NOT NULL,
	"time_hist" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"difficulty" smallint
);
--> statement-breakpoint
CREATE TABLE "user_course_stats" (
	"user_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"answers" integer DEFAULT 0 NOT NULL,
	"correct" integer DEFAULT 0 NOT NULL,
	"time_ms" bigint DEFAULT 0 NOT NULL,
	"questions" integer DEFAULT 0 NOT NULL,
	"first_right" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "user_course_stats_user_id_course_id_pk" PRIMARY KEY("user_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "user_daily_stats" (
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"answers" integer DEFAULT 0 NOT NULL,
	"correct" integer DEFAULT 0 NOT NULL,
	"time_ms" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "user_daily_stats_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "user_source_stats" (
	"user_id" integer NOT NULL,
	"source_id" integer NOT NULL,
	"answers" integer DEFAULT 0 NOT NULL,
	"correct" integer DEFAULT 0 NOT NULL,
	"time_ms" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "user_source_stats_user_id_source_id_pk" PRIMARY KEY("user_id","source_id")
);
--> statement-breakpoint
ALTER TABLE "question_answer_history" ADD COLUMN "counted" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "question_choice_stats" ADD CONSTRAINT "question_choice_stats_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_choice_stats" ADD CONSTRAINT "question_choice_stats_choice_id_choices_id_fk" FOREIGN KEY ("choice_id") REFERENCES "public"."choices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_stats" ADD CONSTRAINT "question_stats_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_course_stats" ADD CONSTRAINT "user_course_stats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_course_stats" ADD CONSTRAINT "user_course_stats_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_daily_stats" ADD CONSTRAINT "user_daily_stats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_source_stats" ADD CONSTRAINT "user_source_stats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_source_stats" ADD CONSTRAINT "user_source_stats_source_id_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "question_stats_difficulty_idx" ON "question_stats" USING btree ("difficulty");--> statement-breakpoint
CREATE INDEX "user_course_stats_course_idx" ON "user_course_stats" USING btree ("course_id","questions");--> statement-breakpoint
-- HAND-WRITTEN: backfill of the peer statistics and dashboard aggregates from the existing
-- answer history (decision 039). The same statements as REBUILD_STATEMENTS in
-- src/modules/stats/aggregates.repository.ts (the first five deletes are no-ops here).
drop table if exists stats_first_answers;--> statement-breakpoint
create temp table stats_first_answers as select distinct on (h.user_id, h.question_id) h.user_id, h.question_id, h.choices, h.is_correct, h.time_spent_ms from question_answer_history h where h.counted order by h.user_id, h.question_id, h.created_at, h.id;--> statement-breakpoint
insert into user_daily_stats (user_id, day, answers, correct, time_ms) select h.user_id, (h.created_at at time zone 'UTC')::date, count(*), count(*) filter (where h.is_correct), sum(h.time_spent_ms) from question_answer_history h where h.counted group by 1, 2;--> statement-breakpoint
insert into user_source_stats (user_id, source_id, answers, correct, time_ms) select h.user_id, q.source_id, count(*), count(*) filter (where h.is_correct), sum(h.time_spent_ms) from question_answer_history h join questions q on q.id = h.question_id where h.counted and q.source_id is not null group by 1, 2;--> statement-breakpoint
insert into user_course_stats (user_id, course_id, answers, correct, time_ms, questions, first_right) select t.user_id, t.course_id, t.answers, t.correct, t.time_ms, coalesce(f.questions, 0), coalesce(f.first_right, 0) from (select h.user_id, q.course_id, count(*) as answers, count(*) filter (where h.is_correct) as correct, sum(h.time_spent_ms) as time_ms from question_answer_history h join questions q on q.id = h.question_id where h.counted group by 1, 2) t left join (select f.user_id, q.course_id, count(*) as questions, count(*) filter (where f.is_correct) as first_right from stats_first_answers f join questions q on q.id = f.question_id group by 1, 2) f on f.user_id = t.user_id and f.course_id = t.course_id;--> statement-breakpoint
insert into question_stats (question_id, answers, correct, time_hist, difficulty) select b.question_id, sum(b.n), sum(b.c), jsonb_object_agg(b.k::text, b.n), (case when sum(b.n) < 30 then null when sum(b.c) * 5 >= 4 * sum(b.n) then 1 when sum(b.c) * 5 >= 3 * sum(b.n) then 2 when sum(b.c) * 5 >= 2 * sum(b.n) then 3 when sum(b.c) * 5 >= sum(b.n) then 4 else 5 end)::smallint from (select question_id, (case when time_spent_ms < 120000 then time_spent_ms / 1000 when time_spent_ms < 600000 then 120 + (time_spent_ms - 120000) / 10000 else 168 end) as k, count(*) as n, count(*) filter (where is_correct) as c from stats_first_answers group by 1, 2) b group by b.question_id;--> statement-breakpoint
insert into question_choice_stats (question_id, choice_id, picked) select f.question_id, c.id, count(*) from stats_first_answers f join choices c on c.question_id = f.question_id and f.choices @> to_jsonb(c.id) group by 1, 2;--> statement-breakpoint
drop table stats_first_answers;

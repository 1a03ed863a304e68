CREATE TABLE "mock_exams" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(200) NOT NULL,
	"question_ids" jsonb NOT NULL,
	"scoring" varchar(16) NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"duration_minutes" integer NOT NULL,
	"results_at" timestamp with time zone NOT NULL,
	"audience_plan_id" integer,
	"audience_module_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"results_notified_at" timestamp with time zone,
	"open_notified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "paper_answers" (
	"attempt_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"choices" jsonb NOT NULL,
	"score" real,
	"answered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "paper_answers_attempt_id_question_id_pk" PRIMARY KEY("attempt_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "paper_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"source_id" integer,
	"mock_exam_id" integer,
	"question_ids" jsonb NOT NULL,
	"scoring" varchar(16) NOT NULL,
	"time_limit_minutes" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"submitted_at" timestamp with time zone,
	"is_ranked" boolean NOT NULL,
	"score" real
);
--> statement-breakpoint
ALTER TABLE "sources" ADD COLUMN "time_limit_minutes" integer;--> statement-breakpoint
ALTER TABLE "sources" ADD COLUMN "scoring" varchar(16) DEFAULT 'partial' NOT NULL;--> statement-breakpoint
ALTER TABLE "mock_exams" ADD CONSTRAINT "mock_exams_audience_plan_id_plans_id_fk" FOREIGN KEY ("audience_plan_id") REFERENCES "public"."plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mock_exams" ADD CONSTRAINT "mock_exams_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_answers" ADD CONSTRAINT "paper_answers_attempt_id_paper_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."paper_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_answers" ADD CONSTRAINT "paper_answers_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_attempts" ADD CONSTRAINT "paper_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_attempts" ADD CONSTRAINT "paper_attempts_source_id_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_attempts" ADD CONSTRAINT "paper_attempts_mock_exam_id_mock_exams_id_fk" FOREIGN KEY ("mock_exam_id") REFERENCES "public"."mock_exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "paper_attempts_user_source_idx" ON "paper_attempts" USING btree ("user_id","source_id");--> statement-breakpoint
CREATE UNIQUE INDEX "paper_attempts_ranked_idx" ON "paper_attempts" USING btree ("user_id","source_id") WHERE "paper_attempts"."is_ranked";--> statement-breakpoint
CREATE UNIQUE INDEX "paper_attempts_mock_idx" ON "paper_attempts" USING btree ("user_id","mock_exam_id");--> statement-breakpoint
CREATE INDEX "paper_attempts_ranking_idx" ON "paper_attempts" USING btree ("source_id","score") WHERE "paper_attempts"."is_ranked" and "paper_attempts"."submitted_at" is not null;--> statement-breakpoint
CREATE INDEX "paper_attempts_mock_ranking_idx" ON "paper_attempts" USING btree ("mock_exam_id","score");--> statement-breakpoint
CREATE INDEX "paper_attempts_open_idx" ON "paper_attempts" USING btree ("deadline") WHERE "paper_attempts"."submitted_at" is null;
CREATE TABLE "exam_plans" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"exam_date" date NOT NULL,
	"weekdays_off" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"dates_off" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"module_ids" jsonb,
	"started_on" date NOT NULL,
	"start_remaining" integer NOT NULL,
	"reminded_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "exam_plans" ADD CONSTRAINT "exam_plans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
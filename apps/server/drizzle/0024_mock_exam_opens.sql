CREATE TABLE "mail_subscriptions" (
	"user_id" integer NOT NULL,
	"list" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_subscriptions_user_id_list_pk" PRIMARY KEY("user_id","list")
);
--> statement-breakpoint
ALTER TABLE "mock_exams" ADD COLUMN "opening_announced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_subscriptions" ADD CONSTRAINT "mail_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_subscriptions_list_idx" ON "mail_subscriptions" USING btree ("list");--> statement-breakpoint
-- Custom SQL (h-mock): mock exams already open before this migration count as announced, so
-- the first sweep after the upgrade does not tell their audience about old windows.
UPDATE "mock_exams" SET "opening_announced_at" = "opens_at" WHERE "opens_at" <= now();

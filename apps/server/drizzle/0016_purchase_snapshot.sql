ALTER TABLE "purchases" ADD COLUMN "price" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "currency" varchar(3);--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "duration_days" integer;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "all_modules" boolean;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "module_ids" integer[];
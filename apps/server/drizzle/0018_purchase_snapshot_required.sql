ALTER TABLE "purchases" ALTER COLUMN "price" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "purchases" ALTER COLUMN "currency" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "purchases" ALTER COLUMN "duration_days" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "purchases" ALTER COLUMN "all_modules" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "purchases" ALTER COLUMN "module_ids" SET NOT NULL;
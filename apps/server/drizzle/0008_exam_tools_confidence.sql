ALTER TABLE "question_answer_history" ADD COLUMN "confidence" varchar(8);--> statement-breakpoint
ALTER TABLE "question_answer_history" ADD COLUMN "miss_class" varchar(10);--> statement-breakpoint
ALTER TABLE "session_questions" ADD COLUMN "confidence" varchar(8);
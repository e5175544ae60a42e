ALTER TABLE "messages" ADD COLUMN "answer_signal" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "rating" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "rating_comment" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "rated_at" timestamp with time zone;
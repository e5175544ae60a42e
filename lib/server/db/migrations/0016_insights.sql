CREATE TABLE "curated_answers" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"assistant_id" text NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assistants" ADD COLUMN "retention_days" integer;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "answer_signal" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "rating" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "rating_comment" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "rated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "reply_to" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "curated_answer_id" text;--> statement-breakpoint
ALTER TABLE "curated_answers" ADD CONSTRAINT "curated_answers_assistant_id_assistants_id_fk" FOREIGN KEY ("assistant_id") REFERENCES "public"."assistants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "curated_answers_assistant_idx" ON "curated_answers" USING btree ("assistant_id","created_at");--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_curated_answer_id_curated_answers_id_fk" FOREIGN KEY ("curated_answer_id") REFERENCES "public"."curated_answers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_share_created_idx" ON "messages" USING btree ("shared_assistant_id","created_at");
ALTER TABLE "assistant_settings" ALTER COLUMN "name" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "assistant_settings" ALTER COLUMN "role_prompt" DROP NOT NULL;
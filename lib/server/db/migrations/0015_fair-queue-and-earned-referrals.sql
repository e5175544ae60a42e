ALTER TABLE "jobs" ADD COLUMN "client_key" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "inviter_rewarded_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "jobs_client_status_idx" ON "jobs" USING btree ("client_key","status");--> statement-breakpoint
-- Referrals made before this change rewarded the inviter at once.
UPDATE "referrals" SET "inviter_rewarded_at" = "created_at";

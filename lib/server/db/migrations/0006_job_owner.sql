ALTER TABLE "jobs" ADD COLUMN "owner_key" text;--> statement-breakpoint
CREATE INDEX "jobs_owner_status_idx" ON "jobs" USING btree ("owner_key","status");--> statement-breakpoint
-- Ingestion jobs still waiting when this runs get their document's owner.
UPDATE "jobs" SET "owner_key" = "documents"."user_id" FROM "documents" WHERE "jobs"."type" = 'ingest-document' AND "jobs"."status" IN ('queued', 'running') AND "documents"."id" = "jobs"."payload"->>'documentId';

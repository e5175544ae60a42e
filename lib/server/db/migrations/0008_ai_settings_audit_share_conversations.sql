CREATE TABLE "settings_audit" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"setting" text NOT NULL,
	"actor_id" text,
	"actor_name" text NOT NULL,
	"changes" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "settings_audit" ADD CONSTRAINT "settings_audit_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "settings_audit_setting_created_idx" ON "settings_audit" USING btree ("setting","created_at");--> statement-breakpoint
CREATE INDEX "messages_share_guest_idx" ON "messages" USING btree ("shared_assistant_id","guest_user_id","created_at");--> statement-breakpoint
-- Hand-written: the AI service's key is now kept only encrypted (apiKeyCiphertext). No screen ever
-- stored a plain "apiKey"; should one have been written by hand, it does not stay at rest in clear.
UPDATE "app_settings" SET "value" = "value" - 'apiKey' WHERE "key" = 'ai_service' AND jsonb_typeof("value") = 'object';

CREATE TABLE "assistant_collections" (
	"assistant_id" text NOT NULL,
	"collection_id" text NOT NULL,
	CONSTRAINT "assistant_collections_assistant_id_collection_id_pk" PRIMARY KEY("assistant_id","collection_id")
);
--> statement-breakpoint
CREATE TABLE "assistant_documents" (
	"assistant_id" text NOT NULL,
	"document_id" text NOT NULL,
	CONSTRAINT "assistant_documents_assistant_id_document_id_pk" PRIMARY KEY("assistant_id","document_id")
);
--> statement-breakpoint
CREATE TABLE "assistants" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"owner_id" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"name" text,
	"role_prompt" text,
	"knowledge_all" boolean DEFAULT true NOT NULL,
	"link_preview_style" text DEFAULT 'default' NOT NULL,
	"use_custom_icon" boolean DEFAULT false NOT NULL,
	"custom_icon" text,
	"initial_questions" jsonb,
	"initial_questions_stamp" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collection_documents" (
	"collection_id" text NOT NULL,
	"document_id" text NOT NULL,
	CONSTRAINT "collection_documents_collection_id_document_id_pk" PRIMARY KEY("collection_id","document_id")
);
--> statement-breakpoint
CREATE TABLE "collections" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"owner_id" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "shared_assistants_quick_link_key";--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "assistant_id" text;--> statement-breakpoint
ALTER TABLE "shared_assistants" ADD COLUMN "assistant_id" text;--> statement-breakpoint
ALTER TABLE "shared_assistants" ADD COLUMN "ended_reason" text;--> statement-breakpoint
ALTER TABLE "assistant_collections" ADD CONSTRAINT "assistant_collections_assistant_id_assistants_id_fk" FOREIGN KEY ("assistant_id") REFERENCES "public"."assistants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_collections" ADD CONSTRAINT "assistant_collections_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_documents" ADD CONSTRAINT "assistant_documents_assistant_id_assistants_id_fk" FOREIGN KEY ("assistant_id") REFERENCES "public"."assistants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_documents" ADD CONSTRAINT "assistant_documents_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistants" ADD CONSTRAINT "assistants_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_documents" ADD CONSTRAINT "collection_documents_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_documents" ADD CONSTRAINT "collection_documents_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assistant_collections_collection_idx" ON "assistant_collections" USING btree ("collection_id");--> statement-breakpoint
CREATE INDEX "assistant_documents_document_idx" ON "assistant_documents" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "assistants_owner_idx" ON "assistants" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "assistants_owner_default_key" ON "assistants" USING btree ("owner_id") WHERE "assistants"."is_default";--> statement-breakpoint
CREATE INDEX "collection_documents_document_idx" ON "collection_documents" USING btree ("document_id");--> statement-breakpoint
CREATE UNIQUE INDEX "collections_owner_name_key" ON "collections" USING btree ("owner_id","name");--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_assistant_id_assistants_id_fk" FOREIGN KEY ("assistant_id") REFERENCES "public"."assistants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_assistants" ADD CONSTRAINT "shared_assistants_assistant_id_assistants_id_fk" FOREIGN KEY ("assistant_id") REFERENCES "public"."assistants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_owner_assistant_idx" ON "messages" USING btree ("owner_id","assistant_id","created_at");--> statement-breakpoint
CREATE INDEX "shared_assistants_assistant_idx" ON "shared_assistants" USING btree ("assistant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shared_assistants_quick_link_key" ON "shared_assistants" USING btree ("assistant_id") WHERE "shared_assistants"."quick_link" and "shared_assistants"."revoked_at" is null;--> statement-breakpoint
-- Each owner's one assistant becomes their default assistant, answering from all their documents:
-- everyone with settings, documents, a conversation of their own or a share.
INSERT INTO "assistants" ("owner_id", "is_default", "name", "role_prompt", "knowledge_all", "link_preview_style", "use_custom_icon", "custom_icon", "initial_questions", "initial_questions_stamp")
SELECT "u"."id", true, "s"."name", "s"."role_prompt", true, coalesce("s"."link_preview_style", 'default'), coalesce("s"."use_custom_icon", false), "s"."custom_icon",
  CASE WHEN jsonb_typeof("s"."initial_questions") = 'object' THEN "s"."initial_questions" END, "s"."initial_questions_stamp"
FROM "users" "u" LEFT JOIN "assistant_settings" "s" ON "s"."user_id" = "u"."id"
WHERE "s"."user_id" IS NOT NULL
  OR EXISTS (SELECT 1 FROM "documents" "d" WHERE "d"."user_id" = "u"."id")
  OR EXISTS (SELECT 1 FROM "messages" "m" WHERE "m"."owner_id" = "u"."id")
  OR EXISTS (SELECT 1 FROM "shared_assistants" "sa" WHERE "sa"."owner_id" = "u"."id");--> statement-breakpoint
-- The owner's conversation so far was with that assistant.
UPDATE "messages" SET "assistant_id" = "a"."id" FROM "assistants" "a"
WHERE "a"."owner_id" = "messages"."owner_id" AND "a"."is_default" AND "messages"."shared_assistant_id" IS NULL AND "messages"."owner_id" IS NOT NULL;--> statement-breakpoint
-- Every share attaches to it and keeps its link, settings and conversations; a name or role prompt
-- that only repeated the assistant's (the default name frozen at creation included) now follows it.
UPDATE "shared_assistants" SET "assistant_id" = "a"."id",
  "name" = CASE WHEN "shared_assistants"."name" = coalesce("a"."name", '') OR ("a"."name" IS NULL AND "shared_assistants"."name" IN ('文件助理', 'Document Assistant')) THEN NULL ELSE "shared_assistants"."name" END,
  "role_prompt" = CASE WHEN "shared_assistants"."role_prompt" = coalesce("a"."role_prompt", '') OR ("a"."role_prompt" IS NULL AND "shared_assistants"."role_prompt" IN (
    '你是一位親切、專業的文件助理。請根據使用者上傳的文件內容回答問題，引用文件原文並註明出處；文件中沒有的內容請直接說明。',
    'You are a friendly, professional document assistant. Answer from the documents the user uploaded, quote them and cite the source; say plainly when the documents do not cover something.'))
    THEN NULL ELSE "shared_assistants"."role_prompt" END,
  "ended_reason" = CASE WHEN "shared_assistants"."revoked_at" IS NOT NULL THEN 'revoked' END
FROM "assistants" "a" WHERE "a"."owner_id" = "shared_assistants"."owner_id" AND "a"."is_default";

ALTER TABLE "shared_assistants" ALTER COLUMN "name" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "shared_assistants" ALTER COLUMN "role_prompt" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "shared_assistants" ADD COLUMN "quick_link" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "shared_assistants_quick_link_key" ON "shared_assistants" USING btree ("owner_id") WHERE "shared_assistants"."quick_link" and "shared_assistants"."revoked_at" is null;--> statement-breakpoint
ALTER TABLE "shared_assistants" DROP COLUMN "initial_questions";--> statement-breakpoint
ALTER TABLE "shared_assistants" DROP COLUMN "initial_questions_stamp";--> statement-breakpoint
-- A default assistant's name and role prompt were saved as their words in the saver's language;
-- stored as the default (null) they follow each reader's language.
UPDATE "shared_assistants" SET "name" = NULL WHERE "name" IN ('文件助理', 'Document Assistant');--> statement-breakpoint
UPDATE "shared_assistants" SET "role_prompt" = NULL WHERE "role_prompt" IN ('你是一位親切、專業的文件助理。請根據使用者上傳的文件內容回答問題，引用文件原文並註明出處；文件中沒有的內容請直接說明。', 'You are a friendly, professional document assistant. Answer from the documents the user uploaded, quote them and cite the source; say plainly when the documents do not cover something.');--> statement-breakpoint
UPDATE "assistant_settings" SET "name" = NULL WHERE "name" IN ('文件助理', 'Document Assistant');--> statement-breakpoint
UPDATE "assistant_settings" SET "role_prompt" = NULL WHERE "role_prompt" IN ('你是一位親切、專業的文件助理。請根據使用者上傳的文件內容回答問題，引用文件原文並註明出處；文件中沒有的內容請直接說明。', 'You are a friendly, professional document assistant. Answer from the documents the user uploaded, quote them and cite the source; say plainly when the documents do not cover something.');

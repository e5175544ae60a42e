import "server-only";
import { AppError } from "@/lib/server/errors";
import type { KeyHolder } from "@/lib/server/queries/api-keys";
import type { AssistantRow } from "@/lib/server/queries/assistants";

/**
 * The assistant a request names as its model, which must be the key's own: any other id, another
 * owner's assistant or one of the same owner's, is an unknown model (404), as OpenAI answers for
 * a model a key may not use.
 */
export function requireKeyModel(holder: KeyHolder, model: string): AssistantRow {
  if (model !== holder.assistant.id) throw new AppError("not_found", { messageKey: "model_not_found", params: { model: model.slice(0, 100) } });
  return holder.assistant;
}

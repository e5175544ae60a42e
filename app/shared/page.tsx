import { env } from "@/lib/env";
import { supportLink } from "@/lib/support-link";
import { SharedAssistantLazy } from "@/components/share-visitor/shared-assistant-lazy";

// /shared without an id: the shared page's missing-id notice (缺少共享助手 ID).
export default function SharedWithoutId() {
  return <SharedAssistantLazy shareId="" initialName="" googleEnabled={env.googleEnabled} support={supportLink(env.SUPPORT_URL)} />;
}

import { env } from "@/lib/env";
import { supportLink } from "@/lib/support-link";
import { EarlyIntentScriptTag } from "@/components/share-visitor/early-intent-script-tag";
import { SharedAssistantLazy } from "@/components/share-visitor/shared-assistant-lazy";

// /shared without an id: the shared page's missing-id notice (缺少共享助手 ID). The same page as a
// share's, so the same script: without it the notice stood twice in the page (React's streamed copy
// beside the inert one) until React's batched reveal, up to 300 ms after the page had loaded.
export default function SharedWithoutId() {
  return (
    <>
      <EarlyIntentScriptTag />
      <SharedAssistantLazy shareId="" initialName="" googleEnabled={env.googleEnabled} support={supportLink(env.SUPPORT_URL)} />
    </>
  );
}

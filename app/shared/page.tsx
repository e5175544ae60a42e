import { env } from "@/lib/env";
import { FeatureCards } from "@/components/home/feature-cards";
import { SharedAssistantLazy } from "@/components/shared/shared-assistant-lazy";

// /shared without an id: the shared page's missing-id notice (缺少共享助手 ID).
export default function SharedWithoutId() {
  return <SharedAssistantLazy shareId="" initialName="" googleEnabled={env.googleEnabled} supportUrl={env.SUPPORT_URL ?? "/support"} featureCards={<FeatureCards />} />;
}

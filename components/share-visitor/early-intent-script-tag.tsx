import { headers } from "next/headers";
import { NONCE_HEADER } from "@/lib/security-headers";
import { EARLY_INTENT_SCRIPT } from "./early-intent-script";

/**
 * The shared pages' inline script (early-intent-script.ts), first in their body: it watches for the
 * visitor from the first paint on, and swaps in React's streamed copy of the page as soon as it is
 * parsed. Server-only; the browser hides the nonce once read.
 */
export async function EarlyIntentScriptTag() {
  const nonce = (await headers()).get(NONCE_HEADER) ?? undefined;
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: EARLY_INTENT_SCRIPT }} />;
}

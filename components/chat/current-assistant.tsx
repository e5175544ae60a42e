"use client";

import { createContext, useCallback, useContext, useMemo } from "react";
import { useSearchParams } from "next/navigation";
import type { PublicAssistant } from "@/lib/server/present/api-types";
import { useAssistants } from "@/components/assistants/use-assistants";
import { chatAddress, chosenAssistant } from "@/lib/assistants/chosen-assistant";

/** An assistant as the chat needs it: the server draws the page with this much. */
export interface ChatAssistant {
  id: string;
  name: string;
  rolePrompt: string;
}

interface CurrentAssistant {
  assistant: ChatAssistant;
  /** The owner's assistants, for the switcher; undefined while they load. */
  assistants: PublicAssistant[] | undefined;
  failed: boolean;
  choose: (id: string) => void;
}

const CurrentAssistantContext = createContext<CurrentAssistant | null>(null);

/**
 * The assistant the workspace chat is with, for everything in the chat that asks the server about
 * it (the conversation, the header's buttons, link cards): the one in the address (?assistant=),
 * else the owner's default one; `drawn`, the one the server drew the page with, until the owner's
 * list has loaded. Choosing another puts it in the address (a reload or a copied link keeps it)
 * without a round trip to the server: the chat asks for that assistant's conversation itself.
 */
export function CurrentAssistantProvider({ drawn, children }: { drawn: ChatAssistant; children: React.ReactNode }) {
  const params = useSearchParams();
  const { data: assistants, error } = useAssistants();
  const assistant: ChatAssistant = chosenAssistant(assistants, params.get("assistant"), drawn);
  const choose = useCallback((id: string) => {
    // Next's router follows history.replaceState: useSearchParams, and the tabs, see the new address.
    window.history.replaceState(null, "", chatAddress(window.location, id));
  }, []);
  const value = useMemo(() => ({ assistant, assistants, failed: Boolean(error), choose }), [assistant, assistants, error, choose]);
  return <CurrentAssistantContext.Provider value={value}>{children}</CurrentAssistantContext.Provider>;
}

export function useCurrentAssistant(): CurrentAssistant {
  const current = useContext(CurrentAssistantContext);
  if (!current) throw new Error("useCurrentAssistant needs a <CurrentAssistantProvider> above it");
  return current;
}

/** The chat's assistant's id for a route's ?assistantId=; null outside a workspace chat (the API then takes the default one). */
export function useAssistantScope(): string | null {
  return useContext(CurrentAssistantContext)?.assistant.id ?? null;
}

/** `url` with the chat's assistant in its query (?assistantId=), as the owner's chat routes take it. */
export function withAssistant(url: string, assistantId: string | null): string {
  if (!assistantId) return url;
  return `${url}${url.includes("?") ? "&" : "?"}assistantId=${encodeURIComponent(assistantId)}`;
}

// The AI-service form, between what is typed and what the API takes.

export interface AiServiceFormFields {
  offline: boolean;
  baseUrl: string;
  apiKey: string;
  removeApiKey: boolean;
  chatModel: string;
  visionModel: string;
  embeddingModel: string;
  maxOutputTokens: string;
  /** The service is on the admin's own network (a private address). */
  allowPrivateNetwork: boolean;
}

export interface SavedAiService {
  baseUrl: string;
  chatModel: string;
  visionModel: string;
  embeddingModel: string;
  maxOutputTokens: number | null;
  offline: boolean;
  allowPrivateNetwork?: boolean;
}

/** The form filled with what is saved; the key field always starts empty (the key never comes back). */
export function formFromSaved(saved: SavedAiService): AiServiceFormFields {
  return {
    offline: saved.offline,
    baseUrl: saved.baseUrl,
    apiKey: "",
    removeApiKey: false,
    chatModel: saved.chatModel,
    visionModel: saved.visionModel,
    embeddingModel: saved.embeddingModel,
    maxOutputTokens: saved.maxOutputTokens === null ? "" : String(saved.maxOutputTokens),
    allowPrivateNetwork: saved.allowPrivateNetwork === true,
  };
}

/**
 * The body of PUT /api/settings/ai-service (and of the connection test). An empty cap is null
 * (the default); anything else goes as a number, NaN included, for the schema to refuse.
 */
export function requestFromForm(form: AiServiceFormFields) {
  const cap = form.maxOutputTokens.trim();
  const key = form.apiKey.trim();
  return {
    offline: form.offline,
    baseUrl: form.baseUrl,
    chatModel: form.chatModel,
    visionModel: form.visionModel,
    embeddingModel: form.embeddingModel,
    maxOutputTokens: cap === "" ? null : Number(cap),
    ...(key ? { apiKey: key } : {}),
    ...(form.removeApiKey && !key ? { removeApiKey: true } : {}),
    ...(form.allowPrivateNetwork ? { allowPrivateNetwork: true } : {}),
  };
}

/** What a connection test depends on (not the offline switch): a failed test warns only about the values it tried. */
export function testedValues(form: AiServiceFormFields): string {
  const { offline: _offline, ...rest } = requestFromForm(form);
  return JSON.stringify(rest);
}

/** What the screen knows of keys and URLs it does not show in the form. */
export interface AiServiceAvailable {
  savedKey: boolean;
  savedKeyUnreadable: boolean;
  environmentBaseUrl: boolean;
  environmentKey: boolean;
}

/**
 * Why the built-in offline model would answer with the form saved as it is: no service to call
 * (nothing configured here or in the environment), or the switch; null when the service would.
 * The server's rule (effectiveConfig) read from the form: a URL alone is a service, and a key
 * alone is OpenAI's.
 */
export function offlineReasonOf(form: AiServiceFormFields, available: AiServiceAvailable): "unconfigured" | "switch" | null {
  const keptKey = available.savedKey && !form.removeApiKey;
  // An unreadable saved key stands in the way of the environment's key too, as on the server.
  const key = form.apiKey.trim() !== "" || (keptKey ? !available.savedKeyUnreadable : available.environmentKey);
  const configured = form.baseUrl.trim() !== "" || available.environmentBaseUrl || key;
  if (!configured) return "unconfigured";
  return form.offline ? "switch" : null;
}

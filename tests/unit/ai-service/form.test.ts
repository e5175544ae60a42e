import { describe, expect, it } from "vitest";
import { formFromSaved, offlineReasonOf, requestFromForm, testedValues } from "@/lib/ai-service/form";
import { aiServiceSettingsSchema, aiServiceTestSchema, baseUrlProblem } from "@/lib/schemas/ai-service";

const saved = { baseUrl: "https://api.example.com/v1", chatModel: "gpt-4o-mini", visionModel: "", embeddingModel: "", maxOutputTokens: 800, offline: false };

describe("the AI-service form", () => {
  it("starts from what is saved, with an empty key", () => {
    expect(formFromSaved(saved)).toEqual({ ...saved, maxOutputTokens: "800", apiKey: "", removeApiKey: false, allowPrivateNetwork: false });
    expect(requestFromForm(formFromSaved({ ...saved, allowPrivateNetwork: true }))).toMatchObject({ allowPrivateNetwork: true });
    expect(formFromSaved({ ...saved, maxOutputTokens: null }).maxOutputTokens).toBe("");
  });

  it("sends a typed key, or the removal of the saved one, never both", () => {
    const form = formFromSaved(saved);
    expect(requestFromForm(form)).not.toHaveProperty("apiKey");
    expect(requestFromForm({ ...form, apiKey: "  sk-new  " })).toMatchObject({ apiKey: "sk-new" });
    expect(requestFromForm({ ...form, removeApiKey: true })).toMatchObject({ removeApiKey: true });
    expect(requestFromForm({ ...form, apiKey: "sk-new", removeApiKey: true })).not.toHaveProperty("removeApiKey");
  });

  it("turns the cap into a number, empty into the default, and lets the schema refuse the rest", () => {
    const form = formFromSaved(saved);
    expect(requestFromForm({ ...form, maxOutputTokens: "" }).maxOutputTokens).toBeNull();
    expect(aiServiceSettingsSchema.safeParse(requestFromForm({ ...form, maxOutputTokens: "1200" })).success).toBe(true);
    const bad = aiServiceSettingsSchema.safeParse(requestFromForm({ ...form, maxOutputTokens: "lots" }));
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]).toMatchObject({ path: ["maxOutputTokens"], message: "aiService.validation.maxOutputTokensInvalid" });
  });

  it("ties a test result to the values tested, whatever the offline switch says", () => {
    const form = formFromSaved(saved);
    expect(testedValues({ ...form, offline: true })).toBe(testedValues(form));
    expect(testedValues({ ...form, chatModel: "other" })).not.toBe(testedValues(form));
    expect(aiServiceTestSchema.safeParse(requestFromForm(form)).success).toBe(true);
  });

  it("accepts the model names providers use and refuses spaces", () => {
    for (const name of ["gpt-4o-mini", "llama3.1:8b", "meta-llama/Llama-3.1-8B-Instruct", "text-embedding-3-small", "qwen2.5:7b-instruct-q4_K_M", "models/gemini-1.5@latest"]) {
      expect(aiServiceSettingsSchema.safeParse({ ...requestFromForm(formFromSaved(saved)), chatModel: name }).success, name).toBe(true);
    }
    for (const name of ["gpt 4o", " -x", "模型", "a\u0000b", "x".repeat(201)]) {
      expect(aiServiceSettingsSchema.safeParse({ ...requestFromForm(formFromSaved(saved)), chatModel: name }).success, name).toBe(false);
    }
  });

  it("accepts http(s) base URLs only, without credentials, query or fragment, and drops a trailing slash", () => {
    expect(baseUrlProblem("http://localhost:11434/v1")).toBeNull();
    expect(baseUrlProblem("https://x.openai.azure.com/openai/v1")).toBeNull();
    expect(baseUrlProblem("localhost:11434")).toBe("scheme");
    expect(baseUrlProblem("file:///etc/passwd")).toBe("scheme");
    expect(baseUrlProblem("https://k:s@api.example.com")).toBe("credentials");
    expect(baseUrlProblem("https://api.example.com/v1#x")).toBe("query");
    expect(baseUrlProblem("nonsense")).toBe("invalid");
    const parsed = aiServiceSettingsSchema.parse({ ...requestFromForm(formFromSaved(saved)), baseUrl: " https://api.example.com/v1/ " });
    expect(parsed.baseUrl).toBe("https://api.example.com/v1");
  });
});

describe("whether the offline model would answer (the switch's state)", () => {
  const none = { savedKey: false, savedKeyUnreadable: false, environmentBaseUrl: false, environmentKey: false };
  const empty = formFromSaved({ baseUrl: "", chatModel: "", visionModel: "", embeddingModel: "", maxOutputTokens: null, offline: false });

  it("with nothing to call anywhere, because there is no service, whatever the switch was saved as", () => {
    expect(offlineReasonOf(empty, none)).toBe("unconfigured");
    expect(offlineReasonOf({ ...empty, offline: true }, none)).toBe("unconfigured");
    expect(offlineReasonOf({ ...empty, baseUrl: "   " }, none)).toBe("unconfigured");
  });

  it("a URL or a key, typed, saved or in the environment, is a service: then only the switch makes it offline", () => {
    for (const [form, available] of [
      [{ ...empty, baseUrl: "http://localhost:11434/v1" }, none],
      [{ ...empty, apiKey: "sk-typed" }, none],
      [empty, { ...none, savedKey: true }],
      [empty, { ...none, environmentBaseUrl: true }],
      [empty, { ...none, environmentKey: true }],
    ] as const) {
      expect(offlineReasonOf(form, available)).toBeNull();
      expect(offlineReasonOf({ ...form, offline: true }, available)).toBe("switch");
    }
  });

  it("a saved key marked for removal, or one that cannot be opened, is none (and keeps the environment's key from standing in, as on the server)", () => {
    expect(offlineReasonOf({ ...empty, removeApiKey: true }, { ...none, savedKey: true })).toBe("unconfigured");
    expect(offlineReasonOf({ ...empty, removeApiKey: true }, { ...none, savedKey: true, environmentKey: true })).toBeNull();
    expect(offlineReasonOf(empty, { ...none, savedKey: true, savedKeyUnreadable: true, environmentKey: true })).toBe("unconfigured");
  });
});

import { afterEach, describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import { AiServiceForm } from "@/components/admin/ai-service/ai-service-form";
import type { AiServiceView, ConnectionResult } from "@/lib/server/present/api-types";
import { renderInLocale } from "../support/render";
import { fakeApi } from "../support/fake-api";

// The AI-service form in the browser: the offline switch shows whether the built-in model would
// answer, and a connection test's outcome reads as a kind of failure, in the reader's language.

function view(changes: { saved?: Partial<AiServiceView["saved"]>; environment?: Partial<AiServiceView["environment"]> } = {}): AiServiceView {
  const saved = { baseUrl: "", chatModel: "", visionModel: "", embeddingModel: "", maxOutputTokens: null, offline: false, allowPrivateNetwork: false, apiKeyLast4: null, hasApiKey: false, apiKeyUnreadable: false, ...changes.saved };
  const environment = { baseUrl: null, apiKeyLast4: null, chatModel: null, visionModel: null, embeddingModel: null, ...changes.environment };
  const configured = Boolean(saved.baseUrl || saved.hasApiKey || environment.baseUrl || environment.apiKeyLast4);
  return {
    saved,
    environment,
    defaults: { chatModel: "gpt-4o-mini", maxOutputTokens: 800 },
    effective: {
      offline: saved.offline || !configured,
      offlineReason: !configured ? "unconfigured" : saved.offline ? "switch" : null,
      baseUrl: saved.baseUrl || environment.baseUrl,
      apiKeyLast4: saved.apiKeyLast4 ?? environment.apiKeyLast4,
      chatModel: "gpt-4o-mini",
      visionModel: "gpt-4o-mini",
      embeddingModel: null,
      maxOutputTokens: 800,
      sources: { baseUrl: "unset", apiKey: "unset", chatModel: "default", visionModel: "default", embeddingModel: "unset", maxOutputTokens: "default" },
    },
  };
}

const offlineSwitch = () => screen.getByRole("switch", { name: "使用內建離線模型" });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("AiServiceForm: the offline switch", () => {
  it("is on, and says why, while no service is configured anywhere; typing a base URL frees it", async () => {
    const { user } = renderInLocale(<AiServiceForm view={view()} onSaved={() => {}} />);
    expect(offlineSwitch().getAttribute("aria-checked")).toBe("true");
    expect((offlineSwitch() as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId("ai-offline-hint").textContent).toBe("尚未設定 AI 服務，所以目前由內建離線模型回答。在下方填入服務網址或 API 金鑰後，才能關閉此開關改用外部服務。");

    await user.type(screen.getByTestId("ai-base-url"), "http://localhost:11434/v1");
    expect(offlineSwitch().getAttribute("aria-checked")).toBe("false");
    expect((offlineSwitch() as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByTestId("ai-offline-hint").textContent).toContain("開啟後，所有回答");
    await user.click(offlineSwitch());
    expect(offlineSwitch().getAttribute("aria-checked")).toBe("true");

    await user.clear(screen.getByTestId("ai-base-url"));
    expect(offlineSwitch().getAttribute("aria-checked")).toBe("true");
    expect((offlineSwitch() as HTMLButtonElement).disabled).toBe(true);
  });

  it("is off when the environment's service answers, and on when the offline model was chosen over a saved service", async () => {
    const first = renderInLocale(<AiServiceForm view={view({ environment: { apiKeyLast4: "WXYZ" } })} onSaved={() => {}} />);
    expect(offlineSwitch().getAttribute("aria-checked")).toBe("false");
    first.unmount();

    const { user } = renderInLocale(<AiServiceForm view={view({ saved: { baseUrl: "http://localhost:11434/v1", offline: true } })} onSaved={() => {}} />);
    expect(offlineSwitch().getAttribute("aria-checked")).toBe("true");
    expect((offlineSwitch() as HTMLButtonElement).disabled).toBe(false);
    await user.click(offlineSwitch());
    expect(offlineSwitch().getAttribute("aria-checked")).toBe("false");
  });
});

describe("AiServiceForm: a connection test's outcome", () => {
  async function testing(result: ConnectionResult, locale: "zh-TW" | "en" = "zh-TW") {
    const seen = fakeApi(({ path }) => (path === "/api/settings/ai-service/test" ? { status: 200, body: result } : { status: 404, body: {} }));
    const { user, unmount } = renderInLocale(<AiServiceForm view={view({ saved: { baseUrl: "http://localhost:11434/v1" } })} onSaved={() => {}} />, { locale });
    await user.click(screen.getByTestId("ai-test"));
    const panel = await screen.findByTestId("ai-test-result");
    const text = { title: screen.getByTestId("ai-test-title").textContent, problem: screen.queryByTestId("ai-test-problem")?.textContent ?? null, all: panel.textContent };
    expect(seen.map((r) => `${r.method} ${r.path}`)).toEqual(["POST /api/settings/ai-service/test"]);
    unmount();
    vi.unstubAllGlobals();
    return text;
  }

  const failure = (problem: Extract<ConnectionResult, { ok: false }>["problem"], status: number | null = null): ConnectionResult => ({ ok: false, latencyMs: 37, model: "llama3.1", problem, status });

  it("a success says so with the time it took", async () => {
    const text = await testing({ ok: true, latencyMs: 412, model: "llama3.1" });
    expect(text.title).toBe("連線成功412 毫秒");
    expect(text.all).toContain("模型 llama3.1 在 412 毫秒內回應。");
  });

  it("each failure is a kind a person can act on", async () => {
    const expected: [ConnectionResult, string][] = [
      [failure("unreachable"), "無法連線到服務網址：請確認網址與連接埠正確，而且服務正在執行。"],
      [failure("unauthorized", 401), "服務拒絕了 API 金鑰（401）。"],
      [failure("model_not_found", 404), "服務找不到模型「llama3.1」（404）。"],
      [failure("error", 500), "服務回應了錯誤（500），請稍後再試，或查看服務的狀態。"],
      [failure("timeout"), "服務在 10 秒內沒有回應。"],
      [failure("not_api"), "這個網址有回應，但不是 OpenAI 相容的 API，請確認服務網址（通常以 /v1 結尾）。"],
      [failure("key_required"), "服務網址改了：請重新輸入 API 金鑰，已儲存的金鑰只會送到儲存時的網址。"],
      [failure("address_refused"), "這個網址位於私人或特殊用途的網路位址，不會連線；服務在你自己的網路上時，請勾選「服務位於我的內部網路」。"],
    ];
    for (const [result, problem] of expected) {
      const text = await testing(result);
      expect(text.title).toBe("連線失敗37 毫秒");
      expect(text.problem).toBe(problem);
    }
  });

  it("nothing to test is not a failed connection", async () => {
    const text = await testing(failure("unconfigured"));
    expect(text.title).toBe("沒有可測試的服務");
    expect(text.problem).toBe("請先填入服務網址或 API 金鑰。");
  });

  it("in English for an English reader", async () => {
    const text = await testing(failure("unreachable"), "en");
    expect(text.title).toBe("Connection failed37 ms");
    expect(text.problem).toBe("Could not reach the base URL: check the address and port, and that the service is running.");
  });
});

import { apiFetch } from "@/lib/fetcher";
import { withImageAnalysis } from "./compose-message";

// The browser's half of POST /api/analyze-image: the image goes up as multipart, the analysis
// comes back and is appended to the message after [圖片分析]. Used when sending and when
// replaying a message saved before sign-in.

export async function messageWithImageAnalysis(url: string, image: Blob, fileName: string, text: string): Promise<string> {
  const form = new FormData();
  form.append("image", image, fileName);
  if (text.trim()) form.append("message", text.trim());
  const { analysis } = await apiFetch<{ analysis: string }>(url, { method: "POST", body: form });
  return withImageAnalysis(text, analysis);
}

/**
 * A data URL back into the file it was read from (a pending message keeps its image this way).
 * Decoded here rather than fetched: the pages' CSP (connect-src 'self') refuses fetch("data:…").
 */
export async function dataUrlToFile(dataUrl: string, fileName: string): Promise<File> {
  const match = /^data:([^;,]*)((?:;[^;,]*)*),(.*)$/s.exec(dataUrl);
  if (!match) throw new Error("not a data URL");
  const [, type, parameters, data] = match;
  const bytes = parameters.split(";").includes("base64") ? Uint8Array.from(atob(data), (c) => c.charCodeAt(0)) : new TextEncoder().encode(decodeURIComponent(data));
  return new File([bytes], fileName, { type });
}

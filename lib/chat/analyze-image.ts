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

/** A data URL back into the file it was read from (a pending message keeps its image this way). */
export async function dataUrlToFile(dataUrl: string, fileName: string): Promise<File> {
  const blob = await (await fetch(dataUrl)).blob();
  return new File([blob], fileName, { type: blob.type });
}

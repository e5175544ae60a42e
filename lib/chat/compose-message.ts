import { CHAT_IMAGE_MAX_BYTES } from "@/lib/constants";

// The text sent with an analysed image: the user's words, then the analysis after the marker
// [圖片分析] (docs/rules/chat.md#images).

export const IMAGE_ANALYSIS_MARKER = "[圖片分析]";

export function withImageAnalysis(text: string, analysis: string): string {
  const trimmed = text.trim();
  return `${trimmed}${trimmed ? "\n\n" : ""}${IMAGE_ANALYSIS_MARKER} ${analysis.trim()}`;
}

/**
 * A sent message taken apart: the user's own words, and the image analysis appended to them (null
 * without one). The words are what to search the documents for (the analysis's colours and sizes
 * would drown the question); the analysis is what a question about the image is answered from.
 */
export function splitImageAnalysis(content: string): { question: string; analysis: string | null } {
  const at = content.indexOf(IMAGE_ANALYSIS_MARKER);
  if (at < 0) return { question: content, analysis: null };
  return { question: content.slice(0, at).trim(), analysis: content.slice(at + IMAGE_ANALYSIS_MARKER.length).trim() || null };
}

export type ImageProblem = "format" | "too_large";

/** Whether a chosen file can be attached: an image (any image type the chooser offers), at most 10 MB. */
export function checkChosenImage(file: { type: string; size: number }): ImageProblem | null {
  if (!file.type.startsWith("image/")) return "format";
  if (file.size > CHAT_IMAGE_MAX_BYTES) return "too_large";
  return null;
}

/** Simulated analysis progress: climbs toward 90 % and waits there for the answer (docs/rules/chat.md#images). */
export function nextProgress(current: number, cap = 90): number {
  if (current >= cap) return cap;
  return Math.min(cap, current + Math.max(1, Math.round((cap - current) / 8)));
}

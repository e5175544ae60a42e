// The in-app browsers of LINE, Facebook (and Messenger) and Instagram: the chat shows them a
// compatibility tip and skips generating suggestions there (docs/rules/chat.md#in-app-browsers).

export type InAppBrowser = "line" | "facebook" | "instagram";

export function detectInAppBrowser(userAgent: string): InAppBrowser | null {
  if (/\bLine\//i.test(userAgent)) return "line";
  if (/Instagram/i.test(userAgent)) return "instagram";
  if (/FBAN|FBAV|FB_IAB|FBIOS|FB4A|Messenger/i.test(userAgent)) return "facebook";
  return null;
}

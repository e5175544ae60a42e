// A toast that must survive a full page load (e.g. sign-out, which reloads to clear every cache):
// kept in sessionStorage and shown by <FlashToasts /> on the next page.

export interface FlashToast {
  type: "success" | "error";
  title: string;
  description?: string;
}

const KEY = "flashToasts";

export function queueFlashToast(toast: FlashToast) {
  try {
    const list = JSON.parse(sessionStorage.getItem(KEY) ?? "[]") as FlashToast[];
    sessionStorage.setItem(KEY, JSON.stringify([...list, toast].slice(-5)));
  } catch {
    // No storage: the toast is lost, nothing else is.
  }
}

export function takeFlashToasts(): FlashToast[] {
  try {
    const list = JSON.parse(sessionStorage.getItem(KEY) ?? "[]") as FlashToast[];
    sessionStorage.removeItem(KEY);
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

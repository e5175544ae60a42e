import type { toast as SonnerToast } from "sonner";

// sonner's toast API, with sonner itself (~9 KB compressed, and its <Toaster>) fetched when the
// first toast is shown instead of with every page. Calls made while it loads run in order once it
// is here (a loading toast and the success that replaces it keep their order), and the Toaster,
// mounted then, shows the toasts created before it subscribed (sonner replays them).

type Sonner = typeof SonnerToast;
type Kind = "success" | "error" | "info" | "warning" | "loading";

let sonner: Promise<Sonner> | undefined;
let wanted = false;
const listeners = new Set<() => void>();
const showListeners = new Set<() => void>();

function loadSonner(): Promise<Sonner> {
  // Every toast, not only the first: the Toaster places it below the top bar as the page is now.
  for (const listener of showListeners) listener();
  if (!sonner) {
    sonner = import("sonner").then((m) => m.toast);
    // A failed fetch (offline, a new deployment's chunks) is retried by the next toast.
    sonner.catch(() => (sonner = undefined));
    wanted = true;
    for (const listener of listeners) listener();
  }
  return sonner;
}

function show<K extends Kind>(kind: K, args: Parameters<Sonner[K]>): void {
  void loadSonner().then(
    (t) => (t[kind] as (...a: Parameters<Sonner[K]>) => unknown)(...args),
    () => undefined,
  );
}

export const toast = Object.assign((...args: Parameters<Sonner>) => void loadSonner().then((t) => t(...args), () => undefined), {
  success: (...args: Parameters<Sonner["success"]>) => show("success", args),
  error: (...args: Parameters<Sonner["error"]>) => show("error", args),
  info: (...args: Parameters<Sonner["info"]>) => show("info", args),
  warning: (...args: Parameters<Sonner["warning"]>) => show("warning", args),
  loading: (...args: Parameters<Sonner["loading"]>) => show("loading", args),
  /** Takes a toast away (one that waits for an outcome, when the outcome will not come). */
  dismiss: (id: string) => void sonner?.then((t) => t.dismiss(id), () => undefined),
});

/** Whether a toast has been asked for yet: the lazy Toaster mounts from then on. */
export const toasterWanted = () => wanted;

export function onToasterWanted(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called as each toast is asked for, before it is shown. */
export function onToastShown(listener: () => void): () => void {
  showListeners.add(listener);
  return () => showListeners.delete(listener);
}

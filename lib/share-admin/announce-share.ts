// What happens once a share link exists (docs/rules/sharing.md#the-quick-link): copy it, then try to open it.
// Kept free of React and the DOM so the order and the failure rules can be unit tested.

export interface ShareAnnouncer {
  copy: (text: string) => Promise<void>;
  open: (url: string) => void;
  log: (message: string, error: unknown) => void;
}

/**
 * Copies the link and opens it in a new tab. A clipboard failure is only logged and a
 * blocked pop-up is not an error either: the share exists whatever the browser allows.
 * Resolves to whether the link reached the clipboard, so the toast can say where it is.
 */
export async function announceShare(url: string, { copy, open, log }: ShareAnnouncer): Promise<boolean> {
  let copied = false;
  try {
    await copy(url);
    copied = true;
  } catch (error) {
    log("share link not copied", error);
  }
  try {
    open(url);
  } catch (error) {
    log("share link not opened", error);
  }
  return copied;
}

/** The browser's clipboard and window, as an announcer. */
export function browserAnnouncer(): ShareAnnouncer {
  return {
    // navigator.clipboard is missing outside secure contexts; the rejection is then logged too.
    copy: (text) => (navigator.clipboard ? navigator.clipboard.writeText(text) : Promise.reject(new Error("clipboard unavailable"))),
    // With noopener the new tab cannot reach back into this one; window.open then returns null
    // whether or not it opened, so there is nothing to check.
    open: (url) => void window.open(url, "_blank", "noopener"),
    log: (message, error) => console.warn(message, error),
  };
}

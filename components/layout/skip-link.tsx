"use client";

/** The input bar's box (the message box, or what stands in its place): where "skip to the message box" goes. */
export const MESSAGE_BOX_ID = "message-box";

/**
 * A link that skips past the header, hidden until focused from the keyboard (it is among the
 * first Tab stops). `to: "message-box"` puts focus in the chat's message box itself: a fragment
 * link would only scroll to it, and the next Tab would go on from there.
 */
export function SkipLink({ to, children }: { to: "main" | "message-box"; children: React.ReactNode }) {
  const href = `#${to === "main" ? "main" : MESSAGE_BOX_ID}`;
  return (
    <a
      href={href}
      onClick={(event) => {
        if (to !== "message-box") return;
        // The text box; where none can be used (a share whose sign-in is unavailable), what stands in its place.
        const box = document.getElementById(MESSAGE_BOX_ID);
        const target = box?.querySelector("textarea") ?? box?.querySelector<HTMLElement>("a[href], button:not([disabled])");
        if (!target) return;
        event.preventDefault();
        target.focus();
      }}
      className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-background focus:p-2 focus:shadow-md focus:ring-2 focus:ring-ring"
      data-testid={`skip-to-${to}`}
    >
      {children}
    </a>
  );
}

"use client";

import { useEffect, useState, useSyncExternalStore } from "react";
import dynamic from "next/dynamic";
import { TOAST_DEFAULT_MS } from "@/lib/constants";
import { onToastShown, onToasterWanted, toasterWanted } from "@/lib/toast";
import { topBarBottom } from "@/components/layout/top-bar";
import { useTheme } from "@/components/layout/use-theme";

// A failed fetch shows no toasts rather than the error page; the next page load tries again.
const Toaster = dynamic(
  () =>
    import("sonner").then(
      (m) => m.Toaster,
      () => () => null,
    ),
  { ssr: false },
);

/** Space between the top bar and the first toast. */
const TOAST_GAP_PX = 12;

/** How far from the window's top toasts open: below the page's top navigation, so its buttons and tabs stay usable. */
function useToastTop(active: boolean): number {
  const [top, setTop] = useState(TOAST_GAP_PX);
  useEffect(() => {
    if (!active) return;
    const measure = () => setTop(topBarBottom() + TOAST_GAP_PX);
    measure();
    // A narrower window can wrap the shared page's header onto a second row, and so can longer
    // labels after a language switch, a signed-in name, or another page's header after navigating:
    // measured again on resize and as each toast is asked for. The workspace's tabs scroll with
    // the page: measured again as it scrolls (once a frame), so that tabs scrolled back into view
    // come out from under the toasts rather than behind them.
    let frame = 0;
    const onScroll = () => {
      if (frame) return;
      frame = window.requestAnimationFrame(() => {
        frame = 0;
        measure();
      });
    };
    window.addEventListener("resize", measure);
    window.addEventListener("scroll", onScroll, { passive: true });
    const stop = onToastShown(measure);
    return () => {
      window.removeEventListener("resize", measure);
      window.removeEventListener("scroll", onScroll);
      window.cancelAnimationFrame(frame);
      stop();
    };
  }, [active]);
  return top;
}

/** sonner's Toaster, loaded with the first toast (lib/toast.ts) rather than with the page. */
export function LazyToaster() {
  const wanted = useSyncExternalStore(onToasterWanted, toasterWanted, () => false);
  const top = useToastTop(wanted);
  // sonner draws its toasts light unless told otherwise: they take the page's theme (null only
  // before hydration, when the system's preference is what the page shows too).
  const theme = useTheme() ?? "system";
  return wanted ? <Toaster theme={theme} richColors closeButton position="top-center" duration={TOAST_DEFAULT_MS} offset={{ top }} mobileOffset={{ top }} /> : null;
}

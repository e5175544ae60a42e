/**
 * A dialog's onCloseAutoFocus that puts focus on `target()` instead: for a dialog opened from a
 * menu item, which is gone by the time it closes (Radix would leave focus on the page's top).
 */
export function returnFocusTo(target?: () => HTMLElement | null) {
  return (event: Event) => {
    const element = target?.();
    if (!element) return;
    event.preventDefault();
    element.focus();
  };
}

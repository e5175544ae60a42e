import { afterEach, vi } from "vitest";
import { cleanup } from "@testing-library/react";

// Components read the router through next/navigation, which needs Next's app router mounted;
// here a component is rendered alone, so the router is a recorder the test can read.
vi.mock("next/navigation", async () => (await import("./navigation")).navigationModule);

// jsdom lacks what Radix and the chat measure with; these stand in as a browser would answer
// for a layout with no size.
class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= NoResizeObserver as unknown as typeof ResizeObserver;
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};
window.matchMedia ??= (query: string) =>
  ({ matches: false, media: query, onchange: null, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {}, dispatchEvent: () => false }) as MediaQueryList;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

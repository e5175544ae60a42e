import { afterEach, describe, expect, it } from "vitest";
import { act, render } from "@testing-library/react";
import { LazyToaster } from "@/components/providers/lazy-toaster";
import { toast } from "@/lib/toast";

// Toasts in the page's theme: in dark mode a toast drawn light is a glaring box over a dark page.

afterEach(() => document.documentElement.classList.remove("dark", "light"));

async function toasterTheme() {
  render(<LazyToaster />);
  await act(async () => toast.error("權限不足"));
  const toaster = await waitForToaster();
  return toaster.getAttribute("data-sonner-theme");
}

async function waitForToaster(): Promise<Element> {
  for (let i = 0; i < 50; i++) {
    const found = document.querySelector("[data-sonner-toaster]");
    if (found) return found;
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  }
  throw new Error("no toaster");
}

describe("LazyToaster's theme", () => {
  it("draws toasts dark when the page is dark", async () => {
    document.documentElement.classList.add("dark");
    expect(await toasterTheme()).toBe("dark");
  });

  it("draws toasts light when the page is light", async () => {
    document.documentElement.classList.add("light");
    expect(await toasterTheme()).toBe("light");
  });
});

import { describe, expect, it, vi } from "vitest";

// lib/toast.ts: sonner's API with sonner fetched on the first toast. What must hold: nothing is
// fetched before a toast, every call lands in sonner in the order made (a loading toast and the
// success that replaces it), and the lazy Toaster is told to mount.

describe("lib/toast (sonner on first use)", () => {
  it("forwards every kind of toast to sonner, in order, and asks for the Toaster once", async () => {
    vi.resetModules();
    const { toast, toasterWanted, onToasterWanted, onToastShown } = await import("@/lib/toast");
    const wanted = vi.fn();
    const stop = onToasterWanted(wanted);
    // The Toaster measures the top bar as each toast is asked for (lazy-toaster.tsx).
    const shown = vi.fn();
    const stopShown = onToastShown(shown);
    expect(toasterWanted()).toBe(false);

    toast.loading("處理中 10%", { id: "doc-1" });
    toast.success("已上傳", { id: "doc-1", description: "a.pdf" });
    toast.error("失敗");
    toast.info("提示");
    toast.warning("注意");
    toast("已還原");
    expect(toasterWanted()).toBe(true);
    expect(wanted).toHaveBeenCalledTimes(1);
    expect(shown).toHaveBeenCalledTimes(6);
    stop();
    stopShown();

    const sonner = (await import("sonner")).toast;
    await vi.waitFor(() => expect(sonner.getHistory()).toHaveLength(5));
    const history = sonner.getHistory() as { id: string | number; title?: unknown; type?: string; description?: unknown }[];
    // The success replaced the loading toast of the same id: sonner saw them in that order.
    expect(history.map((t) => [t.title, t.type])).toEqual([
      ["已上傳", "success"],
      ["失敗", "error"],
      ["提示", "info"],
      ["注意", "warning"],
      ["已還原", undefined],
    ]);
    expect(history[0]).toMatchObject({ id: "doc-1", description: "a.pdf" });
  });
});

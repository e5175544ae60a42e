import { describe, expect, it } from "vitest";
import { THEME_SCRIPT, applyTheme } from "@/lib/theme";

// The inline script that puts the stored theme on <html> before the first paint: run as the
// browser runs it (a string, no modules), against a stand-in for <html> and localStorage.

function fakeRoot(initial: string[] = []) {
  const classes = new Set(initial);
  return {
    classList: {
      add: (...names: string[]) => names.forEach((name) => classes.add(name)),
      remove: (...names: string[]) => names.forEach((name) => classes.delete(name)),
    },
    style: { colorScheme: "" },
    classes,
  };
}

function runScript(storage: { getItem: (key: string) => string | null }) {
  const root = fakeRoot(["light"]);
  new Function("localStorage", "document", THEME_SCRIPT)(storage, { documentElement: root });
  return { classes: [...root.classes], colorScheme: root.style.colorScheme };
}

describe("the inline theme script", () => {
  it("applies a stored dark theme before anything paints", () => {
    expect(runScript({ getItem: (key) => (key === "theme" ? "dark" : null) })).toEqual({ classes: ["dark"], colorScheme: "dark" });
  });

  it("falls back to the light default for nothing stored, a value it does not know, or storage that refuses to be read", () => {
    expect(runScript({ getItem: () => null })).toEqual({ classes: ["light"], colorScheme: "light" });
    expect(runScript({ getItem: () => "system" })).toEqual({ classes: ["light"], colorScheme: "light" });
    expect(
      runScript({
        getItem: () => {
          throw new Error("SecurityError");
        },
      }),
    ).toEqual({ classes: ["light"], colorScheme: "light" });
  });

  it("does what applyTheme does after the page has loaded", () => {
    const root = fakeRoot(["light"]);
    applyTheme("dark", root as unknown as HTMLElement);
    expect([...root.classes]).toEqual(["dark"]);
    expect(root.style.colorScheme).toBe("dark");
  });
});

import { describe, expect, it } from "vitest";
import { THEME_SCRIPT, applyTheme, themeFromCookie } from "@/lib/theme";

const themeCookie = (theme: string) => `theme=${theme}; Path=/; Max-Age=31536000; SameSite=Lax`;

// The theme: what the server draws from the cookie, and the inline script for a choice stored
// before the cookie existed, run as the browser runs it (a string, no modules) against stand-ins
// for <html>, document.cookie and localStorage.

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

/** Runs the script on a page the server drew in `drawn`, with `cookie` as document.cookie. */
function runScript(storage: { getItem: (key: string) => string | null }, drawn = "light", cookie = "") {
  const root = fakeRoot([drawn]);
  const written: string[] = [];
  const document = {
    documentElement: root,
    get cookie() {
      return cookie;
    },
    set cookie(value: string) {
      written.push(value);
    },
  };
  new Function("localStorage", "document", THEME_SCRIPT)(storage, document);
  return { classes: [...root.classes], colorScheme: root.style.colorScheme, written };
}

const storing = (value: string | null) => ({ getItem: (key: string) => (key === "theme" ? value : null) });

describe("the theme the server draws", () => {
  it("is the cookie's, or light for none or a value it does not know", () => {
    expect(themeFromCookie("dark")).toBe("dark");
    expect(themeFromCookie("light")).toBe("light");
    expect(themeFromCookie(undefined)).toBe("light");
    expect(themeFromCookie("system")).toBe("light");
  });

});

describe("the inline theme script", () => {
  it("applies a dark theme stored before the cookie existed, and writes the cookie so the server draws the next page dark", () => {
    expect(runScript(storing("dark"), "light", "NEXT_LOCALE=en")).toEqual({ classes: ["dark"], colorScheme: "dark", written: [themeCookie("dark")] });
  });

  it("writes nothing when the cookie already says the stored theme", () => {
    expect(runScript(storing("dark"), "dark", "NEXT_LOCALE=en; theme=dark").written).toEqual([]);
    // Another tab chose light since: the cookie follows the stored choice.
    expect(runScript(storing("light"), "dark", "theme=dark")).toEqual({ classes: ["light"], colorScheme: "light", written: [themeCookie("light")] });
  });

  it("leaves what the server drew for nothing stored, a value it does not know, or storage that refuses to be read", () => {
    const refusing = {
      getItem: () => {
        throw new Error("SecurityError");
      },
    };
    for (const storage of [storing(null), storing("system"), refusing]) {
      expect(runScript(storage, "dark", "theme=dark")).toEqual({ classes: ["dark"], colorScheme: "", written: [] });
    }
  });

  it("does what applyTheme does after the page has loaded", () => {
    const root = fakeRoot(["light"]);
    applyTheme("dark", root as unknown as HTMLElement);
    expect([...root.classes]).toEqual(["dark"]);
    expect(root.style.colorScheme).toBe("dark");
  });
});

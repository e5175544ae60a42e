import { describe, expect, it } from "vitest";
import { THEME_COLORS, THEME_SCRIPT, applyTheme, htmlTheme, shownTheme, themeColorFor, themeFromCookie } from "@/lib/theme";

const themeCookie = (theme: string) => `theme=${theme}; Path=/; Max-Age=31536000; SameSite=Lax`;

// The theme: the system's until the reader picks one, then theirs; what the server draws from the
// cookie (the class of <html> and the browser bar's colour), and the inline script for a choice
// stored before the cookie existed, run as the browser runs it (a string, no modules) against
// stand-ins for <html>, the theme-color tags, document.cookie and localStorage.

function fakeDocument(initial: string[] = [], cookie = "") {
  const classes = new Set(initial);
  const written: string[] = [];
  // Drawn with no choice: a colour per system preference.
  const metas = ["#ffffff", "#16171d"].map((content) => {
    const meta = {
      content,
      setAttribute: (name: string, value: string) => {
        if (name === "content") meta.content = value;
      },
    };
    return meta;
  });
  const root = {
    classList: {
      add: (...names: string[]) => names.forEach((name) => classes.add(name)),
      remove: (...names: string[]) => names.forEach((name) => classes.delete(name)),
    },
    style: { colorScheme: "" },
  };
  const document = {
    documentElement: root,
    querySelectorAll: (selector: string) => (selector === 'meta[name="theme-color"]' ? metas : []),
    get cookie() {
      return cookie;
    },
    set cookie(value: string) {
      written.push(value);
    },
  };
  const seen = () => ({ classes: [...classes], colorScheme: root.style.colorScheme, written, barColors: metas.map((m) => m.content) });
  return { document, seen };
}

/** Runs the script on a page the server drew in `drawn`, with `cookie` as document.cookie. */
function runScript(storage: { getItem: (key: string) => string | null }, drawn = "light", cookie = "") {
  const { document, seen } = fakeDocument([drawn], cookie);
  new Function("localStorage", "document", THEME_SCRIPT)(storage, document);
  return seen();
}

const storing = (value: string | null) => ({ getItem: (key: string) => (key === "theme" ? value : null) });

describe("the theme shown", () => {
  it("follows the system until the reader picks one; then their choice holds whatever the system says", () => {
    expect(shownTheme(null, true)).toBe("dark");
    expect(shownTheme(null, false)).toBe("light");
    expect(shownTheme("light", true)).toBe("light");
    expect(shownTheme("dark", false)).toBe("dark");
  });
});

describe("the theme the server draws", () => {
  it("is the cookie's choice, or none (the system's) for no cookie or a value it does not know", () => {
    expect(themeFromCookie("dark")).toBe("dark");
    expect(themeFromCookie("light")).toBe("light");
    expect(themeFromCookie(undefined)).toBeNull();
    expect(themeFromCookie("system")).toBeNull();
  });

  it("draws a choice as the class of <html>; with none, no class, and native controls follow the system", () => {
    expect(htmlTheme("dark")).toEqual({ className: "dark", colorScheme: "dark" });
    expect(htmlTheme("light")).toEqual({ className: "light", colorScheme: "light" });
    expect(htmlTheme(null)).toEqual({ className: undefined, colorScheme: "light dark" });
  });

  it("colours the browser bar as the page: the chosen theme's background, or the system's under its media query", () => {
    expect(themeColorFor("dark")).toBe(THEME_COLORS.dark);
    expect(themeColorFor("light")).toBe(THEME_COLORS.light);
    expect(themeColorFor(null)).toEqual([
      { media: "(prefers-color-scheme: light)", color: THEME_COLORS.light },
      { media: "(prefers-color-scheme: dark)", color: THEME_COLORS.dark },
    ]);
  });
});

describe("the inline theme script", () => {
  it("applies a dark theme stored before the cookie existed, and writes the cookie so the server draws the next page dark", () => {
    expect(runScript(storing("dark"), "light", "NEXT_LOCALE=en")).toEqual({ classes: ["dark"], colorScheme: "dark", written: [themeCookie("dark")], barColors: [THEME_COLORS.dark, THEME_COLORS.dark] });
  });

  it("writes nothing when the cookie already says the stored theme", () => {
    expect(runScript(storing("dark"), "dark", "NEXT_LOCALE=en; theme=dark").written).toEqual([]);
    // Another tab chose light since: the cookie follows the stored choice.
    expect(runScript(storing("light"), "dark", "theme=dark")).toEqual({ classes: ["light"], colorScheme: "light", written: [themeCookie("light")], barColors: [THEME_COLORS.light, THEME_COLORS.light] });
  });

  it("leaves what the server drew for nothing stored, a value it does not know, or storage that refuses to be read", () => {
    const refusing = {
      getItem: () => {
        throw new Error("SecurityError");
      },
    };
    for (const storage of [storing(null), storing("system"), refusing]) {
      expect(runScript(storage, "dark", "theme=dark")).toEqual({ classes: ["dark"], colorScheme: "", written: [], barColors: ["#ffffff", "#16171d"] });
    }
  });

  it("does what applyTheme does after the page has loaded", () => {
    const { document, seen } = fakeDocument(["light"]);
    applyTheme("dark", THEME_COLORS, document as unknown as Document);
    expect(seen()).toEqual({ classes: ["dark"], colorScheme: "dark", written: [], barColors: [THEME_COLORS.dark, THEME_COLORS.dark] });
  });
});

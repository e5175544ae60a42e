import { afterEach, describe, expect, it } from "vitest";
import { bubble, type BubbleTextsByLocale } from "@/lib/embed/bubble";

// The chat bubble on another site's page (jsdom): one button, the share's page in a panel when
// pressed, Escape and the close button close it and give focus back to the button.

const TEXTS: BubbleTextsByLocale = {
  "zh-TW": { open: "開啟對話", close: "關閉對話", title: "AI 助理對話" },
  en: { open: "Open chat", close: "Close chat", title: "AI assistant chat" },
};

// The shadow root is closed to the host page; the test keeps a handle on it as the browser would give one to the script.
const roots: ShadowRoot[] = [];
const attach = HTMLElement.prototype.attachShadow;
HTMLElement.prototype.attachShadow = function (init) {
  const root = attach.call(this, init);
  roots.push(root);
  return root;
};

function addTag(attributes: Record<string, string>) {
  const tag = document.createElement("script");
  tag.setAttribute("src", "https://assistant.example/embed.js");
  for (const [name, value] of Object.entries(attributes)) tag.setAttribute(name, value);
  document.head.appendChild(tag);
  bubble(TEXTS);
  return roots.at(-1)!;
}

afterEach(() => {
  document.head.innerHTML = "";
  document.body.innerHTML = "";
});

describe("bubble", () => {
  it("adds one labelled button and loads nothing until it is pressed", () => {
    const root = addTag({ "data-assistant": "share_1", "data-lang": "en", "data-position": "left", "data-color": "#0f766e" });
    const button = root.querySelector("button.b") as HTMLButtonElement;
    expect(button.getAttribute("aria-label")).toBe("Open chat");
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(root.querySelector("iframe")).toBeNull();
    expect(root.querySelector("style")!.textContent).toContain("left:20px");
    expect(root.querySelector("style")!.textContent).toContain("#0f766e");
    // A second tag on the same page adds no second bubble.
    bubble(TEXTS);
    expect(document.querySelectorAll("[data-assistant-bubble]")).toHaveLength(1);
  });

  it("opens the share in a titled panel in the chosen language and theme; Escape closes it and focus returns", () => {
    const root = addTag({ "data-assistant": "share 1", "data-lang": "zh-TW", "data-theme": "dark" });
    const button = root.querySelector("button.b") as HTMLButtonElement;
    button.click();
    const panel = root.querySelector('[role="dialog"]') as HTMLElement;
    expect(panel.hidden).toBe(false);
    expect(panel.getAttribute("aria-label")).toBe("AI 助理對話");
    expect(button.getAttribute("aria-expanded")).toBe("true");
    const frame = root.querySelector("iframe")!;
    expect(frame.getAttribute("src")).toBe("https://assistant.example/shared/share%201?lang=zh-TW&theme=dark");
    expect(frame.title).toBe("AI 助理對話");
    document.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape" }));
    expect(panel.hidden).toBe(true);
    expect(root.activeElement).toBe(button);
    // The close button in the panel (the only one on a phone, where the panel fills the screen).
    button.click();
    (root.querySelector("button.x") as HTMLButtonElement).click();
    expect(panel.hidden).toBe(true);
    expect(root.querySelectorAll("iframe")).toHaveLength(1);
    expect(root.querySelector("style")!.textContent).toContain("@media (max-width:640px)");
  });

  it("ignores a colour that is not one and a tag without an assistant", () => {
    const root = addTag({ "data-assistant": "s", "data-color": "red;background:url(x)" });
    expect(root.querySelector("style")!.textContent).not.toContain("url(x)");
    document.head.innerHTML = "";
    document.body.innerHTML = "";
    const before = roots.length;
    const tag = document.createElement("script");
    tag.setAttribute("src", "https://assistant.example/embed.js");
    document.head.appendChild(tag);
    bubble(TEXTS);
    expect(roots.length).toBe(before);
    expect(document.querySelector("[data-assistant-bubble]")).toBeNull();
  });
});

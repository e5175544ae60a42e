// The chat bubble another site adds with one line:
//   <script src="https://assistant.example/embed.js" data-assistant="<shareId>" async></script>
// A floating button opens the share's page in a panel (an <iframe>, so the share's allowed sites
// still decide: every other site's frame is refused by the page's frame-ancestors). GET /embed.js
// serves `bubble` as text with its texts in both languages (app/embed.js/route.ts), so the whole
// function must stand alone: it may use nothing from outside its own body.
//
// Attributes: data-lang (zh-TW | en; else the visitor's browser language), data-theme (light |
// dark; else the visitor's own choice), data-position (right | left), data-color (the button's
// colour: #rgb, #rrggbb or a CSS colour name).
//
// On the host page it only draws one button inside a shadow root (host styles reach none of
// it); the share page loads when the button is first pressed.

export interface BubbleTexts {
  open: string;
  close: string;
  title: string;
}

export type BubbleTextsByLocale = Record<"zh-TW" | "en", BubbleTexts>;

export function bubble(texts: BubbleTextsByLocale): void {
  const doc = document;
  const script = (doc.currentScript as HTMLScriptElement | null) ?? doc.querySelector<HTMLScriptElement>('script[data-assistant][src*="/embed.js"]');
  const data = script?.dataset;
  if (!script || !data?.assistant || doc.querySelector("[data-assistant-bubble]")) return;
  const origin = new URL(script.src, doc.baseURI).origin;
  const lang: "zh-TW" | "en" = data.lang === "en" || data.lang === "zh-TW" ? data.lang : /^zh/i.test(navigator.language) ? "zh-TW" : "en";
  const theme = data.theme === "dark" || data.theme === "light" ? data.theme : "";
  const color = /^(#[0-9a-f]{3}|#[0-9a-f]{6}|[a-z]{3,20})$/i.test(data.color ?? "") ? data.color! : "#2563eb";
  const side = data.position === "left" ? "left" : "right";
  const text = texts[lang];
  const src = `${origin}/shared/${encodeURIComponent(data.assistant)}?lang=${lang}${theme ? `&theme=${theme}` : ""}`;

  const host = doc.createElement("div");
  host.setAttribute("data-assistant-bubble", "");
  const root = host.attachShadow({ mode: "open" });
  const dark = theme === "dark";
  root.innerHTML =
    `<style>` +
    `.b{position:fixed;bottom:20px;${side}:20px;z-index:2147483000;width:56px;height:56px;border:0;border-radius:50%;background:${color};color:#fff;cursor:pointer;box-shadow:0 4px 14px rgba(0,0,0,.25);display:flex;align-items:center;justify-content:center}` +
    `.b:focus-visible,.x:focus-visible{outline:3px solid #fff;box-shadow:0 0 0 6px ${color}}` +
    `.p{position:fixed;bottom:88px;${side}:20px;z-index:2147483000;width:400px;height:640px;max-width:calc(100vw - 40px);max-height:calc(100vh - 108px);border-radius:12px;overflow:hidden;box-shadow:0 8px 32px rgba(0,0,0,.3);background:${dark ? "#0a0a0a" : "#fff"};display:flex;flex-direction:column}` +
    `.p[hidden]{display:none}` +
    `.h{display:flex;justify-content:flex-end;padding:4px;background:${color}}` +
    `.x{width:36px;height:36px;border:0;border-radius:8px;background:transparent;color:#fff;font-size:24px;line-height:1;cursor:pointer}` +
    `iframe{flex:1;width:100%;border:0}` +
    // Phones: the panel takes the whole screen, and its own close button replaces the bubble.
    `@media (max-width:640px){.p{inset:0;width:100%;height:100%;max-width:none;max-height:none;border-radius:0}.o .b{display:none}}` +
    `@media (prefers-reduced-motion:no-preference){.b{transition:transform .15s}.b:hover{transform:scale(1.06)}}` +
    `</style>` +
    `<div class="w"><button class="b" type="button" aria-expanded="false" aria-controls="p"><svg width="26" height="26" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z"/></svg></button>` +
    `<div class="p" id="p" role="dialog" hidden><div class="h"><button class="x" type="button">&times;</button></div></div></div>`;
  const wrap = root.querySelector(".w") as HTMLElement;
  const button = root.querySelector(".b") as HTMLButtonElement;
  const panel = root.querySelector(".p") as HTMLElement;
  const closer = root.querySelector(".x") as HTMLButtonElement;
  button.setAttribute("aria-label", text.open);
  button.title = text.open;
  panel.setAttribute("aria-label", text.title);
  closer.setAttribute("aria-label", text.close);
  closer.title = text.close;
  let frame: HTMLIFrameElement | null = null;

  const setOpen = (open: boolean) => {
    panel.hidden = !open;
    wrap.classList.toggle("o", open);
    // The button keeps its name; aria-expanded says whether its panel is open.
    button.setAttribute("aria-expanded", String(open));
    if (open) {
      if (!frame) {
        frame = doc.createElement("iframe");
        frame.title = text.title;
        frame.allow = "clipboard-write";
        frame.src = src;
        panel.appendChild(frame);
      }
      // Focus stays on this page (a frame of another origin would keep Escape to itself): the
      // panel's close button first, the chat one Tab further.
      closer.focus();
    } else button.focus();
  };
  button.addEventListener("click", () => setOpen(panel.hidden));
  closer.addEventListener("click", () => setOpen(false));
  // Escape closes from the bubble, its panel or the page; focus goes back to the bubble.
  doc.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && !panel.hidden) setOpen(false);
  });
  (doc.body ?? doc.documentElement).appendChild(host);
}

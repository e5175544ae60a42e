import "server-only";
import { Document, HeadingLevel, Packer, Paragraph, TextRun } from "docx";
import { APP_TIME_ZONE, EXPORT_FORMATS, type ExportFormat, type Locale } from "@/lib/constants";
import { preparePdf, Typesetter } from "./pdf-typesetter";

// A conversation as a file in five formats. Every format carries the title, the export time and,
// per message, a role label, its time and its content, with Chinese intact (the PDF embeds its
// own font). The HTML export is escaped and forbids scripts and remote loads outright.

export { EXPORT_FORMATS, type ExportFormat };

export interface ExportMessage {
  role: "user" | "assistant";
  content: string;
  createdAt: Date;
  imageFileName?: string | null;
}

export interface ExportFile {
  fileName: string;
  contentType: string;
  body: Uint8Array;
}

const LABELS = {
  "zh-TW": { title: "對話記錄", fileName: "對話記錄", exportedAt: "匯出時間", user: "使用者", assistant: "AI 助理", image: "圖片" },
  en: { title: "Chat Conversation", fileName: "Chat_Conversation", exportedAt: "Exported at", user: "User", assistant: "Assistant", image: "Image" },
} as const;

const CONTENT_TYPES: Record<ExportFormat, string> = {
  txt: "text/plain; charset=utf-8",
  md: "text/markdown; charset=utf-8",
  html: "text/html; charset=utf-8",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  pdf: "application/pdf",
};

function parts(date: Date): Record<string, string> {
  const formatted = new Intl.DateTimeFormat("en-CA", {
    timeZone: APP_TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  }).formatToParts(date);
  return Object.fromEntries(formatted.map((p) => [p.type, p.value]));
}

/** 2026/11/22 14:05:09 in the product's time zone (the same in both languages). */
export function formatTime(date: Date): string {
  const p = parts(date);
  return `${p.year}/${p.month}/${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/** The localized record name and a timestamp: 對話記錄_2026-11-22_14-05.pdf. No quotes or line breaks. */
export function exportFileName(locale: Locale, format: ExportFormat, now: Date): string {
  const p = parts(now);
  return `${LABELS[locale].fileName}_${p.year}-${p.month}-${p.day}_${p.hour}-${p.minute}.${format}`;
}

interface Entry {
  label: string;
  time: string;
  content: string;
}

function entries(messages: readonly ExportMessage[], locale: Locale): Entry[] {
  const labels = LABELS[locale];
  return messages.map((m) => ({
    label: m.role === "user" ? labels.user : labels.assistant,
    time: formatTime(m.createdAt),
    content: [m.imageFileName ? `[${labels.image}: ${m.imageFileName}]` : "", m.content].filter(Boolean).join("\n"),
  }));
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

function asText(title: string, exported: string, list: Entry[]): string {
  return [title, exported, "", ...list.flatMap((e) => [`[${e.label}] ${e.time}`, e.content, ""])].join("\n");
}

function asMarkdown(title: string, exported: string, list: Entry[]): string {
  return [`# ${title}`, "", exported, "", ...list.flatMap((e) => [`## ${e.label} · ${e.time}`, "", e.content, "", "---", ""])].join("\n");
}

function asHtml(locale: Locale, title: string, exported: string, list: Entry[]): string {
  const body = list
    .map((e) => `<section class="message"><h2>${escapeHtml(e.label)} <time>${escapeHtml(e.time)}</time></h2><div class="content">${escapeHtml(e.content)}</div></section>`)
    .join("\n");
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body { font-family: system-ui, "Noto Sans TC", "PingFang TC", "Microsoft JhengHei", sans-serif; max-width: 48rem; margin: 2rem auto; padding: 0 1rem; color: #1f2937; }
h1 { font-size: 1.5rem; } .exported { color: #6b7280; }
.message { border-top: 1px solid #e5e7eb; padding: 0.75rem 0; }
.message h2 { font-size: 0.95rem; margin: 0 0 0.4rem; } time { color: #6b7280; font-weight: normal; margin-left: 0.5rem; }
.content { white-space: pre-wrap; overflow-wrap: anywhere; line-height: 1.6; }
</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
<p class="exported">${escapeHtml(exported)}</p>
${body}
</body>
</html>
`;
}

async function asDocx(title: string, exported: string, list: Entry[]): Promise<Uint8Array> {
  const lines = (text: string) => text.split("\n").map((line) => new Paragraph({ children: [new TextRun(line)] }));
  const doc = new Document({
    creator: "DocChat",
    title,
    sections: [
      {
        children: [
          new Paragraph({ text: title, heading: HeadingLevel.TITLE }),
          new Paragraph({ children: [new TextRun({ text: exported, color: "6B7280" })] }),
          ...list.flatMap((e) => [
            new Paragraph({ spacing: { before: 240 }, children: [new TextRun({ text: e.label, bold: true }), new TextRun({ text: `  ${e.time}`, color: "6B7280" })] }),
            ...lines(e.content),
          ]),
        ],
      },
    ],
  });
  return new Uint8Array(await Packer.toBuffer(doc));
}

async function asPdf(title: string, exported: string, list: Entry[]): Promise<Uint8Array> {
  const texts = [title, exported, ...list.flatMap((e) => [`${e.label}  ${e.time}`, e.content])];
  const { doc, font, clean } = await preparePdf(texts);
  doc.setTitle(title);
  const setter = new Typesetter(doc, font, "zh");
  setter.size = 18;
  setter.paragraph(clean(title));
  setter.size = 9;
  setter.paragraph(clean(exported));
  for (const e of list) {
    setter.size = 9;
    setter.paragraph(clean(`${e.label}  ${e.time}`));
    setter.size = 11;
    setter.paragraph(clean(e.content));
  }
  return doc.save();
}

export async function exportConversation(input: { messages: readonly ExportMessage[]; locale: Locale; format: ExportFormat; now?: Date }): Promise<ExportFile> {
  const now = input.now ?? new Date();
  const labels = LABELS[input.locale];
  const exported = `${labels.exportedAt}${input.locale === "en" ? ": " : "："}${formatTime(now)}`;
  const list = entries(input.messages, input.locale);
  const encode = (text: string) => new TextEncoder().encode(text);
  let body: Uint8Array;
  switch (input.format) {
    case "txt":
      body = encode(asText(labels.title, exported, list));
      break;
    case "md":
      body = encode(asMarkdown(labels.title, exported, list));
      break;
    case "html":
      body = encode(asHtml(input.locale, labels.title, exported, list));
      break;
    case "docx":
      body = await asDocx(labels.title, exported, list);
      break;
    case "pdf":
      body = await asPdf(labels.title, exported, list);
      break;
  }
  return { fileName: exportFileName(input.locale, input.format, now), contentType: CONTENT_TYPES[input.format], body };
}

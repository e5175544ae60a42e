import "server-only";
import { APP_TIME_ZONE, EXPORT_FORMATS, type ExportFormat, type Locale } from "@/lib/constants";
import { translator } from "@/lib/server/i18n";
import { contentBlocks, imagePlaceholder, type RichDocument } from "./export-content";
import { chatHtml } from "./export-html";
import { renderInWorker } from "./export-in-worker";
import { markdownWithoutHtml } from "./markdown-without-html";

// A conversation as a file in five formats. Every format carries the title, the export time and,
// per message, a role label, its time and its content, with Chinese intact (the PDF embeds its
// own font). Text and Markdown keep the content as written, Markdown with its raw HTML made text
// so that a viewer rendering HTML runs none; HTML, Word and PDF render a reply's Markdown and
// show an attached image (export-html.ts, export-docx.ts, export-pdf.ts).

export { EXPORT_FORMATS, type ExportFormat };

export interface ExportMessage {
  role: "user" | "assistant";
  content: string;
  createdAt: Date;
  /** A data URL the server checked by its bytes when the message was sent. */
  imageData?: string | null;
  imageFileName?: string | null;
}

export interface ExportFile {
  fileName: string;
  contentType: string;
  body: Uint8Array;
}

const CONTENT_TYPES: Record<ExportFormat, string> = {
  txt: "text/plain; charset=utf-8",
  md: "text/markdown; charset=utf-8",
  html: "text/html; charset=utf-8",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  pdf: "application/pdf",
};

// Through the translator, not read from the catalog: the build precompiles the catalogs' messages.
function labelsFor(locale: Locale) {
  const t = translator(locale);
  return {
    title: t("chatExport.title"),
    fileName: t("chatExport.fileName"),
    exportedAt: t("chatExport.exportedAt"),
    user: t("chatExport.user"),
    assistant: t("chatExport.assistant"),
    image: t("chatExport.image"),
    // As plain digits (a number would be grouped, 1,000), as the file's other numbers are.
    truncated: (shown: number, total: number) => t("chatExport.truncated", { shown: String(shown), total: String(total) }),
  };
}

// Made once: building a DateTimeFormat costs far more than formatting with it, and an export
// formats one time per message.
const DATE_PARTS = new Intl.DateTimeFormat("en-CA", {
  timeZone: APP_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

function parts(date: Date): Record<string, string> {
  return Object.fromEntries(DATE_PARTS.formatToParts(date).map((p) => [p.type, p.value]));
}

/** 2026/11/22 14:05:09 in the product's time zone (the same in both languages). */
export function formatTime(date: Date): string {
  const p = parts(date);
  return `${p.year}/${p.month}/${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/** The localized record name and a timestamp: 對話記錄_2026-11-22_14-05.pdf. No quotes or line breaks. */
export function exportFileName(locale: Locale, format: ExportFormat, now: Date): string {
  const p = parts(now);
  return `${labelsFor(locale).fileName}_${p.year}-${p.month}-${p.day}_${p.hour}-${p.minute}.${format}`;
}

interface Entry {
  label: string;
  time: string;
  content: string;
}

/** Text and Markdown: the content as written, an image named where it was. */
function plainEntries(messages: readonly ExportMessage[], locale: Locale): Entry[] {
  const labels = labelsFor(locale);
  return messages.map((m) => ({
    label: m.role === "user" ? labels.user : labels.assistant,
    time: formatTime(m.createdAt),
    content: [m.imageFileName ? imagePlaceholder(labels.image, m.imageFileName) : "", m.content].filter(Boolean).join("\n"),
  }));
}

function richDocument(messages: readonly ExportMessage[], locale: Locale, exported: string): RichDocument {
  const labels = labelsFor(locale);
  return {
    locale,
    title: labels.title,
    exported,
    imageLabel: labels.image,
    entries: messages.map((m) => ({
      role: m.role,
      label: m.role === "user" ? labels.user : labels.assistant,
      time: formatTime(m.createdAt),
      blocks: contentBlocks(m.role, m.content),
      imageData: m.imageData ?? null,
      imageFileName: m.imageFileName ?? null,
    })),
  };
}

function asText(title: string, exported: string, list: Entry[]): string {
  return [title, exported, "", ...list.flatMap((e) => [`[${e.label}] ${e.time}`, e.content, ""])].join("\n");
}

function asMarkdown(title: string, exported: string, list: Entry[]): string {
  return [`# ${title}`, "", exported, "", ...list.flatMap((e) => [`## ${e.label} · ${e.time}`, "", markdownWithoutHtml(e.content), "", "---", ""])].join("\n");
}

/**
 * The file; PDF and Word are typeset in a worker thread. With `total` above the messages given
 * (the export holds only the latest), the export-time line says so.
 */
export async function exportConversation(input: {
  messages: readonly ExportMessage[];
  locale: Locale;
  format: ExportFormat;
  now?: Date;
  total?: number;
  /** Who asked: their PDF and Word exports are limited (export-in-worker.ts). */
  owner?: string;
}): Promise<ExportFile> {
  const now = input.now ?? new Date();
  const labels = labelsFor(input.locale);
  const shown = input.messages.length;
  const truncated = input.total !== undefined && input.total > shown ? ` ${labels.truncated(shown, input.total)}` : "";
  const exported = `${labels.exportedAt}${input.locale === "en" ? ": " : "："}${formatTime(now)}${truncated}`;
  const encode = (text: string) => new TextEncoder().encode(text);
  let body: Uint8Array;
  switch (input.format) {
    case "txt":
      body = encode(asText(labels.title, exported, plainEntries(input.messages, input.locale)));
      break;
    case "md":
      body = encode(asMarkdown(labels.title, exported, plainEntries(input.messages, input.locale)));
      break;
    case "html":
      body = encode(chatHtml(richDocument(input.messages, input.locale, exported)));
      break;
    case "docx":
      body = await renderInWorker("docx", richDocument(input.messages, input.locale, exported), { owner: input.owner });
      break;
    case "pdf":
      body = await renderInWorker("pdf", richDocument(input.messages, input.locale, exported), { owner: input.owner });
      break;
  }
  return { fileName: exportFileName(input.locale, input.format, now), contentType: CONTENT_TYPES[input.format], body };
}

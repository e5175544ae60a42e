import "server-only";
import { randomBytes } from "node:crypto";
import mimeFuncs from "nodemailer/lib/mime-funcs";

// A campaign's message as MIME, built once per language and then filled in per recipient (the
// address, the Message-ID, the unsubscribe links): composing each of 10,000 identical messages
// from scratch cost more than sending them. multipart/alternative with a UTF-8 plain-text part
// and an HTML part, both base64 (76-character lines).

export interface MimeContent {
  fromName: string;
  fromAddress: string;
  subject: string;
  text: string;
  html: string;
  /** Where the recipient's unsubscribe page address goes in `text` and `html`. */
  placeholder: string;
}

export interface MimeRecipient {
  to: string;
  messageId: string;
  unsubscribePage: string;
  oneClickUnsubscribe: string;
}

const CRLF = "\r\n";
// mimeFuncs' functions call each other through `this`: always called on the module object.
/** Header values come from the database and the admin; none may start a header of its own. */
const oneLine = (value: string) => value.replace(/[\r\n]+/g, " ");

function base64Lines(text: string): string {
  return Buffer.from(text, "utf8").toString("base64").replace(/.{76}(?=.)/g, `$&${CRLF}`);
}

function displayName(name: string): string {
  const clean = oneLine(name);
  return mimeFuncs.isPlainText(clean) ? `"${clean.replace(/["\\]/g, "\\$&")}"` : mimeFuncs.encodeWords(clean, "B", 52);
}

export function mimeTemplate(content: MimeContent): (recipient: MimeRecipient) => Buffer {
  const boundary = `----=_Part_${randomBytes(12).toString("hex")}`;
  const subject = oneLine(content.subject);
  const fixedHeaders = [
    mimeFuncs.foldLines(`From: ${displayName(content.fromName)} <${oneLine(content.fromAddress)}>`, 76),
    mimeFuncs.foldLines(`Subject: ${mimeFuncs.isPlainText(subject) ? subject : mimeFuncs.encodeWords(subject, "B", 52)}`, 76),
    "MIME-Version: 1.0",
    "List-Unsubscribe-Post: List-Unsubscribe=One-Click",
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
  ].join(CRLF);
  const part = (type: string, body: string) => `--${boundary}${CRLF}Content-Type: ${type}; charset=utf-8${CRLF}Content-Transfer-Encoding: base64${CRLF}${CRLF}${base64Lines(body)}${CRLF}`;

  return (r) => {
    const headers = [
      `To: ${oneLine(r.to)}`,
      `Message-ID: <${oneLine(r.messageId)}>`,
      `Date: ${new Date().toUTCString().replace(/GMT$/, "+0000")}`,
      `List-Unsubscribe: <${oneLine(r.oneClickUnsubscribe)}>`,
      fixedHeaders,
    ].join(CRLF);
    const text = content.text.replaceAll(content.placeholder, r.unsubscribePage);
    const html = content.html.replaceAll(content.placeholder, r.unsubscribePage);
    return Buffer.from(`${headers}${CRLF}${CRLF}${part("text/plain", text)}${part("text/html", html)}--${boundary}--${CRLF}`, "utf8");
  };
}

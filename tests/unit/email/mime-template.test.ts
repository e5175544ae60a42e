import { describe, expect, it } from "vitest";
import { simpleParser } from "mailparser";
import { mimeTemplate } from "@/lib/server/mail/mime-template";

describe("mimeTemplate", () => {
  const template = mimeTemplate({
    fromName: "AI 文件助理",
    fromAddress: "news@example.com",
    subject: "十月電子報：".repeat(12) + "結束",
    text: "你好\n取消訂閱：PLACEHOLDER",
    html: '<p>你好</p><a href="PLACEHOLDER">取消訂閱</a>',
    placeholder: "PLACEHOLDER",
  });

  it("builds a message mail readers parse back: sender, long Chinese subject, both parts, the recipient's own links", async () => {
    const raw = template({ to: "reader@example.com", messageId: "c1.7@example.com", unsubscribePage: "https://x.example/unsubscribe?token=abc.def", oneClickUnsubscribe: "https://x.example/api/email/unsubscribe?token=abc.def" });
    expect(raw.toString("latin1").split("\r\n").every((line) => line.length <= 998)).toBe(true);
    const mail = await simpleParser(raw);
    expect(mail.from?.value[0]).toEqual({ name: "AI 文件助理", address: "news@example.com" });
    expect(mail.subject).toBe("十月電子報：".repeat(12) + "結束");
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.value[0].address : "").toBe("reader@example.com");
    expect(mail.messageId).toBe("<c1.7@example.com>");
    expect(mail.text?.trim()).toBe("你好\n取消訂閱：https://x.example/unsubscribe?token=abc.def");
    expect(mail.html).toContain('<a href="https://x.example/unsubscribe?token=abc.def">');
    expect(mail.headerLines.find((h) => h.key === "list-unsubscribe")?.line).toBe("List-Unsubscribe: <https://x.example/api/email/unsubscribe?token=abc.def>");
  });

  it("lets no value add a header", async () => {
    const sneaky = mimeTemplate({ fromName: 'Evil\r\nBcc: x@evil.example', fromAddress: "news@example.com", subject: "Hi\r\nBcc: y@evil.example", text: "t", html: "h", placeholder: "P" });
    const raw = sneaky({ to: "a@example.com\r\nBcc: z@evil.example", messageId: "m\r\nX-Evil: 1", unsubscribePage: "u", oneClickUnsubscribe: "o\r\nX-Evil: 2" });
    const mail = await simpleParser(raw);
    expect(mail.headerLines.map((h) => h.key)).not.toContain("bcc");
    expect(mail.headerLines.map((h) => h.key)).not.toContain("x-evil");
  });
});

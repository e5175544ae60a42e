// The message both sides of bench:email send: about 1.5 KB of Markdown, rendered as the product
// renders a campaign (plain text and HTML).
import { renderEmailHtml, renderEmailText } from "../../lib/email/render-email.ts";

export const BENCH_SUBJECT = "十月電子報：新功能與使用技巧";
export const BENCH_MARKDOWN = [
  "# 十月新功能",
  "",
  "親愛的用戶您好，感謝您使用 **AI 文件助理**。這個月我們帶來幾項新功能：",
  "",
  "- 匯出對話為 PDF，中文字型完整保留",
  "- 更快的文件搜尋，十萬段落也能即時回答",
  "- 分享連結可以嵌入您自己的網站",
  "",
  "## 使用技巧",
  "",
  "上傳文件後，直接問「這份合約的付款條件是什麼？」，助理會引用原文並標示頁碼。",
  "想了解更多，請看 [使用說明](https://example.com/guide)。",
  "",
  "> 小提醒：免費方案每月可上傳 5 個檔案，支持者方案不限次數。",
  "",
  "We also improved the English answers: try asking *\"What does section 3 say about refunds?\"*",
].join("\n");

export function benchMessage(unsubscribeUrl: string) {
  const content = {
    subject: BENCH_SUBJECT,
    markdown: BENCH_MARKDOWN,
    lang: "zh-Hant-TW",
    productName: "AI 文件助理",
    footer: "您收到這封信，是因為您在「AI 文件助理」有帳戶。",
    unsubscribe: { label: "取消訂閱電子報", url: unsubscribeUrl },
  };
  return { subject: BENCH_SUBJECT, html: renderEmailHtml(content), text: renderEmailText(content) };
}

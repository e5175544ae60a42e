import { describe, expect, it } from "vitest";
import { markdownWithoutHtml } from "@/lib/server/export/markdown-without-html";

describe("markdownWithoutHtml", () => {
  it("turns raw HTML into text and leaves the Markdown itself alone", () => {
    expect(markdownWithoutHtml(`<script>alert(1)</script><img src=x onerror="alert(2)">`)).toBe(`&lt;script>alert(1)&lt;/script>&lt;img src=x onerror="alert(2)">`);
    expect(markdownWithoutHtml("AT&T &copy; &#60;b>")).toBe("AT&amp;T &amp;copy; &amp;#60;b>");
    const markdown = "## 標題\n\n> 引用 [1]\n\n- **粗體** 與 *斜體*\n1. [連結](https://example.com)\n\n---";
    expect(markdownWithoutHtml(markdown)).toBe(markdown);
  });

  it("keeps code as written: fenced blocks and code spans", () => {
    const fenced = "```html\n<b>不是粗體</b> & <script>\n```\n<i>x</i>";
    expect(markdownWithoutHtml(fenced)).toBe("```html\n<b>不是粗體</b> & <script>\n```\n&lt;i>x&lt;/i>");
    expect(markdownWithoutHtml("~~~~\n<b>\n~~~\n<b>\n~~~~~\n<b>")).toBe("~~~~\n<b>\n~~~\n<b>\n~~~~~\n&lt;b>");
    expect(markdownWithoutHtml("用 `<div>` 與 ``a ` <b>`` 包住，但 <u>這個</u> 不算")).toBe("用 `<div>` 與 ``a ` <b>`` 包住，但 &lt;u>這個&lt;/u> 不算");
  });

  it("treats unmatched backticks and backslash escapes as a Markdown reader does", () => {
    expect(markdownWithoutHtml("`<b> 沒有結尾")).toBe("`&lt;b> 沒有結尾");
    expect(markdownWithoutHtml("\\`<b>` x")).toBe("\\`&lt;b>` x");
    expect(markdownWithoutHtml("\\<b> 已是文字")).toBe("\\<b> 已是文字");
    expect(markdownWithoutHtml("``<b>` `<i>``")).toBe("``<b>` `<i>``");
  });

  it("closes a fence a message leaves open, so the next message is not read as code", () => {
    expect(markdownWithoutHtml("```\n<b>")).toBe("```\n<b>\n```");
  });

  it("escapes inside code wherever a reader could see the backticks otherwise", () => {
    // A link destination takes the first backtick: `<script>` would be raw HTML after it.
    expect(markdownWithoutHtml("[a](`)<script>alert(1)</script>`")).toBe("[a](`)&lt;script>alert(1)&lt;/script>`");
    // A link title can run over lines and take a backtick on the next one.
    expect(markdownWithoutHtml('[a](x "\n`") <script>alert(1)</script> `')).toBe('[a](x "\n`") &lt;script>alert(1)&lt;/script> `');
    // A table splits cells at pipes, code spans or not.
    expect(markdownWithoutHtml("| `a | <img src=x onerror=alert(1)> ` |")).toBe("| `a | &lt;img src=x onerror=alert(1)> ` |");
    // Indented, a fence may belong to a list item that the next line ends.
    expect(markdownWithoutHtml("- x\n\n  ```\n<script>alert(1)</script>")).toBe("- x\n\n  ```\n&lt;script>alert(1)&lt;/script>");
    // A backtick fence whose info has a backtick is not a fence.
    expect(markdownWithoutHtml("``` a`b\n<script>")).toBe("``` a`b\n&lt;script>");
  });
});

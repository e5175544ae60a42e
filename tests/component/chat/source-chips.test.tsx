import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import { MessageBubble } from "@/components/chat/message-bubble";
import type { ChatMessage } from "@/lib/server/present/api-types";
import { renderInLocale } from "../support/render";

// A reply's sources say what to open: the page of a PDF, the sheet of a workbook, the slide of a
// deck (lib/chat/page-unit.ts); the quote opens under the chip with the same label.
const reply: ChatMessage = {
  id: "m1",
  role: "assistant",
  content: "> 分店：板橋店；電話：02-2960-5678。 [1]\n\n> 員工旅遊補助每年上限一萬二千元。 [2]\n\n> 上班時間為上午九時。 [3]",
  imageData: null,
  imageFileName: null,
  createdAt: "2026-01-05T02:00:00.000Z",
  isError: false,
  sources: [
    { n: 1, documentId: "d1", documentName: "分店.xlsx", page: 2, pageEnd: 2, pageUnit: "sheet", quote: "分店\n| 分店 | 電話 |\n| --- | --- |\n| 板橋店 | 02-2960-5678 |" },
    { n: 2, documentId: "d2", documentName: "新人訓練.pptx", page: 3, pageEnd: 4, pageUnit: "slide", quote: "福利\n\n備註：\n員工旅遊補助每年上限一萬二千元。" },
    { n: 3, documentId: "d3", documentName: "手冊.pdf", page: 1, pageEnd: 1, quote: "上班時間為上午九時。" },
  ],
};

describe("source chips", () => {
  it("name the sheet of a workbook, the slide of a deck and the page of anything else, in Chinese", async () => {
    const { user } = renderInLocale(<MessageBubble message={reply} linkPreviews={false} />);
    const chips = screen.getAllByTestId("source-chip");
    expect(chips.map((chip) => chip.textContent)).toEqual(["[1] 分店.xlsx · 工作表 2", "[2] 新人訓練.pptx · 投影片 3–4", "[3] 手冊.pdf · 第 1 頁"]);
    await user.click(chips[0]);
    const quote = screen.getByTestId("source-quote");
    expect(quote.textContent).toContain("分店.xlsx · 工作表 2");
    expect(quote.textContent).toContain("02-2960-5678");
  });

  it("and in English", () => {
    renderInLocale(<MessageBubble message={reply} linkPreviews={false} />, { locale: "en" });
    expect(screen.getAllByTestId("source-chip").map((chip) => chip.textContent)).toEqual(["[1] 分店.xlsx · sheet 2", "[2] 新人訓練.pptx · slides 3–4", "[3] 手冊.pdf · p. 1"]);
  });
});

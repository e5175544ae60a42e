import { describe, expect, it } from "vitest";
import { citedPages } from "@/lib/server/ingest/cited-pages";

// Two sheets in one passage (lib/server/ingest/worker/sheet-rows.mjs): sheet 2 starts at "分店\n".
const content = "說明\n本活頁簿列出各分店的資料。\n\n分店\n| 分店 | 電話 |\n| --- | --- |\n| 信義店 | 02-2720-1234 |\n| 板橋店 | 02-2960-5678 |";
const passage = { page: 1, pageEnd: 2, pageBreaks: [content.indexOf("分店\n")], content };

describe("citedPages", () => {
  it("finds a table row quoted under its columns' labels by its cells, and cites its page", () => {
    expect(citedPages("> 分店：板橋店；電話：02-2960-5678。 [1]\n", 1, passage)).toEqual({ page: 2, pageEnd: 2 });
    expect(citedPages("> 分店: 板橋店; 電話: 02-2960-5678. [1]\n", 1, passage)).toEqual({ page: 2, pageEnd: 2 });
    expect(citedPages("> 本活頁簿列出各分店的資料。 [1]\n", 1, passage)).toEqual({ page: 1, pageEnd: 1 });
  });

  it("cites the whole range for a quote that is neither the text nor a row's cells", () => {
    expect(citedPages("> 板橋店在新北市。 [1]\n", 1, passage)).toEqual({ page: 1, pageEnd: 2 });
  });
});

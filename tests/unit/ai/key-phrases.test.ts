import { describe, expect, it } from "vitest";
import { topicsOf } from "@/lib/server/ai/offline/key-phrases";

const rail = {
  documentId: "rail",
  documentName: "高鐵簡介.pdf",
  content: "票價與優惠\n\n臺灣高速鐵路於二〇〇七年通車。臺灣高速鐵路連接臺北與高雄，臺灣高速鐵路沿線設有十二座車站。順理成章地成為主要交通工具。",
};
const waste = { documentId: "waste", documentName: "scan_0001.pdf", content: "資源回收在每週二收運。資源回收請分類。廚餘請用有蓋容器。資源回收不收大型家具。" };

describe("topicsOf", () => {
  it("takes titles from file names, then headings, then recurring terms, in turn from each document", () => {
    const topics = topicsOf([rail, waste], 6);
    expect(topics[0]).toEqual({ phrase: "高鐵簡介", documentId: "rail", kind: "heading" });
    expect(topics.map((t) => t.phrase)).toContain("票價與優惠");
    expect(topics.map((t) => t.phrase)).toContain("資源回收");
    expect(topics.some((t) => t.documentId === "waste")).toBe(true);
  });

  it("skips file names that are not titles and terms seen only once", () => {
    const phrases = topicsOf([rail, waste], 20).map((t) => t.phrase);
    expect(phrases).not.toContain("scan 0001");
    expect(phrases).not.toContain("順理成章");
  });

  it("takes neither list items nor label-value lines for headings", () => {
    const minutes = { documentId: "n", documentName: "notes.md", content: "\uFEFF# 會議紀錄\n\n- 日期：2024 年 3 月 11 日\n- 地點：臺北\n1. 預算案\n\n預算通過。" };
    const phrases = topicsOf([minutes], 10).filter((t) => t.kind === "heading").map((t) => t.phrase);
    expect(phrases).toContain("會議紀錄");
    expect(phrases.some((p) => p.includes("日期") || p.includes("地點") || p.startsWith("-") || p.startsWith("1."))).toBe(false);
  });

  it("puts names in the reader's script first", () => {
    const mixed = { documentId: "m", content: "Taiwan High Speed Rail runs fast. Taiwan High Speed Rail opened in 2007. 高速鐵路很快。高速鐵路很準時。" };
    expect(topicsOf([mixed], 1, "en")[0].phrase).toBe("Taiwan High Speed Rail");
    expect(topicsOf([mixed], 1, "zh-TW")[0].phrase).toBe("高速鐵路");
  });
});

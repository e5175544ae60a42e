import { describe, expect, it } from "vitest";
import { topicsOf } from "@/lib/server/ai/offline/key-phrases";

const rail = {
  documentId: "rail",
  documentName: "高鐵簡介.pdf",
  content: "票價與優惠\n\n臺灣高速鐵路於二〇〇七年通車。臺灣高速鐵路連接臺北與高雄，臺灣高速鐵路沿線設有十二座車站。順理成章地成為主要交通工具。",
};
const waste = { documentId: "waste", documentName: "scan_0001.pdf", content: "資源回收在每週二收運。資源回收請分類。廚餘請用有蓋容器。資源回收不收大型家具。" };
const phrases = (topics: { phrase: string }[]) => topics.map((t) => t.phrase);

describe("topicsOf", () => {
  it("takes titles from file names, then headings, then recurring terms, in turn from each document", () => {
    const topics = topicsOf([rail, waste], 6, "zh-TW");
    expect(topics[0]).toEqual({ phrase: "高鐵簡介", documentId: "rail", kind: "title" });
    expect(topics).toContainEqual(expect.objectContaining({ phrase: "票價與優惠", documentId: "rail", kind: "heading" }));
    expect(phrases(topics)).toContain("資源回收");
    expect(topics.some((t) => t.documentId === "waste")).toBe(true);
  });

  it("asks about a name the word segmenter cuts short as the whole name (銅鑼灣, not 銅鑼)", () => {
    const district = {
      documentId: "d",
      content: "銅鑼灣是購物區，銅鑼灣人流很多。銅鑼灣有百貨公司。銅鑼灣的租金很高。銅鑼灣交通方便。跑馬地有馬場，跑馬地環境清幽。跑馬地鄰近銅鑼灣。跑馬地有墳場。跑馬地住宅多。",
    };
    const found = phrases(topicsOf([district], 10, "zh-TW"));
    expect(found).toContain("銅鑼灣");
    expect(found).toContain("跑馬地");
    expect(found).not.toContain("銅鑼");
    expect(found).not.toContain("跑馬");
  });

  it("skips file names that are not titles and terms seen only once", () => {
    const found = phrases(topicsOf([rail, waste, { documentId: "n", documentName: "notes.txt", content: "資源回收在週二。" }, { documentId: "s", documentName: "shared-mime-info-spec.pdf", content: "Tables list types." }], 20, "zh-TW"));
    for (const name of ["scan 0001", "notes", "shared-mime-info-spec", "順理成章"]) expect(found).not.toContain(name);
  });

  it("takes neither list items nor label-value lines for headings", () => {
    const minutes = { documentId: "n", documentName: "notes.md", content: "\uFEFF# 會議紀錄\n\n- 日期：2024 年 3 月 11 日\n- 地點：臺北\n1. 預算案\n\n預算通過。" };
    const headings = phrases(topicsOf([minutes], 10, "zh-TW").filter((t) => t.kind === "heading"));
    expect(headings).toContain("會議紀錄");
    expect(headings.some((p) => p.includes("日期") || p.includes("地點") || p.startsWith("-") || p.startsWith("1."))).toBe(false);
  });

  it("gives an English reader English topics only, and a Chinese reader Chinese ones first", () => {
    const mixed = { documentId: "m", content: "Taiwan High Speed Rail runs fast. Taiwan High Speed Rail opened in 2007. The line has twelve stations.\n\n高速鐵路很快。高速鐵路很準時。" };
    expect(phrases(topicsOf([mixed], 10, "en"))).toEqual(["Taiwan High Speed Rail"]);
    expect(topicsOf([mixed], 1, "zh-TW")[0].phrase).toBe("高速鐵路");
    const chinese = { documentId: "c", documentName: "LOEN娛樂.txt", content: "LOEN娛樂是韓國的一家唱片公司，旗下有SK Telecom。LOEN娛樂與SK Telecom合作。" };
    expect(topicsOf([chinese], 10, "en")).toEqual([]);
  });

  it("finds what a document defines, and asks about a title in the characters the text uses", () => {
    const handbook = { documentId: "h", documentName: "资源回收.txt", content: "資源回收是指把可再利用的廢棄物分開收集。資源回收可以節省原料。" };
    const topics = topicsOf([handbook], 10, "zh-TW");
    expect(topics).toContainEqual(expect.objectContaining({ phrase: "資源回收", kind: "definition", evidence: "資源回收是指把可再利用的廢棄物分開收集。" }));
    expect(topics).toContainEqual({ phrase: "資源回收", documentId: "h", kind: "title" });
    const spec = { documentId: "s", content: "A glob pattern is a file name pattern with wildcards. Glob patterns never match a path. Oxygen is a chemical element. Most oxygen is in the air." };
    expect(topicsOf([spec], 10, "en")).toEqual(
      expect.arrayContaining([expect.objectContaining({ phrase: "a glob pattern", kind: "definition" }), expect.objectContaining({ phrase: "oxygen", kind: "definition" })]),
    );
  });

  it("asks no person what they are, and no clause's opening word", () => {
    const text = "伽利略是義大利物理學家。伽利略發明了望遠鏡。一般認為是他改良了望遠鏡。一般認為望遠鏡很重要。";
    const definitions = topicsOf([{ documentId: "g", content: text }], 10, "zh-TW").filter((t) => t.kind === "definition");
    expect(definitions).toEqual([]);
  });

  it("takes no running header for a heading, even when the passages at hand hold it once", () => {
    const page = (n: number, body: string) => `Widget Registry Specification\n\nDirectory layout\n\n${body}\n\n${n}`;
    const opening = [1, 2].map((n) => ({ documentId: "w", content: page(n, "The registry is stored in the registry directory of every data directory.") }));
    const later = { documentId: "w", content: "Widget Registry Specification\n\nThe cache file\n\nReaders map the cache file into memory instead of parsing every description file." };
    const headings = phrases(topicsOf([later], 10, "en", opening).filter((t) => t.kind === "heading"));
    expect(headings).toEqual(["The cache file"]);
  });

  it("asks about things, not actions: a two-character word must read as a noun", () => {
    const text = "網易推出了郵件服務。網易的服務很多。網易推出了遊戲。郵件服務的用戶很多。網易又推出了新聞。";
    const found = phrases(topicsOf([{ documentId: "n", content: text }], 10, "zh-TW"));
    expect(found).toContain("服務");
    expect(found).not.toContain("推出");
  });
});

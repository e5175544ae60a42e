import { describe, expect, it } from "vitest";
import { ocrParagraphs, tidy } from "@/lib/server/ingest/worker/ocr/read-picture.mjs";

describe("the text OCR gives, as a person would have typed it", () => {
  it("drops the spaces the engine puts between Chinese characters", () => {
    expect(tidy("馬 祖 列 島 是 隸 屬 中 華 民 國 的 群 島")).toBe("馬祖列島是隸屬中華民國的群島");
  });

  it("makes punctuation beside Chinese full-width and joins names with one dot", () => {
    expect(tidy("1926 年 , 商 人 查 爾 斯 ‧ 派 爾 建 立 了 首 個 職 業 網 球 巡 迴 賽")).toBe("1926年，商人查爾斯·派爾建立了首個職業網球巡迴賽");
    expect(tidy("交 通 船 ( 順 風 輪 ) 的 票 價 : 三 百 元 ; 可 以 嗎 ?")).toBe("交通船（順風輪）的票價：三百元；可以嗎？");
  });

  it("mends two misreadings that cut a sentence in two: a period before a comma, and 「 read as !", () => {
    expect(tidy("鑑 於 新 教 徒 對 聖 經 正 典 的 質 疑 。, 天 特 會 議 重 申 了 傳 統 的 西 方 正 典")).toBe("鑑於新教徒對聖經正典的質疑，天特會議重申了傳統的西方正典");
    expect(tidy("後 常 在 居 民 點 的 井 旁 , 故 有 !市 井 」 之 稱")).toBe("後常在居民點的井旁，故有「市井」之稱");
    // A real exclamation mark inside a quotation stays.
    expect(tidy("他 喊 道 「 快 跑 ! 他 們 來 了 」")).toBe("他喊道「快跑！他們來了」");
    expect(tidy("太 好 了 ! 我 們 贏 了")).toBe("太好了！我們贏了");
  });

  it("reads a degree sign back from the marks the engine takes it for", () => {
    expect(tidy("平 均 高 溫 為 30”C 而 平 均 低 溫 為 24“C")).toBe("平均高溫為30°C而平均低溫為24°C");
    expect(tidy("超 過 32?C 或 低 於 21*C, 紀 錄 為 96? F")).toBe("超過32°C或低於21°C，紀錄為96°F");
    // A question or a quotation after a number, before a word, stays.
    expect(tidy("Is it 30? Call 555 “Cafe” now")).toBe("Is it 30? Call 555 “Cafe” now");
  });

  it("leaves numbers, English and a period between Chinese characters alone", () => {
    expect(tidy("距 離 球 網 6.40 米")).toBe("距離球網6.40米");
    expect(tidy("Sick leave: 30 days, half pay (by law)!")).toBe("Sick leave: 30 days, half pay (by law)!");
    expect(tidy("1,000 元")).toBe("1,000元");
  });

  it("keeps paragraphs and a table row's cells apart", () => {
    expect(ocrParagraphs("第 一 段 , 第 一 行\n第 一 段 第 二 行\n\n假 別    給 假 日 數    工 資\n婚 假    八 日    照 給\n")).toBe(
      "第一段，第一行第一段第二行\n\n假別 給假日數 工資\n婚假 八日 照給",
    );
  });

  it("joins a paragraph the engine parted mid-sentence, and leaves headings and ended paragraphs apart", () => {
    // A long line of prose that stops without an end mark, or a part that opens with a comma.
    expect(ocrParagraphs("在 新 北 市 的 工 業 就 業 人 口 中 , 以 製 造 業 和 營 造 業 為 大 宗 , 各 佔 總 就 業 人 口 27.82% 和\n\n8.90% 。")).toBe(
      "在新北市的工業就業人口中，以製造業和營造業為大宗，各佔總就業人口27.82%和8.90%。",
    );
    expect(ocrParagraphs("1545 年 至 1563 年 間 召 開 的 會 議 中\n\n, 天 特 會 議 重 申 了 傳 統 的 西 方 正 典 。")).toBe("1545年至1563年間召開的會議中，天特會議重申了傳統的西方正典。");
    // Short, but with a clause comma: prose, not a heading.
    expect(ocrParagraphs("發 球 線 與 底 線 及 球 網 平 行 , 距 離 球 網 6.40\n\n米 。 單 打 邊 線 在 外")).toBe("發球線與底線及球網平行，距離球網6.40米。單打邊線在外");
    expect(ocrParagraphs("The court held that the statute, read as a whole, applies to every contract signed\n\nafter the first of May.")).toBe(
      "The court held that the statute, read as a whole, applies to every contract signed after the first of May.",
    );
    // A heading, a finished paragraph, and a table stay apart.
    expect(ocrParagraphs("第 一 章 總 則\n\n本 規 則 適 用 於 全 體 員 工 。")).toBe("第一章總則\n\n本規則適用於全體員工。");
    expect(ocrParagraphs("員 工 請 假 應 事 先 提 出 申 請 , 經 主 管 核 准 後 始 得 離 開 工 作 崗 位 。\n\n婚 假 八 日 。")).toBe(
      "員工請假應事先提出申請，經主管核准後始得離開工作崗位。\n\n婚假八日。",
    );
    expect(ocrParagraphs("各 假 別 之 給 假 日 數 與 工 資 如 下 表 所 列 , 未 列 者 依 勞 動 基 準 法 辦 理\n\n假 別    給 假 日 數\n婚 假    八 日")).toBe(
      "各假別之給假日數與工資如下表所列，未列者依勞動基準法辦理\n\n假別 給假日數\n婚假 八日",
    );
  });
});

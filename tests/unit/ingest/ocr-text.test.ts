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
});

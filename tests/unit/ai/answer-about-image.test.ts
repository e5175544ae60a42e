import { describe, expect, it } from "vitest";
import { composeAnswerWithImage } from "@/lib/server/ai/offline/answer-about-image";
import { describeImage } from "@/lib/server/ai/offline/describe-image";

const FACTS = { type: "image/png", width: 64, height: 64, bytes: 2_100, frames: 1, hasAlpha: false, colours: [{ hex: "#1f4fd8", share: 0.9 }] };
const ZH = describeImage(FACTS, "zh-TW");
const EN = describeImage(FACTS, "en");
const PASSAGES = [
  {
    n: 1,
    documentName: "垃圾清運.txt",
    page: null,
    content: "臺北市垃圾清運公告\n\n垃圾車每週一、三、五晚上七點收運一般垃圾。\n\n資源回收在每週二與週四收運，請將紙類、塑膠與金屬分開放置。\n\n廚餘請以有蓋容器盛裝，於垃圾車到達時交給隨車人員。",
  },
];
const base = { assistantName: "文件助理", rolePrompt: "", passages: PASSAGES, documentNames: ["垃圾清運.txt"] };

describe("composeAnswerWithImage (offline)", () => {
  it("quotes the line of the analysis that answers: colours for a colour question, the file for a size question", () => {
    const colour = composeAnswerWithImage({ ...base, locale: "zh-TW", question: "這張圖片是什麼顏色？", image: ZH });
    expect(colour).toContain("> 主要顏色：藍色。");
    expect(colour).not.toContain("64 × 64");
    const size = composeAnswerWithImage({ ...base, locale: "zh-TW", question: "這張圖的尺寸多大？", image: ZH });
    expect(size).toContain("64 × 64 像素");
    expect(size).toContain("2 KB");
    expect(size).not.toContain("藍色");
    const english = composeAnswerWithImage({ ...base, locale: "en", question: "How many pixels is the picture?", image: EN });
    expect(english).toContain("64 × 64 pixels");
    expect(english).not.toContain("blue");
  });

  it("gives the whole analysis, with what it cannot see, when the question asks for something it does not say", () => {
    const reply = composeAnswerWithImage({ ...base, locale: "zh-TW", question: "照片裡的人在做什麼？", image: ZH });
    expect(reply).toContain("以下是您附上的圖片的分析結果");
    expect(reply).toContain("主要顏色：藍色。");
    expect(reply).toContain("> 離線模式只能描述檔案本身；設定具備視覺能力的 AI 模型後即可辨識圖片內容。");
    expect(reply).toContain("（離線模式：回覆摘錄自圖片分析）");
    // An image with no question is described too.
    expect(composeAnswerWithImage({ ...base, locale: "en", question: "", image: EN })).toContain("Offline mode describes only the file itself");
  });

  it("adds what the documents say when the question also concerns them, and leaves a documents question to the documents", () => {
    const both = composeAnswerWithImage({ ...base, locale: "zh-TW", question: "這張照片裡的東西，資源回收是哪幾天收？", image: ZH });
    expect(both).toContain("主要顏色：藍色。");
    expect(both.indexOf("主要顏色")).toBeLessThan(both.indexOf("資源回收在每週二與週四收運"));
    expect(both).toContain("[1]");
    const documents = composeAnswerWithImage({ ...base, locale: "zh-TW", question: "資源回收是哪幾天？", image: ZH });
    expect(documents).toContain("資源回收在每週二與週四收運");
    expect(documents).not.toContain("藍色");
  });

  it("works from a vision model's free-text description as well", () => {
    const vision = "照片中是一隻橘色的貓躺在木頭地板上。\n背景有一扇窗戶。";
    expect(composeAnswerWithImage({ ...base, locale: "zh-TW", question: "圖片裡有什麼動物？", image: vision })).toContain("以下是您附上的圖片的分析結果");
    const cat = composeAnswerWithImage({ ...base, locale: "zh-TW", question: "這張照片的背景是什麼？", image: vision });
    expect(cat).toContain("> 背景有一扇窗戶。");
    expect(cat).not.toContain("橘色的貓");
  });
});

import { describe, expect, it } from "vitest";
import { refersBackToAsked } from "@/lib/server/ai/offline/refers-back";
import { composeAnswer } from "@/lib/server/ai/offline/compose-answer";

/** The offline reply in Chinese to `question` over one document holding `content`. */
function replyFrom(question: string, documentName: string, content: string): string {
  return composeAnswer({ locale: "zh-TW", question, assistantName: "A", rolePrompt: "", passages: [{ n: 1, documentName, page: null, content }], documentNames: [documentName] });
}

describe("refersBackToAsked", () => {
  it("sees a sentence point back at the thing a Chinese question asks for", () => {
    expect(refersBackToAsked("五月天的哪一張專輯得到了第十二屆金曲獎的「最佳樂團獎」?", "五月天也以這張專輯獲得第十二屆金曲獎的「最佳樂團獎」。")).toBe(true);
    expect(refersBackToAsked("網球因為什麼制度的廢棄而進入開放時代？", "1968年，由於商業的壓力導致這項制度的廢棄，網球進入了開放年代。")).toBe(true);
    expect(refersBackToAsked("何種動物在建造水壩時會大幅改變生態系統？", "牠們在建造水壩的時候大幅改變了生態系統。")).toBe(true);
    expect(refersBackToAsked("誰創立了這家公司？", "他後來把公司賣給了對手。")).toBe(true);
  });

  it("does not where the sentence names its subject, or points at something else", () => {
    expect(refersBackToAsked("五月天的哪一張專輯得到了金曲獎?", "五月天以《愛情萬歲》獲得金曲獎。")).toBe(false);
    expect(refersBackToAsked("網球因為什麼制度的廢棄而進入開放時代？", "這一年網球進入了開放年代。")).toBe(false);
    expect(refersBackToAsked("五月天在哪一年成立？", "他們在這一年發行了第一張專輯。")).toBe(false);
    expect(refersBackToAsked("Which treaty ended the war?", "The Treaty of Paris ended the war in 1783.")).toBe(false);
    expect(refersBackToAsked("When was the company founded?", "It was founded in 1998.")).toBe(false);
    // English questions are left as they are: reading them so cost SQuAD a little.
    expect(refersBackToAsked("Which treaty ended the war?", "This treaty was signed in Paris in 1783.")).toBe(false);
  });
});

describe("composeAnswer, when the best sentence points back at what is asked", () => {
  it("opens with the sentence before it, which names the answer, and reads on into the best one", () => {
    const reply = replyFrom("五月天的哪一張專輯得到了第十二屆金曲獎的「最佳樂團獎」？", "五月天.txt", "五月天於1999年發行第一張專輯。2000年，五月天發行第二張專輯《愛情萬歲》。五月天也以這張專輯獲得第十二屆金曲獎的「最佳樂團獎」。同年樂團舉辦巡迴演唱會。");
    expect(reply).toContain("> 2000年，五月天發行第二張專輯《愛情萬歲》。五月天也以這張專輯獲得第十二屆金曲獎的「最佳樂團獎」。");
    expect(reply).not.toContain("它的前文");
  });
});

describe("composeAnswer, when the kind of answer asked for is in the sentence before the best one", () => {
  it("opens with that sentence and reads on, rather than quoting it after as what comes before", () => {
    const reply = replyFrom("台北101的啟用典禮在什麼時候舉行？", "台北101.txt", "大樓的設計者是李祖原。大樓於2004年12月31日完工。完工當天，台北101舉行了盛大的啟用典禮，吸引大批民眾。此後成為臺北的地標。");
    expect(reply).toContain("\n\n> 大樓於2004年12月31日完工。完工當天，台北101舉行了盛大的啟用典禮，吸引大批民眾。");
    expect(reply).not.toContain("它的前文");
  });
});

describe("composeAnswer, when the kind of answer asked for opens the sentences before the best one", () => {
  it("opens with the first of them and reads on, when the one right before holds another word of the question", () => {
    const reply = replyFrom("台北101的啟用典禮在什麼時候舉行？", "台北101.txt", "大樓的設計者是李祖原。大樓於2004年12月31日完工。啟用前大樓經過安全檢查。台北101舉行了盛大的典禮，吸引大批民眾。此後成為臺北的地標。");
    expect(reply).toContain("\n\n> 大樓於2004年12月31日完工。啟用前大樓經過安全檢查。台北101舉行了盛大的典禮，吸引大批民眾。");
    expect(reply).not.toContain("它的前文");
  });
});

describe("composeAnswer, when the sentence after the best one refers back to it and holds the kind of answer asked for", () => {
  it("opens with that sentence, and quotes the best one after it as what comes before", () => {
    const reply = replyFrom("北海艦隊強，南海艦隊弱的局面在哪一年代之後才逐漸改變？", "海軍.txt", "海軍建設從一開始就按北中南的順序配置軍艦，形成了北海艦隊強、南海艦隊弱的局面。這個狀態直到1980年代才有所轉變。此後南海艦隊逐步擴充。");
    // The first quote a reader meets opens with the answer.
    expect(reply).toMatch(/^[^>]*\n\n> 這個狀態直到1980年代才有所轉變。/u);
    expect(reply).toContain("它的前文：\n\n> 海軍建設從一開始就按北中南的順序配置軍艦，形成了北海艦隊強、南海艦隊弱的局面。 [1]");
  });
});

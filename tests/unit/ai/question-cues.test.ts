import { describe, expect, it } from "vitest";
import { cuesOf, offers, wantedBy } from "@/lib/server/ai/offline/question-cues";

describe("wantedBy", () => {
  it("reads what kind of answer a question asks for", () => {
    expect(wantedBy("多倫多大學創立於何時?")).toBe("time");
    expect(wantedBy("When did the strikes happen?")).toBe("time");
    expect(wantedBy("世界上約有多少百分比的機車集中於亞洲?")).toBe("number");
    expect(wantedBy("How many plant species are there?")).toBe("number");
    expect(wantedBy("Who hosted the show?")).toBe("name");
    expect(wantedBy("In what country is most of the forest?")).toBe("name");
    expect(wantedBy("微笑單車取代了什麼系統？")).toBeNull();
  });

  it("does not take 幾乎 (almost), 幾何 (geometry) or 許多高校 (many universities) for asking a figure", () => {
    expect(wantedBy("拜占庭帝國在飲食上比較特別的是，幾乎所有食物都喜歡加入什麼油調味?")).toBeNull();
    expect(wantedBy("幾何光學，又稱為什麼?")).toBeNull();
    expect(wantedBy("許多高校於1969年時由於戰備大疏散和哪一個革命的破壞而遷出北京?")).toBeNull();
    // Still asked: how many years, how tall, how long.
    expect(wantedBy("臺北101有多高？")).toBe("number");
    expect(wantedBy("他在位幾年？")).toBe("number");
    expect(wantedBy("多久的時間為項城到濟南的邊荒國界時間?")).toBe("number");
  });
});

describe("offers", () => {
  const ask = (sentence: string, question: string) => offers(cuesOf(sentence), wantedBy(question)!, question.toLowerCase());

  it("finds a date for when, a figure for how many, a name for who", () => {
    expect(ask("學校始於1827年英國喬治四世頒布的皇家憲章。", "多倫多大學創立於何時?")).toBe(true);
    expect(ask("高鐵於二〇〇七年通車。", "高鐵何時通車？")).toBe(true);
    expect(ask("大部分的機車集中於亞洲，佔世界機車數量的約58%。", "世界上約有多少百分比的機車集中於亞洲?")).toBe(true);
    expect(ask("特休假 七日 全薪", "特休假有幾天？")).toBe(true);
    expect(ask("Hosted by Regis Philbin, the program became a success.", "Who hosted the show?")).toBe(true);
  });

  it("does not count what the question itself says, nor a sentence without the kind asked for", () => {
    expect(ask("In 1951, Noble held a stake in the network.", "What happened to the network in 1951, and when?")).toBe(false);
    expect(ask("The line runs between the northern and southern cities.", "How many stations are on the line?")).toBe(false);
    expect(ask("the program became a success.", "Who hosted the program?")).toBe(false);
  });
});

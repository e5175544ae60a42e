import { describe, expect, it } from "vitest";
import { composeAnswer, type AnswerInput } from "@/lib/server/ai/offline/compose-answer";
import { documentsLanguage, languageOfNames } from "@/lib/server/ai/offline/other-language";
import { isWellFormedQuestion } from "@/lib/server/ai/offline/topic-questions";

const offered = (reply: string) => reply.split("\n").filter((l) => l.startsWith("- ")).map((l) => l.slice(2));

describe("offline: a question in the other language than the documents", () => {
  const chinese = { n: 1, documentName: "三權分立.txt", page: null, content: "三權分立是一種政治學說。\n\n三權分立將國家權力分為立法權、行政權與司法權，分別由不同機關行使。" };
  const english = { n: 1, documentName: "railway.txt", page: null, content: "High-speed rail\n\nThe railway opened in 2007. Trains run at up to 300 km/h between Taipei and Kaohsiung." };
  const ask = (input: Partial<AnswerInput>) => composeAnswer({ locale: "en", question: "", assistantName: "A", rolePrompt: "", passages: [], documentNames: [], ...input });

  it("says plainly, in English, that the documents are Chinese, and offers well-formed Chinese questions", () => {
    for (const passages of [[chinese], []]) {
      const reply = ask({ question: "What is the separation of powers?", passages, documentNames: ["三權分立.txt"] });
      expect(reply).toMatch(/^These documents are written in Chinese/);
      expect(reply).not.toContain("I could not find anything");
      const questions = offered(reply);
      expect(questions.length).toBeGreaterThan(0);
      for (const q of questions) expect(isWellFormedQuestion(q, "zh-TW"), q).toBe(true);
    }
  });

  it("says so in Chinese for a Chinese question over English documents, offering English questions", () => {
    const reply = ask({ locale: "zh-TW", question: "高鐵何時通車？", passages: [english], documentNames: ["railway.txt"] });
    expect(reply).toMatch(/^這些文件是以英文撰寫的/);
    const questions = offered(reply);
    expect(questions.length).toBeGreaterThan(0);
    for (const q of questions) expect(isWellFormedQuestion(q, "en"), q).toBe(true);
  });

  it("says the usual 'not found' to a question that holds words in the documents' language too", () => {
    const reply = ask({ question: "How many days of annual leave? 特休假有幾天？", passages: [], documentNames: ["三權分立.txt"] });
    expect(reply).toMatch(/^I could not find anything in the documents that answers this directly\./);
    expect(reply).not.toContain("These documents are written in Chinese");
    const zh = ask({ locale: "zh-TW", question: "Railway 高鐵的票價是多少？", passages: [], documentNames: ["railway.txt"] });
    expect(zh).not.toMatch(/^這些文件是以英文撰寫的/);
  });

  it("answers as usual when the languages agree, and reads Latin file names as no sign of English", () => {
    expect(ask({ question: "When did the railway open?", passages: [english], documentNames: ["railway.txt"] })).toContain("> The railway opened in 2007.");
    expect(ask({ locale: "zh-TW", question: "高鐵何時通車？", documentNames: ["handbook.pdf"] })).toMatch(/^在目前的文件中找不到/);
    expect(languageOfNames(["handbook.pdf"])).toBeNull();
    expect(languageOfNames(["三權分立.txt"])).toBe("zh-TW");
    expect(documentsLanguage(["A Chinese name 王小明 inside English prose."])).toBe("en");
    expect(documentsLanguage(["123 456"])).toBeNull();
  });
});

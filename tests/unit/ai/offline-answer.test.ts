import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { streamText, generateText } from "ai";
import { composeAnswer, matchSentences, SENTENCE_CACHE_LIMIT, sentenceCacheSize, type AnswerInput, type OfflinePassage } from "@/lib/server/ai/offline/compose-answer";
import { estimateTokens, offlineModel, streamPieces } from "@/lib/server/ai/offline/offline-model";
import { splitSentences } from "@/lib/server/ai/offline/sentences";
import { sentencesOf } from "@/lib/server/ai/offline/passage-sentences";
import { chunkDocument } from "@/lib/server/ingest/chunker";
import { parseDocument } from "@/lib/server/ingest/worker/parse-document.mjs";
import { FIXTURE_DIR } from "@/scripts/make-fixtures";

const passages = [
  {
    n: 1,
    documentName: "高鐵簡介.pdf",
    page: 3,
    content: "臺灣高速鐵路於二〇〇七年通車。全長約三百五十公里，連接臺北與高雄。列車最高營運速度為每小時三百公里。沿線設有十二座車站。",
  },
  { n: 2, documentName: "票價表.pdf", page: 1, content: "標準車廂全票自臺北至左營為一千四百九十元。商務車廂另計。" },
];

const base: AnswerInput = { locale: "zh-TW", question: "", assistantName: "高鐵小幫手", rolePrompt: "你是高鐵的客服人員。\n其他設定", passages, documentNames: ["高鐵簡介.pdf", "票價表.pdf"] };

describe("splitSentences", () => {
  it("splits Chinese at 。！？； and keeps closing quotes with the sentence", () => {
    expect(splitSentences("他說：「好。」我們走吧！真的嗎？")).toEqual(["他說：「好。」", "我們走吧！", "真的嗎？"]);
  });

  it("splits English only where . ! ? meet white space, so 3.5 and e.g. stay whole", () => {
    expect(splitSentences("It is 3.5 km long. Version 2.0 is out! Why?")).toEqual(["It is 3.5 km long.", "Version 2.0 is out!", "Why?"]);
    expect(splitSentences("line one\nline two")).toEqual(["line one", "line two"]);
    expect(splitSentences("  ")).toEqual([]);
  });

  it("reads a writer's line wraps inside a sentence as spaces (nothing between Chinese characters), and every other line break as an end", () => {
    const wrapped = "Migrations are committed SQL in lib/server/db/migrations and apply at start, under an advisory\nlock, so several instances can start at once. Another sentence.";
    expect(splitSentences(wrapped)).toEqual([
      "Migrations are committed SQL in lib/server/db/migrations and apply at start, under an advisory lock, so several instances can start at once.",
      "Another sentence.",
    ]);
    expect(splitSentences("資源回收車每週二與週四晚間七點在各里指定地點收運，請民眾將紙類、塑膠\n與金屬分開放置。")).toEqual(["資源回收車每週二與週四晚間七點在各里指定地點收運，請民眾將紙類、塑膠與金屬分開放置。"]);
    // Short lines (headings, labels, addresses), lines that end a clause, and blocks stay apart.
    expect(splitSentences("Configuration\nSet DATABASE_URL to use PostgreSQL")).toEqual(["Configuration", "Set DATABASE_URL to use PostgreSQL"]);
    expect(splitSentences("These settings are read once, at start, from the environment of the process:\nPORT and HOST")).toEqual([
      "These settings are read once, at start, from the environment of the process:",
      "PORT and HOST",
    ]);
    for (const block of ["- the second item of a list that is long enough", "2) the second step", "# A heading", "> a quotation", "| a | table |", "```sh"]) {
      expect(splitSentences(`- the first item of a list, which runs on long enough to wrap\n${block}`), block).toHaveLength(2);
    }
    expect(splitSentences("## A heading that happens to be long enough to look wrapped\nthe paragraph under it")).toHaveLength(2);
    // Code: inside a fence every line is its own, and so is a line of words lined up in columns.
    const fenced = "```sh\nnpm run typecheck --pretty --incremental --project tsconfig.json\nnpm run db:generate --name add_the_table\n```";
    expect(splitSentences(fenced)).toEqual(["```sh", "npm run typecheck --pretty --incremental --project tsconfig.json", "npm run db:generate --name add_the_table", "```"]);
    expect(splitSentences("npm run typecheck      # tsc over everything, tests included\nnpm run db:generate    # writes a new migration")).toHaveLength(2);
    // A wrapped list item's continuation is part of it.
    expect(splitSentences("- the first item of a list, which runs on long enough to wrap\n  onto an indented second line.")).toEqual([
      "- the first item of a list, which runs on long enough to wrap onto an indented second line.",
    ]);
  });

  it("takes a period after a lone capital for an initial, not the end of a sentence", () => {
    expect(splitSentences("Mathematicians such as G. H. Hardy prided themselves on it. Others did not.")).toEqual([
      "Mathematicians such as G. H. Hardy prided themselves on it.",
      "Others did not.",
    ]);
  });
});

/** The quoted lines of a reply, without their "> " and citation. */
const splitSentencesOf = (passage: OfflinePassage) => sentencesOf(passage.content, passage.pageBreaks ?? null).sentences;
const quotesOf = (reply: string) => reply.split("\n").filter((line) => line.startsWith("> ")).map((line) => line.slice(2).replace(/ \[\d+\]$/, ""));

describe("composeAnswer", () => {
  it("answers the same from passages it has seen before, and from a passage whose text changed, from the new text", () => {
    const question = "高鐵列車最高營運速度是多少？";
    const first = composeAnswer({ ...base, question });
    expect(composeAnswer({ ...base, question })).toBe(first);
    // Same citation number and document, new text: the quote follows the text.
    const changed = [{ ...passages[0], content: passages[0].content.replace("每小時三百公里", "每小時三百二十公里") }, passages[1]];
    expect(composeAnswer({ ...base, question, passages: changed })).toContain("每小時三百二十公里");
    expect(composeAnswer({ ...base, question })).toBe(first);
  });

  it("keeps the sentences of at most SENTENCE_CACHE_LIMIT passages", () => {
    for (let i = 0; i < SENTENCE_CACHE_LIMIT + 20; i++) {
      composeAnswer({ ...base, question: "高鐵的速度？", passages: [{ n: 1, documentName: "a.txt", page: null, content: `第 ${i} 段：高鐵的速度是每小時三百公里。` }] });
    }
    expect(sentenceCacheSize()).toBe(SENTENCE_CACHE_LIMIT);
  });

  it("opens with the sentence that answers, then the one after it, and cites document and page", () => {
    const text = composeAnswer({ ...base, question: "高鐵列車最高營運速度是多少？" });
    expect(text).toMatch(/^根據文件，最相關的內容如下：/);
    expect(text).toContain("\n\n> 列車最高營運速度為每小時三百公里。沿線設有十二座車站。 [1]");
    expect(text).toContain("— 《高鐵簡介.pdf》 第 3 頁");
    expect(text).toContain("離線模式");
  });

  it("quotes what comes closest, without saying the documents hold no answer, when some of the question's words are in the passage", () => {
    const text = composeAnswer({ ...base, question: "高鐵最高時速是多少？" });
    expect(text).toMatch(/^文件中與這個問題最接近的內容如下：/);
    expect(text).not.toContain("文件中沒有找到直接的答案");
    expect(text).toContain("每小時三百公里");
  });

  it("does not say the documents may not answer when the quote holds the question's words, however common they are in the passages", () => {
    const passage = {
      n: 1,
      documentName: "西沙群島.txt",
      page: null,
      content:
        "西沙群島，印歐語系國家又稱之為帕拉塞爾群島，越南稱黃沙群島，是中國南海上的四大群島之一，中國古稱萬里石塘。西沙群島主體由永樂群島和宣德群島組成，海岸線總長518公里。西沙群島屬熱帶季風氣候。西沙群島的漁業資源豐富。",
    };
    const text = composeAnswer({ ...base, question: "西沙群島位在哪一片海域？", passages: [passage], documentNames: ["西沙群島.txt"] });
    expect(text).not.toContain("文件中沒有找到直接的答案");
    expect(text).toMatch(/^文件中與這個問題最接近的內容如下：\n\n> 西沙群島，印歐語系國家又稱之為帕拉塞爾群島，越南稱黃沙群島，是中國南海上的四大群島之一/);
  });

  it("says the documents may not answer when the sentence quoted shares hardly any of the question's words", () => {
    const passage = { n: 1, documentName: "保養.txt", page: null, content: "定期檢查車輛與高架橋。員工每年受訓兩次。辦公室位於臺北。" };
    const text = composeAnswer({ ...base, question: "高鐵乘車規定？", passages: [passage] });
    expect(text).toMatch(/^文件中沒有找到直接的答案，以下內容可能相關：/);
  });

  it("takes context only from the same paragraph, never the next heading", () => {
    const text = composeAnswer({
      ...base,
      question: "十二座車站包括哪些？",
      passages: [{ n: 1, documentName: "高鐵.txt", page: null, content: "沿線車站\n\n高鐵沿線設有十二座車站。包括南港、臺北與左營。\n\n票價與優惠" }],
    });
    expect(text).toContain("> 高鐵沿線設有十二座車站。包括南港、臺北與左營。 [1]");
    expect(text).not.toContain("票價與優惠");
    expect(text).not.toMatch(/沿線車站高鐵/);
  });

  it("draws on a lower-ranked passage when its sentence answers better", () => {
    const text = composeAnswer({ ...base, question: "臺北到左營的全票票價是多少？" });
    expect(text).toContain("一千四百九十元");
    expect(text).toContain("[2]");
    expect(text).toContain("《票價表.pdf》 第 1 頁");
  });

  it("says it found nothing, and names the documents, when no sentence shares the question's terms", () => {
    const text = composeAnswer({ ...base, question: "火星的大氣成分是什麼？" });
    expect(text).toContain("找不到");
    expect(text).toContain("《高鐵簡介.pdf》、《票價表.pdf》");
    expect(text).not.toContain(">");
  });

  it("asks for documents when there are none", () => {
    expect(composeAnswer({ ...base, passages: [], documentNames: [], question: "高鐵多快？" })).toContain("請先上傳文件");
  });

  it("introduces itself with the owner's name and the first line of the role prompt", () => {
    for (const greeting of ["你好", "您好！", "Hello", "你是誰？"]) expect(composeAnswer({ ...base, question: greeting }), greeting).toContain("高鐵小幫手");
    const text = composeAnswer({ ...base, question: "你好" });
    expect(text).toContain("您好，我是高鐵小幫手。");
    expect(text).toContain("你是高鐵的客服人員。");
    expect(text).not.toContain("其他設定");
    // The same words suit the owner and a visitor on a shared link, whose documents they are not.
    expect(text).toContain("請問我關於這些文件的任何問題");
    expect(text).not.toMatch(/您上傳|您的文件/);
    expect(composeAnswer({ ...base, locale: "en", question: "Hello" })).not.toMatch(/you uploaded|your documents/i);
  });

  it("answers in English with English labels", () => {
    const text = composeAnswer({
      ...base,
      locale: "en",
      question: "How long is the line?",
      passages: [{ n: 1, documentName: "hsr.pdf", page: 2, content: "The line opened in 2007. It is about 350 km long. Trains run at 300 km/h." }],
    });
    expect(text).toMatch(/^Here is what the documents say about this:/);
    expect(text).toContain("It is about 350 km long.");
    expect(text).toContain("— *hsr.pdf*, page 2");
  });
});

describe("composeAnswer: headings, the sentences quoted and their pages", () => {
  const en = (question: string, passages: OfflinePassage[]) => composeAnswer({ ...base, locale: "en", question, passages });

  it("never opens with a heading, however many of the question's words it has", () => {
    const spec: OfflinePassage[] = [
      {
        n: 1,
        documentName: "mime-spec.pdf",
        page: 1,
        content:
          "Shared MIME-info Database\n\n1. Introduction\n\n1.1. Version\n\nThis is version 0.21 of the Shared MIME-info Database specification.\n\n" +
          "1.2. What is this spec?\n\nMany programs use the MIME system to represent the types of files. The shared database lets programs agree on the type of a file.",
      },
      { n: 2, documentName: "mime-spec.pdf", page: 2, content: "Shared MIME-info Database\n\n2. Unified system\n\nEveryone is keen to see the databases merged into a shared database." },
    ];
    const text = en("What is the purpose of the shared MIME-info database?", spec);
    const quotes = quotesOf(text);
    expect(quotes.length).toBeGreaterThan(0);
    for (const quote of quotes) {
      expect(quote).not.toMatch(/^(?:Shared MIME-info Database|\d+(?:\.\d+)*\. )/);
      expect(quote).toMatch(/[.!?]$/);
    }
    expect(quotes[0]).toMatch(/^This is version 0\.21|^Many programs|^The shared database/);
  });

  it("quotes the text under a heading when only the heading shares the question's words", () => {
    const text = composeAnswer({ ...base, question: "退票規定", passages: [{ n: 1, documentName: "規章.pdf", page: 4, content: "退票規定\n\n乘客可於開車前到車站辦理，每張收取手續費二十元。" }] });
    expect(quotesOf(text)).toEqual(["乘客可於開車前到車站辦理，每張收取手續費二十元。"]);
  });

  it("keeps a PDF heading out of the quote of the paragraph under it, and cites the page of what it quotes", async () => {
    const parsed = await parseDocument(readFileSync(path.join(FIXTURE_DIR, "zh-handbook.pdf")), "pdf");
    const passages = chunkDocument({ pages: parsed.pages }).map((c, i) => ({ n: i + 1, documentName: "員工手冊.pdf", page: c.pageStart, pageEnd: c.pageEnd, pageBreaks: c.pageBreaks, content: c.content }));
    expect(passages).toHaveLength(1);
    const ask = (question: string) => composeAnswer({ ...base, question, passages });

    const hours = ask("上班時間是幾點到幾點？");
    expect(quotesOf(hours)[0]).toMatch(/^上班時間為每日上午九時至下午六時/);
    expect(hours).not.toMatch(/第二章|上班時間上班時間/);
    expect(hours).toContain("— 《員工手冊.pdf》 第 1 頁\n");
    expect(ask("病假有幾天？")).toMatch(/> 病假 三十日 半薪 \[1\]\n\n— 《員工手冊.pdf》 第 2 頁\n/);
    expect(ask("健康檢查多久一次？")).toMatch(/> 本公司每年為員工安排健康檢查[^\n]*\[1\]\n\n— 《員工手冊.pdf》 第 3 頁\n/);
  });

  it("cites the page of the quoted sentences within a passage over pages 1–3, and the whole range when the page breaks are unknown", () => {
    const pages = ["第一頁說明高鐵的票價：全票一千四百九十元。", "第二頁說明高鐵的車站：沿線共有十二座車站。", "第三頁說明高鐵的速度：最高時速三百公里。"];
    const content = pages.join("\n\n");
    const pageBreaks = [pages[0].length + 2, pages[0].length + pages[1].length + 4];
    const passage = { n: 1, documentName: "高鐵.pdf", page: 1, pageEnd: 3, pageBreaks, content };
    const ask = (question: string, p: OfflinePassage) => composeAnswer({ ...base, question, passages: [p] });
    expect(ask("高鐵的全票票價是多少？", passage)).toContain("— 《高鐵.pdf》 第 1 頁\n");
    expect(ask("高鐵最高時速是多少？", passage)).toContain("— 《高鐵.pdf》 第 3 頁\n");
    expect(ask("高鐵的全票票價是多少？", { ...passage, pageBreaks: null })).toContain("— 《高鐵.pdf》 第 1–3 頁\n");
  });

  it("reads a sentence that runs on to the next page whole, citing both pages; a page that ends a sentence stays a break", () => {
    // A scan's page ends mid-sentence on a full line; the next page's first line finishes it.
    const first = "本辦法依據公司章程訂定，適用於本公司全體正式員工及約聘人員，員工到職滿一年者，每年享有特別休假七日，到職滿三年";
    const second = "者每年享有特別休假十四日，並得於年度內分次申請。\n\n請假應於三日前以書面提出申請。";
    const content = `${first}\n\n${second}`;
    const passage = { n: 1, documentName: "人事規章.pdf", page: 2, pageEnd: 3, pageBreaks: [first.length + 2], content };
    const text = composeAnswer({ ...base, question: "到職滿三年的員工每年有幾日特別休假？", passages: [passage] });
    expect(quotesOf(text)[0]).toContain("到職滿三年者每年享有特別休假十四日");
    expect(text).toContain("— 《人事規章.pdf》 第 2–3 頁\n");
    // The same text without its page break known reads two paragraphs, the answer cut in two.
    expect(quotesOf(composeAnswer({ ...base, question: "到職滿三年的員工每年有幾日特別休假？", passages: [{ ...passage, pageBreaks: null }] }))[0]).not.toContain("到職滿三年者");
    // A page that ends with its sentence is a break, as before.
    const ended = { ...passage, content: `${first}。\n\n${second}`, pageBreaks: [first.length + 3] };
    expect(splitSentencesOf(ended)).toContain(`${first}。`);
  });

  it("quotes a clause after a semicolon from the start of its sentence", () => {
    const passage = { n: 1, documentName: "中山.txt", page: null, content: "中山市位於珠江口。2014年，中山市地區生產總值為2823億元；人均生產總值88953元，失業率為2.16%。" };
    const text = composeAnswer({ ...base, question: "中山市在何時人均生產總值為88953元？", passages: [passage] });
    expect(quotesOf(text)[0]).toMatch(/^2014年，中山市地區生產總值為2823億元；人均生產總值88953元/);
  });

  it("quotes the answer first and the sentence before it, which it refers back to, after it", () => {
    const passage = { n: 1, documentName: "高鐵.txt", page: null, content: "臺灣高速鐵路連接臺北與高雄。它的最高營運速度為每小時三百公里。票價另計。" };
    const text = composeAnswer({ ...base, question: "最高營運速度是多少？", passages: [passage] });
    expect(quotesOf(text)).toEqual(["它的最高營運速度為每小時三百公里。票價另計。", "臺灣高速鐵路連接臺北與高雄。"]);
    expect(text).toContain("它的前文：\n\n> 臺灣高速鐵路連接臺北與高雄。 [1]");
    const english = en("What is its top speed?", [{ ...passage, content: "The railway links Taipei and Kaohsiung. Its top speed is 300 km/h. Fares vary." }]);
    expect(quotesOf(english)).toEqual(["Its top speed is 300 km/h. Fares vary.", "The railway links Taipei and Kaohsiung."]);
    expect(english).toContain("What comes just before it:");
  });

  it("opens with the sentence holding the kind of answer asked for: a date for when", () => {
    const founding = { n: 1, documentName: "history.txt", page: null, content: "The university was founded by the church.\n\nIt has twelve colleges today.\n\nThe university was founded in 1827." };
    expect(quotesOf(en("When was the university founded?", [founding]))[0]).toBe("The university was founded in 1827.");
    const opening = { n: 1, documentName: "高鐵.txt", page: null, content: "高鐵通車帶動沿線發展。\n\n沿線設有十二座車站。\n\n高鐵於二〇〇七年通車。" };
    expect(quotesOf(composeAnswer({ ...base, question: "高鐵何時通車？", passages: [opening] }))[0]).toBe("高鐵於二〇〇七年通車。");
  });

  it("quotes a second, separate part of the best passage when it answers nearly as well", () => {
    const content = "高鐵票價依距離計算。\n\n車站設有售票窗口。\n\n" + "沿線風景優美。".repeat(3) + "\n\n學生票價為全票的八折。";
    const match = matchSentences("高鐵學生票價", [{ n: 1, documentName: "票價.txt", page: null, content }])!;
    expect(match.quotes.map((q) => q.read.sentences[q.index])).toEqual(["學生票價為全票的八折。", "高鐵票價依距離計算。"]);
  });
});

describe("composeAnswer: Markdown tables", () => {
  const fares = {
    n: 1,
    documentName: "票價.md",
    page: null,
    content: "## 票價\n\n| 車廂 | 臺北至左營 | 臺北至臺中 |\n| --- | :---: | ---: |\n| 標準車廂 | 1490 元 | 700 元 |\n| 商務車廂 | 2440 元 | 1100 元 |\n| 自由座 | 1445 元。限當日 | |\n\n兒童票為全票半價。",
  };

  it("quotes the row that answers under its columns' labels, alone, never the header or the rule", () => {
    expect(quotesOf(composeAnswer({ ...base, question: "標準車廂到臺中票價？", passages: [fares] }))).toEqual(["車廂：標準車廂；臺北至左營：1490 元；臺北至臺中：700 元。"]);
    // The row's own words pick it; the header's (臺北, 左營) count for every row.
    expect(quotesOf(composeAnswer({ ...base, question: "商務車廂臺北到左營多少錢？", passages: [fares] }))[0]).toBe("車廂：商務車廂；臺北至左營：2440 元；臺北至臺中：1100 元。");
    // A cell's 。 does not end the row, and an empty cell is left out.
    expect(quotesOf(composeAnswer({ ...base, question: "自由座多少錢？", passages: [fares] }))[0]).toBe("車廂：自由座；臺北至左營：1445 元。限當日。");
    const rows = splitSentences(fares.content);
    expect(rows).toContain("| 自由座 | 1445 元。限當日 | |");
    // Asked with the header's words only, the reply is a row, not the header line.
    for (const quote of quotesOf(composeAnswer({ ...base, question: "臺北至左營", passages: [fares] }))) expect(quote).not.toMatch(/\||---/);
  });

  it("answers from a Word document's table through ingestion: the row under its columns' labels", async () => {
    const parsed = await parseDocument(readFileSync(path.join(FIXTURE_DIR, "zh-fares.docx")), "docx");
    const passages = chunkDocument({ pages: parsed.pages }).map((c, i) => ({ n: i + 1, documentName: "票價.docx", page: c.pageStart, content: c.content }));
    const reply = composeAnswer({ ...base, question: "商務車廂到臺中多少錢？", passages });
    expect(quotesOf(reply)[0]).toBe("車廂：商務車廂；臺北至左營：2440 元；臺北至臺中：1100 元。");
  });

  it("labels in the reply's language, and quotes a table without a header row cell by cell", () => {
    const english = { n: 1, documentName: "fares.md", page: null, content: "| Class | Taipei–Zuoying |\n|---|---|\n| Standard | 1490 |\n| Business | 2440 |" };
    expect(quotesOf(composeAnswer({ ...base, locale: "en", question: "How much is Business class to Zuoying?", passages: [english] }))[0]).toBe("Class: Business; Taipei–Zuoying: 2440.");
    const bare = { n: 1, documentName: "hours.md", page: null, content: "| 週一至週五 | 營業時間早上九點到下午五點 |\n| 週六 | 營業時間早上九點到中午 |" };
    expect(quotesOf(composeAnswer({ ...base, question: "週六的營業時間？", passages: [bare] }))[0]).toBe("週六；營業時間早上九點到中午。");
  });
});

describe("the offline model (LanguageModelV4)", () => {
  const providerOptions = { offline: { task: "answer", ...base, question: "高鐵最高時速是多少？", passages: passages.map((p) => ({ ...p })) } };

  it("streams its reply in pieces through the AI SDK and reports usage", async () => {
    const result = streamText({ model: offlineModel, prompt: "高鐵最高時速是多少？", providerOptions });
    const pieces: string[] = [];
    for await (const piece of result.textStream) pieces.push(piece);
    expect(pieces.length).toBeGreaterThan(5);
    expect(pieces.join("")).toContain("每小時三百公里");
    const usage = await result.usage;
    expect(usage.outputTokens).toBe(estimateTokens(pieces.join("")));
    expect(usage.inputTokens).toBeGreaterThan(0);
  });

  it("honours the output-token cap", async () => {
    const result = await generateText({ model: offlineModel, prompt: "x", providerOptions, maxOutputTokens: 10 });
    expect(estimateTokens(result.text)).toBeLessThanOrEqual(10);
    expect(result.finishReason).toBe("length");
  });

  it("counts a CJK character as one token and four other characters as one", () => {
    expect(estimateTokens("高鐵")).toBe(2);
    expect(estimateTokens("abcdefgh")).toBe(2);
    expect(estimateTokens("")).toBe(0);
    // Kana, Hangul, 々, and a Han character beyond the BMP (two code units, one token).
    expect(estimateTokens("ひらがなカタカナ")).toBe(8);
    expect(estimateTokens("한국어")).toBe(3);
    expect(estimateTokens("人々")).toBe(2);
    expect(estimateTokens("𠀀𪚥")).toBe(2);
    // Mixed: 4 CJK + "HSR " (4 units) + "300 km" (6 units) → 4 + ceil(10 / 4).
    expect(estimateTokens("高鐵HSR 時速300 km")).toBe(4 + 3);
    // Full-width punctuation is not a word of text: counted with the other characters.
    expect(estimateTokens("。。。。")).toBe(1);
  });

  it("streams a line at a time, every line break kept, nothing added or lost", () => {
    const text = "根據您的文件：\n\n> 高鐵時速三百公里 [1]\n\n— 《高鐵.pdf》 第 2 頁\n\n（離線模式）";
    const pieces = streamPieces(text);
    expect(pieces).toEqual(["根據您的文件：\n", "\n", "> 高鐵時速三百公里 [1]\n", "\n", "— 《高鐵.pdf》 第 2 頁\n", "\n", "（離線模式）"]);
    expect(pieces.join("")).toBe(text);
    expect(streamPieces("one line")).toEqual(["one line"]);
    expect(streamPieces("ends with a break\n")).toEqual(["ends with a break\n"]);
    expect(streamPieces("")).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { normalizeText, stem, termFrequencies, tokenize } from "@/lib/server/ingest/tokenizer";

describe("tokenize: Chinese", () => {
  it("keeps the segmenter's words", () => {
    const tokens = tokenize("台北市政府公告");
    expect(tokens).toEqual(expect.arrayContaining(["台北市", "政府", "公告"]));
  });

  it("adds characters and adjacent-character pairs, also across word boundaries", () => {
    const tokens = tokenize("台北市政府");
    expect(tokens).toEqual(expect.arrayContaining(["台", "北", "市", "政", "府", "台北", "北市", "市政", "政府"]));
  });

  it("recovers names the dictionary splits into single characters", () => {
    // The segmenter yields 陸|特 and 雷|頓; the pairs still match the same name in a question.
    expect(tokenize("陸特和漢斯雷頓開創了歐洲的梵語研究")).toEqual(expect.arrayContaining(["陸特", "雷頓", "漢斯"]));
  });

  it("drops function words and question words, and character pairs that contain them", () => {
    const tokens = tokenize("梵語的研究是在哪一個地區？什麼人？");
    for (const gone of ["的", "是", "在", "哪一", "什麼", "語的", "的研", "是在"]) expect(tokens).not.toContain(gone);
    expect(tokens).toEqual(expect.arrayContaining(["梵語", "研究", "地區"]));
  });

  it("lets a question and its passage share terms where the segmenter glues characters differently", () => {
    const question = new Set(tokenize("哪一種米是印度米的冠軍？"));
    const passage = tokenize("印度香米是印度米的冠軍");
    expect(passage.filter((t) => question.has(t))).toEqual(expect.arrayContaining(["冠軍", "印度", "米"]));
  });

  it("normalises full-width letters, digits and punctuation", () => {
    expect(tokenize("ＡＢＣ１２３，測試")).toEqual(tokenize("abc123,測試"));
    expect(normalizeText("ＡＢＣ　１２３")).toBe("abc 123");
  });

  it("emits no punctuation or whitespace tokens", () => {
    for (const token of tokenize("「你好」，世界！（測試）……\n\t")) expect(token).toMatch(/^[\p{L}\p{N}]+$/u);
  });
});

describe("tokenize: English", () => {
  it("lowercases, drops stopwords and stems", () => {
    expect(tokenize("The running dogs jumped over the fences.")).toEqual(["run", "dog", "jump", "fenc"]);
  });

  it("maps inflections of a word to one term", () => {
    expect(new Set(["connect", "connected", "connecting", "connection", "connections"].map(stem))).toEqual(
      new Set(["connect"]),
    );
  });

  it("strips possessives, abbreviation dots and diacritics", () => {
    expect(tokenize("the nation's")).toEqual(["nation"]);
    expect(tokenize("U.S.")).toEqual(["us"]);
    expect(tokenize("Beyoncé café")).toEqual(tokenize("Beyonce cafe"));
  });

  it("keeps numbers as written, without thousands separators", () => {
    expect(tokenize("In 1973, 1,000 barrels cost 3.14 dollars")).toEqual(["1973", "1000", "barrel", "cost", "3.14", "dollar"]);
  });

  it("handles text mixing Chinese and English", () => {
    const tokens = tokenize("iPhone手機在2007年發表, running iOS");
    expect(tokens).toEqual(expect.arrayContaining(["iphon", "手機", "2007", "年", "發表", "run", "io"]));
  });
});

describe("stem (Porter)", () => {
  it.each([
    ["caresses", "caress"],
    ["ponies", "poni"],
    ["cats", "cat"],
    ["agreed", "agre"],
    ["feed", "feed"],
    ["plastered", "plaster"],
    ["motoring", "motor"],
    ["sing", "sing"],
    ["conflated", "conflat"],
    ["hopping", "hop"],
    ["falling", "fall"],
    ["filing", "file"],
    ["happy", "happi"],
    ["sky", "sky"],
    ["relational", "relat"],
    ["conditional", "condit"],
    ["vietnamization", "vietnam"],
    ["hopefulness", "hope"],
    ["sensibiliti", "sensibl"],
    ["electrical", "electr"],
    ["goodness", "good"],
    ["replacement", "replac"],
    ["adoption", "adopt"],
    ["effective", "effect"],
    ["probate", "probat"],
    ["controll", "control"],
    ["generalizations", "gener"],
  ])("%s → %s", (word, expected) => {
    expect(stem(word)).toBe(expected);
  });

  it("leaves words of one or two letters alone", () => {
    expect(stem("as")).toBe("as");
    expect(stem("i")).toBe("i");
  });
});

describe("tokenize: edge cases", () => {
  it("returns nothing for empty, blank or punctuation-only text", () => {
    expect(tokenize("")).toEqual([]);
    expect(tokenize("   \n\t ")).toEqual([]);
    expect(tokenize("。，！？...---")).toEqual([]);
  });

  it("is deterministic", () => {
    const text = "網球比賽中如何判斷發球失誤？ How is a fault called in tennis?";
    expect(tokenize(text)).toEqual(tokenize(text));
  });
});

describe("termFrequencies", () => {
  it("counts each term", () => {
    expect(termFrequencies(["a", "b", "a"])).toEqual({ a: 2, b: 1 });
    expect(termFrequencies([])).toEqual({});
  });

  it("counts terms that are names of Object.prototype members", () => {
    const counts = termFrequencies(["constructor", "__proto__", "constructor", "tostring"]);
    expect(Object.entries(counts)).toEqual([
      ["constructor", 2],
      ["__proto__", 1],
      ["tostring", 1],
    ]);
  });
});

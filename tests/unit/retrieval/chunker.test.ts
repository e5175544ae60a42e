import { describe, expect, it } from "vitest";
import {
  type Chunk,
  CHUNK_MAX_SIZE,
  CHUNK_TARGET_SIZE,
  chunkDocument,
  ChunkStream,
  fullText,
  type PageText,
  textSize,
} from "@/lib/server/ingest/chunker";
import { runsOnAcrossPage } from "@/lib/server/ingest/line-wraps";

const plain = (text: string): PageText[] => [{ page: null, text }];

/** Offsets exact, chunks in order without overlap, and no non-whitespace character left out. */
function expectWellFormed(pages: PageText[], chunks: Chunk[]) {
  const text = fullText(pages);
  let covered = 0;
  chunks.forEach((chunk, i) => {
    expect(chunk.ordinal).toBe(i);
    expect(chunk.content).toBe(text.slice(chunk.charStart, chunk.charEnd));
    expect(chunk.content.trim()).toBe(chunk.content);
    expect(chunk.charStart).toBeGreaterThanOrEqual(covered);
    expect(text.slice(covered, chunk.charStart).trim()).toBe("");
    expect(textSize(chunk.content)).toBeLessThanOrEqual(CHUNK_MAX_SIZE);
    covered = chunk.charEnd;
  });
  expect(text.slice(covered).trim()).toBe("");
}

describe("fullText", () => {
  it("joins pages with a blank line", () => {
    expect(fullText([{ page: 1, text: "a" }, { page: 2, text: "b" }])).toBe("a\n\nb");
  });

  it("returns a single page's text unchanged", () => {
    expect(fullText(plain(" x\r\n"))).toBe(" x\r\n");
    expect(fullText([])).toBe("");
  });
});

describe("textSize", () => {
  it("counts a CJK character double and a surrogate pair once", () => {
    expect(textSize("ab")).toBe(2);
    expect(textSize("中文")).toBe(4);
    expect(textSize("𠀀")).toBe(2);
    expect(textSize("😀")).toBe(1);
  });
});

describe("chunkDocument", () => {
  it("returns no chunks for empty or blank input", () => {
    expect(chunkDocument({ pages: [] })).toEqual([]);
    expect(chunkDocument({ pages: plain("") })).toEqual([]);
    expect(chunkDocument({ pages: plain(" \n\n \t\n") })).toEqual([]);
  });

  it("returns a tiny text as one chunk with offsets into the original text", () => {
    const pages = plain("\n\n  Hello.  \n");
    expect(chunkDocument({ pages })).toEqual([
      { ordinal: 0, content: "Hello.", charStart: 4, charEnd: 10, pageStart: null, pageEnd: null, pageBreaks: [], tableHeader: null },
    ]);
  });

  it("packs short paragraphs together up to the target size", () => {
    const paragraphs = Array.from({ length: 30 }, (_, i) => `Paragraph ${i} is short but not empty.`);
    const pages = plain(paragraphs.join("\n\n"));
    const chunks = chunkDocument({ pages });
    expectWellFormed(pages, chunks);
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.length).toBeLessThan(paragraphs.length / 3);
    for (const chunk of chunks) expect(textSize(chunk.content)).toBeLessThanOrEqual(CHUNK_TARGET_SIZE);
    // A chunk boundary is always a paragraph boundary.
    for (const chunk of chunks) expect(chunk.content.startsWith("Paragraph")).toBe(true);
  });

  it("keeps a paragraph of normal size whole", () => {
    const paragraph = "梵語是印度的古典語言。".repeat(30);
    const pages = plain(`${paragraph}\n\n${paragraph}`);
    const chunks = chunkDocument({ pages });
    expect(chunks.map((c) => c.content)).toEqual([paragraph, paragraph]);
  });

  it("splits a long Chinese paragraph after 。！？；", () => {
    const ends = ["！", "；", "。", "。"];
    const sentences = Array.from({ length: 200 }, (_, i) => `第${i}句話說明梵語的歷史${ends[i % 4]}`);
    const pages = plain(sentences.join(""));
    const chunks = chunkDocument({ pages });
    expectWellFormed(pages, chunks);
    expect(chunks.length).toBeGreaterThan(2);
    for (const chunk of chunks) expect(chunk.content).toMatch(/[。！；]$/);
  });

  it("splits a long table between rows, never at a 。 inside a cell", () => {
    const rows = Array.from({ length: 120 }, (_, i) => `| 第${i}站 | ${i * 37} 元。限當日有效。 | 備註${i} |`);
    const pages = plain(`票價\n\n| 站 | 票價 | 備註 |\n| --- | --- | --- |\n${rows.join("\n")}\n\n結束。`);
    const chunks = chunkDocument({ pages });
    expectWellFormed(pages, chunks);
    expect(chunks.length).toBeGreaterThan(3);
    for (const chunk of chunks) for (const line of chunk.content.split("\n")) expect(line).toMatch(/^\| .* \|$|^票價$|^$|^結束。$/);
  });

  it("splits a long English paragraph after . ! ? followed by a space, not inside 3.14 or U.S.A.", () => {
    const sentences = Array.from(
      { length: 120 },
      (_, i) => `In ${1900 + i} the U.S.A. economy grew by 3.14 percent, said report number ${i}${i % 3 ? "." : "?"}`,
    );
    const pages = plain(sentences.join(" "));
    const chunks = chunkDocument({ pages });
    expectWellFormed(pages, chunks);
    expect(chunks.length).toBeGreaterThan(2);
    for (const chunk of chunks) {
      expect(chunk.content).toMatch(/^In \d+ the/);
      expect(chunk.content).toMatch(/number \d+[.?]$/);
    }
  });

  it("cuts a huge paragraph without sentence ends at spaces, within the maximum size", () => {
    const pages = plain(Array.from({ length: 60_000 }, (_, i) => `word${i}`).join(" "));
    const chunks = chunkDocument({ pages });
    expectWellFormed(pages, chunks);
    expect(chunks.length).toBeGreaterThan(100);
    for (const chunk of chunks) expect(chunk.content).toMatch(/^word\d+( word\d+)*$/);
  });

  it("cuts a huge run of CJK text with no punctuation at all, never inside a surrogate pair", () => {
    const pages = plain("漢字𠀀".repeat(20_000));
    const chunks = chunkDocument({ pages });
    expectWellFormed(pages, chunks);
    for (const chunk of chunks) expect(chunk.content.isWellFormed()).toBe(true);
  });

  it("treats Windows line ends like Unix ones", () => {
    const pages = plain("first paragraph\r\n\r\nsecond paragraph\r\n");
    const chunks = chunkDocument({ pages });
    expectWellFormed(pages, chunks);
    expect(chunks).toHaveLength(1);
    expect(chunks[0].content).toBe("first paragraph\r\n\r\nsecond paragraph");
  });

  it("carries page numbers, with offsets into the pages joined by a blank line", () => {
    // Just under the target size, so nothing else fits beside it.
    const long = (label: string) => `${label} `.repeat(Math.floor((CHUNK_TARGET_SIZE - 5) / (label.length + 1))).trim() + ".";
    const pages: PageText[] = [
      { page: 1, text: long("alpha") },
      { page: 2, text: "short beta." },
      { page: 3, text: `gamma.\n\n${long("delta")}` },
    ];
    const chunks = chunkDocument({ pages });
    expectWellFormed(pages, chunks);
    expect(chunks.map((c) => [c.pageStart, c.pageEnd])).toEqual([
      [1, 1],
      [2, 3],
      [3, 3],
    ]);
    expect(chunks[1].content).toBe("short beta.\n\ngamma.");
    // Page 3 begins where "gamma." does: a quote from it cites page 3 alone.
    expect(chunks.map((c) => c.pageBreaks)).toEqual([[], ["short beta.\n\n".length], []]);
  });

  it("keeps a sentence that runs on to the next page in one chunk, up to the maximum size; a page that ends its sentence is a break as before", () => {
    // Page 1 fills the target and stops mid-sentence on a full line: "米" is on page 2.
    const tail = "發球線與底線及球網平行，距離球網6.40";
    let filler = "";
    while (textSize(filler + tail) < CHUNK_TARGET_SIZE - 25) filler += "網球場的長度為二十三點七七米。";
    const cut = `${filler}${tail}`;
    const pages: PageText[] = [
      { page: 1, text: cut },
      { page: 2, text: "米。發球線之間的區域稱為發球區。" },
    ];
    const chunks = chunkDocument({ pages });
    expectWellFormed(pages, chunks);
    expect(chunks).toHaveLength(1);
    expect(chunks[0].content).toContain("距離球網6.40\n\n米。");
    expect(chunks[0]).toMatchObject({ pageStart: 1, pageEnd: 2, pageBreaks: [cut.length + 2] });
    // Ended with its sentence, page 1 fills its chunk and page 2 begins another.
    const ended: PageText[] = [{ page: 1, text: `${cut}米。` }, pages[1]];
    expect(chunkDocument({ pages: ended }).map((c) => [c.pageStart, c.pageEnd])).toEqual([
      [1, 1],
      [2, 2],
    ]);
    // Streamed page by page, the same.
    const stream = new ChunkStream();
    const streamed = [...stream.addPage(pages[0]), ...stream.addPage(pages[1]), ...stream.finish()];
    expect(streamed).toEqual(chunks);
  });

  it("keeps the sentence whole when the next page opens with a paragraph too long to join: its end joins, the rest begins the next chunk", () => {
    // A scanned page is often one long paragraph: joined whole it would pass the maximum size.
    const tail = "發球線與底線及球網平行，距離球網6.40";
    let filler = "";
    while (textSize(filler + tail) < CHUNK_TARGET_SIZE - 25) filler += "網球場的長度為二十三點七七米。";
    let rest = "";
    while (textSize(rest) < CHUNK_TARGET_SIZE) rest += "發球中線則與邊線平行。";
    const pages: PageText[] = [
      { page: 1, text: `${filler}${tail}` },
      { page: 2, text: `米，兩頭連接到單打邊線。${rest}` },
    ];
    const chunks = chunkDocument({ pages });
    expectWellFormed(pages, chunks);
    expect(chunks).toHaveLength(2);
    expect(chunks[0].content.endsWith("距離球網6.40\n\n米，兩頭連接到單打邊線。")).toBe(true);
    expect(chunks[0]).toMatchObject({ pageStart: 1, pageEnd: 2 });
    expect(chunks[1].content.startsWith("發球中線則與邊線平行。")).toBe(true);
    expect(chunks[1]).toMatchObject({ pageStart: 2, pageEnd: 2 });
    const stream = new ChunkStream();
    expect([...stream.addPage(pages[0]), ...stream.addPage(pages[1]), ...stream.finish()]).toEqual(chunks);
  });

  it("moves a cut sentence's start to the next chunk when not even its end fits in the one before", () => {
    const start = "鑑於新教徒對聖經正典的質疑";
    let filler = "";
    while (textSize(filler + start) < CHUNK_MAX_SIZE - 12) filler += "新約聖經共有二十七卷。";
    const pages: PageText[] = [
      { page: 1, text: `${filler}${start}` },
      { page: 2, text: "，天特會議重申了傳統的西方正典。後來的會議也承認了這份正典。" },
    ];
    const chunks = chunkDocument({ pages });
    expectWellFormed(pages, chunks);
    expect(chunks).toHaveLength(2);
    expect(chunks[0].content.endsWith("新約聖經共有二十七卷。")).toBe(true);
    expect(chunks[1].content.startsWith(`${start}\n\n，天特會議重申`)).toBe(true);
    expect(chunks[1]).toMatchObject({ pageStart: 1, pageEnd: 2 });
    const stream = new ChunkStream();
    expect([...stream.addPage(pages[0]), ...stream.addPage(pages[1]), ...stream.finish()]).toEqual(chunks);
  });

  it("marks where each page after the first begins inside a chunk, empty pages included", () => {
    const pages: PageText[] = [
      { page: 1, text: "第一頁的內容。" },
      { page: 2, text: "" },
      { page: 3, text: "第三頁的內容。" },
      { page: 4, text: "第四頁的內容。" },
    ];
    const [chunk] = chunkDocument({ pages });
    expect(chunk).toMatchObject({ pageStart: 1, pageEnd: 4 });
    const pageOf = (offset: number) => chunk.pageStart! + chunk.pageBreaks.filter((at) => at <= offset).length;
    expect(pageOf(chunk.content.indexOf("第一頁"))).toBe(1);
    expect(pageOf(chunk.content.indexOf("第三頁"))).toBe(3);
    expect(pageOf(chunk.content.indexOf("第四頁"))).toBe(4);
  });

  it("takes a page given in pieces (a sheet's blocks of rows) as one page: only a new number is a break", () => {
    const pages: PageText[] = [
      { page: 1, text: "工作表一\n| 品名 | 價格 |\n| --- | --- |\n| 蘋果 | 30 |" },
      { page: 1, text: "工作表一\n| 品名 | 價格 |\n| --- | --- |\n| 香蕉 | 20 |" },
      { page: 2, text: "工作表二\n| 姓名 | 分機 |\n| --- | --- |\n| 陳 | 1234 |" },
    ];
    const [chunk] = chunkDocument({ pages });
    expectWellFormed(pages, [chunk]);
    expect(chunk).toMatchObject({ pageStart: 1, pageEnd: 2, pageBreaks: [chunk.content.indexOf("工作表二")] });
  });

  it("skips empty pages", () => {
    const pages: PageText[] = [
      { page: 1, text: "" },
      { page: 2, text: "only text" },
      { page: 3, text: "" },
    ];
    const chunks = chunkDocument({ pages });
    expectWellFormed(pages, chunks);
    expect(chunks).toHaveLength(1);
    expect(chunks[0]).toMatchObject({ content: "only text", pageStart: 2, pageEnd: 2 });
  });

  it("keeps offsets exact on mixed Chinese and English text with odd whitespace", () => {
    const text = [
      "  # 標題 Title\n",
      "第一段，包含 English words and 中文。第二句！",
      "\n \n\n",
      `${"長段落的句子，帶有逗號、頓號；還有分號。".repeat(80)}\n`,
      "\t最後一行 last line",
    ].join("\n\n");
    const pages = plain(text);
    expectWellFormed(pages, chunkDocument({ pages }));
  });
});

describe("ChunkStream", () => {
  // A deterministic generator, so a failure reproduces.
  function random(seed: number) {
    return () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  }
  const sample = [
    "臺灣高速鐵路於二〇〇七年通車，全長約三百五十公里，連接臺北與高雄。".repeat(12),
    "The line runs about 350 kilometres between Taipei and Kaohsiung. ".repeat(20),
    "短段。",
    `${"很長的一段沒有句號的文字，".repeat(150)}`,
    "\n  \n",
    "Mixed 中文 and English 句子。Another sentence! 第三句？",
  ];

  it("cuts the same chunks page by page as over the whole text at once, whatever the page breaks", () => {
    let comparedWhole = 0;
    for (let seed = 1; seed <= 80; seed++) {
      const next = random(seed);
      const text = Array.from({ length: 30 }, () => sample[Math.floor(next() * sample.length)]).join(next() < 0.5 ? "\n\n" : "\n");
      // Half the seeds break pages anywhere, half only after a sentence's end.
      const atSentenceEnds = seed > 40;
      const pages: PageText[] = [];
      let at = 0;
      while (at < text.length) {
        let end = at + Math.floor(next() * 1500);
        if (atSentenceEnds) {
          const stop = text.slice(end).search(/[。！？](?!\n)|\. /u);
          end = stop < 0 ? text.length : end + stop + 1;
        }
        pages.push({ page: pages.length + 1, text: text.slice(at, end) });
        at = end;
      }
      const stream = new ChunkStream();
      const streamed: Chunk[] = [];
      pages.forEach((page, i) => {
        const closed = stream.addPage(page);
        // A chunk handed out never reaches past the pages added so far.
        for (const chunk of closed) expect(chunk.charEnd).toBeLessThanOrEqual(fullText(pages.slice(0, i + 1)).length);
        streamed.push(...closed);
      });
      streamed.push(...stream.finish());
      // Where no page ends mid-sentence, page breaks are paragraph breaks and change nothing; where
      // one does, its sentence is kept together (the test above), and streaming still cuts what
      // the whole document cuts.
      const runsOn = pages.some((page, i) => i > 0 && runsOnAcrossPage(pages[i - 1].text, page.text));
      const whole = runsOn ? chunkDocument({ pages }) : chunkDocument({ pages: plain(fullText(pages)) });
      if (!runsOn) comparedWhole++;
      const span = (c: Chunk) => [c.ordinal, c.charStart, c.charEnd, c.content];
      expect(streamed.map(span), `seed ${seed}`).toEqual(whole.map(span));
      expectWellFormed(pages, streamed);
    }
    expect(comparedWhole).toBeGreaterThan(10);
  });

  it("gives every chunk the pages it starts and ends on", () => {
    const stream = new ChunkStream();
    const pages = Array.from({ length: 5 }, (_, i) => ({ page: i + 1, text: `第${i + 1}頁。`.repeat(200) }));
    const chunks = [...pages.flatMap((p) => stream.addPage(p)), ...stream.finish()];
    const text = fullText(pages);
    for (const chunk of chunks) {
      const pageOf = (offset: number) => text.slice(0, offset + 1).split("\n\n").length;
      expect(chunk.pageStart).toBe(pageOf(chunk.charStart));
      expect(chunk.pageEnd).toBe(pageOf(chunk.charEnd - 1));
    }
  });

  it("marks in every chunk where each later page begins", () => {
    const stream = new ChunkStream();
    const pages = Array.from({ length: 12 }, (_, i) => ({ page: i + 1, text: `第${i + 1}頁。`.repeat(40) }));
    const chunks = [...pages.flatMap((p) => stream.addPage(p)), ...stream.finish()];
    expect(chunks.some((c) => c.pageBreaks.length >= 2)).toBe(true);
    for (const chunk of chunks) {
      expect(chunk.pageBreaks).toHaveLength(chunk.pageEnd! - chunk.pageStart!);
      chunk.pageBreaks.forEach((at, i) => expect(chunk.content.slice(at)).toMatch(new RegExp(`^第${chunk.pageStart! + i + 1}頁`)));
    }
  });
});

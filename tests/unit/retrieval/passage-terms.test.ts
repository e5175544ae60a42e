import { describe, expect, it } from "vitest";
import { ChunkStream, chunkDocument, type Chunk } from "@/lib/server/ingest/chunker";
import { PageTermCollector } from "@/lib/server/ingest/passage-terms";
import { decodeTerms } from "@/lib/server/ingest/term-encoding";
import { termFrequencies, tokenize } from "@/lib/server/ingest/tokenizer";

const zh =
  "臺灣高速鐵路於二〇〇七年通車，全長約三百五十公里，連接臺北與高雄。列車最高營運速度為每小時三百公里。\n\n" +
  "沿線設有十二座車站，包括南港、臺北、板橋、桃園、新竹、苗栗、臺中、彰化、雲林、嘉義、臺南與左營。";
const en =
  "The Taiwan High Speed Rail opened in 2007. It runs about 350 kilometres between Taipei and Kaohsiung, " +
  "at up to 300 km/h.\n\nTwelve stations serve the line, including Nangang, Taichung and Zuoying.";

function pagesOf(count: number, extra = "") {
  return Array.from({ length: count }, (_, i) => ({ page: i + 1, text: `${i % 2 ? en : zh}${extra}\n\n第${i + 1}頁 page ${i + 1}` }));
}

/** Pages added one by one, each run of finished passages assigned as soon as the chunker hands it out. */
function streamed(pages: { page: number; text: string }[]) {
  const collector = new PageTermCollector();
  const stream = new ChunkStream();
  const passages: Chunk[] = [];
  const assigned = [];
  for (const page of pages) {
    collector.addPage(page.text);
    const closed = stream.addPage(page);
    passages.push(...closed);
    assigned.push(...collector.assign(closed));
  }
  const last = stream.finish();
  passages.push(...last);
  assigned.push(...collector.assign(last));
  return { passages, assigned };
}

function expectSameAsPassageTokenizing(pages: { page: number; text: string }[]) {
  const { passages, assigned } = streamed(pages);
  expect(passages).toEqual(chunkDocument({ pages }));
  expect(assigned).toHaveLength(passages.length);
  passages.forEach((passage, i) => {
    const tokens = tokenize(passage.content);
    expect({ ...decodeTerms(assigned[i].encodedTerms) }, `passage ${i}`).toEqual({ ...termFrequencies(tokens) });
    expect(assigned[i].tokenCount).toBe(tokens.length);
  });
}

describe("PageTermCollector", () => {
  it("gives each passage exactly the terms tokenize() gives its text, across many pages", () => {
    expectSameAsPassageTokenizing(pagesOf(40));
  });

  it("gives the same terms when all passages are assigned at once", () => {
    const pages = pagesOf(12);
    const collector = new PageTermCollector();
    for (const p of pages) collector.addPage(p.text);
    expect(collector.assign(chunkDocument({ pages }))).toEqual(streamed(pages).assigned);
  });

  it("handles empty pages and passages spanning page breaks", () => {
    const pages = pagesOf(6);
    pages[2].text = "";
    pages[4].text = "短。";
    expectSameAsPassageTokenizing(pages);
  });

  it("falls back to the passage text where normalisation moves offsets (compatibility characters)", () => {
    // ㍿ and ﬁ lengthen under NFKC, so offsets on those pages are not the page's own.
    expectSameAsPassageTokenizing(pagesOf(8, " ㍿ ﬁnance ﬃ"));
  });
});

// The pages bench/ocr.ts reads: known Traditional Chinese and English text from the eval sets
// (tests/fixtures/eval), set in several weights and sizes, and a table.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Weight } from "@/lib/server/export/pdf-fonts";
import { type PageBlock } from "@/tests/support/page-image";

export type OcrPage = { id: string; language: "zh" | "en" | "zh-Hans"; blocks: PageBlock[]; pointSize: number; weight: Weight };

/** The start of a document's text, cut at a sentence end near `chars` characters. */
function excerpt(file: string, chars: number): string[] {
  const text = readFileSync(file, "utf8").replace(/\r/g, "");
  const paragraphs = text.split(/\n+/).map((p) => p.trim()).filter((p) => p.length > 40);
  const out: string[] = [];
  let total = 0;
  for (const paragraph of paragraphs) {
    if (total >= chars) break;
    let part = paragraph.slice(0, chars - total);
    const end = Math.max(part.lastIndexOf("。"), part.lastIndexOf(". "));
    if (end > part.length / 2) part = part.slice(0, end + 1);
    out.push(part);
    total += part.length;
  }
  return out;
}

const ZH_TABLE: string[][] = [
  ["假別", "給假日數", "工資"],
  ["婚假", "八日", "照給"],
  ["喪假", "三至八日", "照給"],
  ["普通傷病假", "三十日", "折半發給"],
  ["特別休假", "依年資", "照給"],
];
// Simplified Chinese, written for this benchmark (the eval sets hold no Simplified text).
const HANS: PageBlock[] = [
  { kind: "heading", text: "第二章 员工请假规定" },
  { kind: "paragraph", text: "员工因结婚、丧事或疾病需要请假时，应当提前三天向直属主管提出申请。带薪年假按照劳动法的规定办理，全年累计不得超过三十天。公司可以在员工连续请病假三天以后要求提供医院证明。" },
  { kind: "paragraph", text: "请假期间的工资按照下列标准发放：婚假和丧假照常发给，普通病假在三十天以内的部分按一半发给。员工应当在假期结束后第一个工作日向人事部门报到。" },
];
const EN_TABLE: string[][] = [
  ["Leave", "Days", "Pay"],
  ["Marriage", "8", "Full"],
  ["Bereavement", "3 to 8", "Full"],
  ["Sick leave", "30", "Half"],
];

/** Four Traditional Chinese and three English pages (body sizes 10 to 14 pt, regular and bold, one table each) and a Simplified one. */
export function ocrPages(evalRoot: string): OcrPage[] {
  const zhDocs = ["1990年世界盃足球賽.txt", "2016年歐洲足球錦標賽.txt", "LOEN娛樂.txt", "1952年夏季奥林匹克运动会.txt"];
  const zhDir = path.join(evalRoot, "drcd_dev/docs");
  const enDir = path.join(evalRoot, "squad_v1.1_dev/docs");
  const enDocs = readdir(enDir).slice(0, 3);
  const pages: OcrPage[] = [];
  const zhStyles: [number, Weight][] = [[12, 400], [10.5, 400], [14, 700], [12, 700]];
  zhDocs.forEach((file, i) => {
    const [pointSize, weight] = zhStyles[i];
    const body = excerpt(path.join(zhDir, file), pointSize > 12 ? 320 : 450);
    const blocks: PageBlock[] = [{ kind: "heading", text: file.replace(/\.txt$/, "") }, ...body.map((text) => ({ kind: "paragraph" as const, text }))];
    if (i === 0) blocks.push({ kind: "table", rows: ZH_TABLE });
    pages.push({ id: `zh-${i + 1}-${pointSize}pt-${weight}`, language: "zh", blocks, pointSize, weight });
  });
  const enStyles: [number, Weight][] = [[11, 400], [12, 700], [10, 400]];
  enDocs.forEach((file, i) => {
    const [pointSize, weight] = enStyles[i];
    const body = excerpt(path.join(enDir, file), 1400);
    const blocks: PageBlock[] = [{ kind: "heading", text: file.replace(/\.txt$/, "").replace(/_/g, " ") }, ...body.map((text) => ({ kind: "paragraph" as const, text }))];
    if (i === 0) blocks.push({ kind: "table", rows: EN_TABLE });
    pages.push({ id: `en-${i + 1}-${pointSize}pt-${weight}`, language: "en", blocks, pointSize, weight });
  });
  pages.push({ id: "hans-1-12pt-400", language: "zh-Hans", blocks: HANS, pointSize: 12, weight: 400 });
  return pages;
}

function readdir(dir: string): string[] {
  return readdirSync(dir).filter((f) => f.endsWith(".txt")).sort();
}

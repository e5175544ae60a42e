// tsx --conditions=react-server tests/e2e/support/make-long-pdf.ts OUT.pdf PAGES
// Writes a PDF of exactly PAGES pages of Chinese running text from the DRCD fixture documents,
// set by the product's own typesetter (which is server-only, hence a process of its own).
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { makeLongPdf } from "@/bench/lib/make-pdf";

const [out, pages = "300"] = process.argv.slice(2);
const dir = path.resolve(import.meta.dirname, "../../fixtures/eval/drcd_dev/docs");
const paragraphs: string[] = [];
for (const file of readdirSync(dir).sort()) {
  for (const p of readFileSync(path.join(dir, file), "utf8").split(/\n\s*\n/)) if (p.trim()) paragraphs.push(p.trim());
  if (paragraphs.length >= 4_000) break;
}
writeFileSync(out, await makeLongPdf({ paragraphs, pages: Number(pages), language: "zh" }));

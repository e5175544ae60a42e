// Prints the table fixtures in tests/fixtures/documents/ (committed) with Chromium's own PDF
// writer, so the table reader is tested on a file made by a real producer, not only on the PDFs
// bench/lib/make-pdf.ts draws: Skia's text runs, an embedded subset of Noto Sans CJK (whose
// ToUnicode table gives some characters as Kangxi radicals), ruled cells with padding, labels with
// units in brackets, and a long table whose header Chromium repeats on every page.
//   node scripts/print-table-pdfs.mjs   (CHROMIUM=/path/to/chromium to use another browser)
import path from "node:path";
import { chromium } from "playwright";

const OUT = path.join(process.cwd(), "tests/fixtures/documents");
const STYLE = `body{font-family:"Noto Sans CJK TC","Noto Sans TC",sans-serif;margin:32px;font-size:12pt}
table{border-collapse:collapse;margin:16px 0}td,th{border:1px solid #333;padding:4px 10px;text-align:left}th{background:#eee}`;
const table = (header, rows) =>
  `<table><thead><tr>${header.map((c) => `<th>${c}</th>`).join("")}</tr></thead><tbody>${rows.map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join("")}</tr>`).join("")}</tbody></table>`;

const PARKING = `<!doctype html><html lang="zh-Hant"><meta charset="utf-8"><style>${STYLE}</style><body>
<h1>公有路外停車場收費標準</h1>
<p>本標準自公告日起實施，各停車場收費如下表。</p>
${table(
  ["停車場", "地址", "小型車（每小時）", "機車（每次）", "營業時間"],
  [
    ["市府轉運站", "忠孝東路五段 6 號", "50 元", "20 元", "24 小時"],
    ["松壽廣場", "松壽路 12 號", "40 元", "20 元", "7:00–23:00"],
    ["興雅國中", "松德路 168 號", "30 元", "10 元", "24 小時"],
    ["信義國小", "松勤街 60 號", "40 元", "免費", "6:00–24:00"],
  ],
)}
<p>月票另依各場公告辦理；身心障礙者停車依規定減免。</p></body></html>`;

const TOWNS = ["Ashford", "Brookside", "Cedar Hill", "Dunmore", "Elmwood", "Fairview", "Glenbrook", "Harbor Point"];
const BRANCHES = Array.from({ length: 90 }, (_, i) => [
  `${TOWNS[i % TOWNS.length]} ${Math.floor(i / TOWNS.length) + 1}`,
  `${100 + i * 7} Main Street`,
  i % 3 === 0 ? "9:00–17:00" : "10:00–19:00",
  i % 4 === 0 ? "Closed" : "10:00–14:00",
  `${1200 + i * 35}`,
]);
const BRANCH_HOURS = `<!doctype html><html lang="en"><meta charset="utf-8"><style>${STYLE}</style><body>
<h1>Public library branches</h1>
<p>Opening hours and collection sizes of every branch, as of the start of the year.</p>
${table(["Branch", "Address", "Weekdays", "Saturday", "Items (thousands)"], BRANCHES)}
<p>Hours may change on public holidays.</p></body></html>`;

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium" });
try {
  const page = await browser.newPage();
  for (const [name, html] of [
    ["zh-parking-fees.pdf", PARKING],
    ["en-branch-hours.pdf", BRANCH_HOURS],
  ]) {
    await page.setContent(html);
    await page.pdf({ path: path.join(OUT, name), format: "A4" });
    console.log(`wrote ${name}`);
  }
} finally {
  await browser.close();
}

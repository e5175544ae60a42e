// Generates the parser fixtures in tests/fixtures/documents/ (committed), and exports the
// builders for the large or hostile files the tests make on the fly instead of committing.
//   node_modules/.bin/tsx --conditions=react-server scripts/make-fixtures.ts
import { createHash } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { crc32, deflateSync } from "node:zlib";
import { strToU8, zipSync, type Zippable } from "fflate";
import { PDFDocument, rgb } from "pdf-lib";
import { makePdf } from "../bench/lib/make-pdf";
import { CONTENT_TYPES, documentXml, PACKAGE_RELS, paragraphXml, rawPdf, REL } from "./hostile-files";

export { documentXml, makeDocxBomb, makeManyPagesPdf, makeManyParagraphsDocx, makePdfFlateBomb, paragraphXml } from "./hostile-files";

export const FIXTURE_DIR = path.join(process.cwd(), "tests/fixtures/documents");

// Chinese text is pure Han and fullwidth punctuation, so every line break the layout makes
// must join with no space. "國\n際" forces the break inside a word.
export const ZH_PAGES = [
  [
    "第一頁：臺灣的國\n際貿易在過去數十年間持續成長，出口產品涵蓋電子零組件、機械設備與石化原料。政府與民間企業攜手合作，推動產業升級與數位轉型，讓國際市場更加認識臺灣的製造實力與研發能量。",
    "半導體產業是臺灣經濟的重要支柱，晶圓代工、封裝測試與積體電路設計形成完整的產業聚落。許多企業在新竹、臺中與臺南設立研發中心，吸引國內外人才投入，並與大學合作培育下一代工程師。",
  ],
  [
    "第二頁：臺北市政府公告，自下個月起調整公共運輸票價，並擴大敬老與身心障礙優惠範圍。市民可以透過悠遊卡或行動支付搭乘捷運與公車，轉乘時享有折扣，減少通勤的經濟負擔。",
    "此外，市府也將增設自行車道與人行空間，改善交通安全。相關說明會將於各行政區舉行，歡迎市民踴躍參加並提供寶貴意見。",
  ],
  [
    "第三頁：文化部推動地方文化館計畫，鼓勵各縣市保存歷史建築與傳統工藝。透過展覽、工作坊與導覽活動，讓民眾親身體驗在地文化的多元面貌，也帶動觀光與地方創生。",
    "結語：本文件僅供測試文字擷取功能使用，內容涵蓋經濟、交通與文化三個主題，每一頁都有明確的頁碼標記，以便驗證分頁是否正確。",
  ],
];

// "exam-\nple" is a word hyphenated at a line end; the parser must give back "example".
export const EN_PAGES = [
  [
    "Page one. This is an exam-\nple of a paragraph whose first line ends in a hyphenated word, followed by enough ordinary words to wrap over several lines of an A4 page.",
    "The quarterly report covers revenue, operating costs and the outlook for the next financial year, with figures rounded to the nearest thousand.",
  ],
  [
    "Page two. Well-known risks are listed first; the remaining items follow in order of their expected impact on the delivery schedule and the budget.",
    "Contact the finance team with questions about this document.",
  ],
];

// A handbook as offices write them: chapter headings set at the body's size on the line above their
// paragraph (no gap, no larger type), a table, and pages short enough that one passage spans all
// three, so a quote's page is not the passage's.
export const ZH_HANDBOOK_PAGES = [
  [
    "員工手冊",
    "第一章 總則\n本手冊適用於本公司全體員工，說明工作規範、請假制度與福利措施。員工應詳閱本手冊並遵守各項規定。",
    "第二章 上班時間\n上班時間為每日上午九時至下午六時，中午十二時至下午一時為休息時間。遲到超過十五分鐘者，應向主管說明原因。",
  ],
  ["第三章 請假\n員工請特休假應於三日前提出申請，並經主管核准；病假需檢附醫療證明。", "表一 請假天數\n假別 天數 薪資\n特休假 七日 全薪\n病假 三十日 半薪"],
  ["第四章 福利\n本公司每年為員工安排健康檢查，並提供團體保險與員工旅遊補助。"],
];

// A specification whose title runs at the top of every page and whose numbered sections have
// their headings on the line above the text, as in the shared-mime-info spec a user asked about.
export const EN_SPEC_PAGES = [
  [
    "Shared Type Database",
    "1. Introduction\nMany programs need to know the type of a file. The shared type database lets every desktop agree on the type of a file, so that programs install their type information once and all of them read it.",
    "1.1. Version\nThis is version 0.4 of the Shared Type Database specification.",
  ],
  [
    "Shared Type Database",
    "2. Directory layout\nApplications install one XML file each into the packages directory, and an update command merges them into the database.",
    "Table 1. Glob weights\nSetting Default Maximum\nWeight 50 100",
  ],
];

export const ZH_DOCX_PARAGRAPHS = [
  "員工手冊",
  "第一章：總則。本手冊適用於本公司全體員工，說明工作規範、請假制度與福利措施。",
  "第二章：請假。員工請特休假應於三日前提出申請，並經主管核准；病假需檢附醫療證明。",
];

export const EN_DOCX_PARAGRAPHS = [
  "Employee Handbook",
  "Chapter 1: General. This handbook applies to all employees and describes working rules, leave and benefits.",
  "Chapter 2: Leave. Annual leave must be requested three days in advance and approved by a manager.",
];

// Documents shaped like a technical specification and a municipal handbook, with what real PDFs
// carry besides prose: a running header and a page number on every page, a byline with the
// author's bare name and address, a URL, a date alone, a table of contents, binary-layout tables,
// a line of code and a command. Suggested questions must come from the headings, definitions and
// prose only.
export const SPEC_HEADER = "Widget Registry Specification";
export const SPEC_PAGES = [
  [
    SPEC_HEADER,
    "Free Desktop Working Group (https://example.org/widgets)",
    "Thomas Leonard",
    "tal197 at users.example.net",
    "Table of Contents",
    "1. Introduction",
    "1.1. Version",
    "This is version 0.4 of the Widget Registry specification, last updated 2 October 2018.",
    "2 October 2018",
    "1.2. Purpose of the registry",
    "Desktop programs need a shared way to find out which widget toolkit can display a given file. The registry records, for every widget type, the programs that handle it and the icons that represent it.",
    "A widget type is a short name that identifies one kind of visual component, such as a calendar or a colour picker. Widget types are grouped into families so that a program can accept a whole family at once.",
    "1",
  ],
  [
    SPEC_HEADER,
    "2. Directory layout",
    "The registry is stored in the registry subdirectory of every data directory. Programs MUST read the directories in order and MUST NOT write to a directory they did not create.",
    "Each package installs a single description file. The description file lists the widget types the package provides and the icons that go with them.",
    "2.1. The cache file",
    "The cache file is a binary summary of all description files, rebuilt whenever a package is installed or removed. Readers map the cache file into memory instead of parsing every description file.",
    "Header:",
    "2 CARD16 MAJOR_VERSION 2 CARD16 MINOR_VERSION 4 CARD32 ALIAS_LIST_OFFSET",
    "4 CARD32 N_ALIASES 8*N_ALIASES AliasListEntry",
    "AliasListEntry:",
    "4 CARD32 ALIAS_OFFSET 4 CARD32 WIDGET_TYPE_OFFSET",
    "2",
  ],
  [
    SPEC_HEADER,
    "2.2. Recommended lookup order",
    "Programs SHOULD first look for an explicit widget type in the extended attributes of the file. When there is none, they compare the file name with the glob patterns, and only then read the first bytes of the file.",
    "A glob pattern is a file name pattern with wildcards, such as *.cal for calendar files. Glob patterns are matched against the file name only, never against the full path.",
    "if (entry->weight > best_weight) { best = entry; }",
    "update-widget-registry --rebuild /usr/share/registry",
    "Priority: a number from 0 to 100 that decides which rule wins when two rules match the same file. Rules with a priority above 80 are reserved for checks of the contents.",
    "3",
  ],
];

export const HANDBOOK_HEADER = "臺北市資源回收手冊";
export const HANDBOOK_PAGES = [
  [
    HANDBOOK_HEADER,
    "作者：王小明",
    "王小明",
    "service@example.gov.tw",
    "https://example.gov.tw/recycle",
    "目錄",
    "2024年3月11日",
    "一、收運時間",
    "垃圾車每週一、三、五晚上七點收運一般垃圾，資源回收車在每週二與週四收運。逢國定假日暫停收運一次，並於隔日恢復。",
    "資源回收是指將廢棄物中可再利用的紙類、塑膠、金屬與玻璃分開收集，再交由回收廠處理。資源回收可以減少焚化爐的負擔，也能節省原料。",
    "第 1 頁",
  ],
  [
    HANDBOOK_HEADER,
    "二、分類方式",
    "項目 收運日 備註",
    "紙類 週二 需綑綁",
    "塑膠 週四 需清洗",
    "紙類請攤平後綑綁，塑膠瓶請先清洗並壓扁。廚餘分為生廚餘與熟廚餘，生廚餘做堆肥，熟廚餘用於養豬。",
    "廚餘回收是指把食物殘渣與果皮單獨收集，不與一般垃圾混合。廚餘回收的容器必須有蓋，以免招來蚊蠅。",
    "第 2 頁",
  ],
];

export const MARKDOWN_TEXT = "\uFEFF# 會議紀錄\r\n\r\n- 日期：2024 年 3 月 11 日\r\n- 地點：臺北\n\nThe budget was **approved**.\r\n";
export const UTF16_TEXT = "公告：本週五停電。\r\nNotice: power cut on Friday.\r\n";

// ---------------------------------------------------------------- DOCX





/** A minimal DOCX: the four parts Word needs, plus any extra entries. */
export function makeDocx(options: { document: string; relationships?: string; extra?: Zippable }): Uint8Array {
  return zipSync(
    {
      "[Content_Types].xml": strToU8(CONTENT_TYPES),
      "_rels/.rels": strToU8(PACKAGE_RELS),
      "word/document.xml": strToU8(options.document),
      "word/_rels/document.xml.rels": strToU8(
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
          `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${options.relationships ?? ""}</Relationships>`,
      ),
      ...options.extra,
    },
    // A fixed time stamp keeps regenerated fixtures byte-identical.
    { mtime: new Date(2024, 0, 1) },
  );
}

export function docxFromParagraphs(paragraphs: string[]): Uint8Array {
  return makeDocx({ document: documentXml(paragraphs.map(paragraphXml).join("")) });
}

/** A fare table in Word: a heading, a table of three columns under its header row, a closing note. */
export function makeFareTableDocx(): Uint8Array {
  const row = (...cells: string[]) => `<w:tr>${cells.map((cell) => `<w:tc>${paragraphXml(cell)}</w:tc>`).join("")}</w:tr>`;
  const table = `<w:tbl>${row("車廂", "臺北至左營", "臺北至臺中")}${row("標準車廂", "1490 元", "700 元")}${row("商務車廂", "2440 元", "1100 元")}</w:tbl>`;
  return makeDocx({ document: documentXml(paragraphXml("高鐵票價") + table + paragraphXml("兒童票為全票半價。")) });
}

/** Links, a linked picture, a VML picture and an alternative-format chunk, all aimed at /etc/passwd. */
export function makeExternalRelationshipsDocx(): Uint8Array {
  const target = "file:///etc/passwd";
  const body =
    paragraphXml("Before the links.") +
    '<w:p><w:hyperlink r:id="rIdLink"><w:r><w:t>linked file</w:t></w:r></w:hyperlink></w:p>' +
    '<w:p><w:r><w:drawing><wp:inline><wp:docPr id="1" name="Picture 1" descr="linked picture"/>' +
    '<a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic>' +
    '<pic:blipFill><a:blip r:link="rIdImage"/></pic:blipFill><pic:blipFill><a:blip r:embed="rIdEmbed"/></pic:blipFill>' +
    "</pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>" +
    '<w:p><w:r><w:pict><v:shape><v:imagedata r:id="rIdVml" o:title="vml picture"/></v:shape></w:pict></w:r></w:p>' +
    '<w:altChunk r:id="rIdChunk"/>' +
    paragraphXml("After the links.");
  const relationships =
    `<Relationship Id="rIdLink" Type="${REL}/hyperlink" Target="${target}" TargetMode="External"/>` +
    `<Relationship Id="rIdImage" Type="${REL}/image" Target="${target}" TargetMode="External"/>` +
    `<Relationship Id="rIdEmbed" Type="${REL}/image" Target="${target}" TargetMode="External"/>` +
    `<Relationship Id="rIdVml" Type="${REL}/image" Target="${target}" TargetMode="External"/>` +
    `<Relationship Id="rIdChunk" Type="${REL}/aFChunk" Target="${target}" TargetMode="External"/>`;
  return makeDocx({ document: documentXml(body), relationships });
}

/** A valid DOCX padded out to `count` entries in all. */
export function makeManyEntriesDocx(count: number): Uint8Array {
  const extra: Zippable = {};
  for (let i = 0; i < count - 4; i++) extra[`customXml/item${i}.xml`] = new Uint8Array(0);
  return makeDocx({ document: documentXml(paragraphXml("Many entries.")), extra });
}




// ---------------------------------------------------------------- PDF

async function drawingOnlyPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.addPage([595.28, 841.89]).drawRectangle({ x: 72, y: 500, width: 300, height: 200, color: rgb(0.2, 0.4, 0.8) });
  return doc.save();
}

function pseudoRandomBytes(length: number, seed: number): Uint8Array {
  const out = new Uint8Array(length);
  let state = seed;
  for (let i = 0; i < length; i++) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    out[i] = state >>> 24;
  }
  return out;
}

function rc4(key: Uint8Array, data: Uint8Array): Uint8Array {
  const s = Array.from({ length: 256 }, (_, i) => i);
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + s[i] + key[i % key.length]) & 255;
    [s[i], s[j]] = [s[j], s[i]];
  }
  const out = new Uint8Array(data.length);
  for (let n = 0, i = 0, j = 0; n < data.length; n++) {
    i = (i + 1) & 255;
    j = (j + s[i]) & 255;
    [s[i], s[j]] = [s[j], s[i]];
    out[n] = data[n] ^ s[(s[i] + s[j]) & 255];
  }
  return out;
}

const md5 = (...parts: Uint8Array[]) => new Uint8Array(createHash("md5").update(Buffer.concat(parts)).digest());

/**
 * A one-page PDF encrypted with the standard security handler (revision 2, RC4 40-bit) and
 * user password "secret" (pdf-lib cannot encrypt). Built by hand from PDF 1.7 §7.6.3.
 */
export function makeEncryptedPdf(userPassword = "secret", ownerPassword = "owner"): Uint8Array {
  const PAD = Buffer.from("28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a", "hex");
  const padded = (password: string) => Buffer.concat([Buffer.from(password, "latin1"), PAD]).subarray(0, 32);
  const permissions = -44;
  const id = md5(Buffer.from("docchat encrypted fixture"));
  const owner = rc4(md5(padded(ownerPassword)).subarray(0, 5), padded(userPassword));
  const p = Buffer.alloc(4);
  p.writeInt32LE(permissions);
  const key = md5(padded(userPassword), owner, p, id).subarray(0, 5);
  const user = rc4(key, PAD);
  const objectKey = (num: number) => md5(key, Buffer.from([num & 255, (num >> 8) & 255, (num >> 16) & 255, 0, 0])).subarray(0, 10);

  const content = rc4(objectKey(4), Buffer.from("BT /F1 24 Tf 72 700 Td (Secret quarterly figures) Tj ET", "latin1"));
  const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex");
  const objects: (string | Buffer)[] = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    Buffer.concat([Buffer.from(`<< /Length ${content.length} >>\nstream\n`), content, Buffer.from("\nendstream")]),
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    `<< /Filter /Standard /V 1 /R 2 /O <${hex(owner)}> /U <${hex(user)}> /P ${permissions} >>`,
  ];
  return rawPdf(objects, `/Encrypt 6 0 R /ID [<${hex(id)}> <${hex(id)}>]`);
}



export const CID_FONT_TEXT = ["臺灣文件常用未內嵌的明體字型。", "這一行也要能被擷取出來。"];

/**
 * A PDF whose Chinese font is not embedded, as Acrobat and many Office exports in Taiwan make
 * them: a Type0 font over Adobe-CNS1 with the predefined UniCNS-UCS2-H CMap and no ToUnicode.
 * Only the predefined CMaps (pdfjs-dist's cmaps) turn its codes back into text.
 */
export function makeCidFontPdf(encoding = "UniCNS-UCS2-H"): Uint8Array {
  const ucs2 = (text: string) => Buffer.from(text, "utf16le").swap16().toString("hex");
  const content = Buffer.from(
    CID_FONT_TEXT.map((line, i) => `BT /F1 18 Tf 72 ${720 - i * 30} Td <${ucs2(line)}> Tj ET`).join("\n"),
    "latin1",
  );
  return rawPdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    Buffer.concat([Buffer.from(`<< /Length ${content.length} >>\nstream\n`), content, Buffer.from("\nendstream")]),
    `<< /Type /Font /Subtype /Type0 /BaseFont /MingLiU /Encoding /${encoding} /DescendantFonts [6 0 R] >>`,
    "<< /Type /Font /Subtype /CIDFontType0 /BaseFont /MingLiU /CIDSystemInfo << /Registry (Adobe) /Ordering (CNS1) /Supplement 0 >> /FontDescriptor 7 0 R /DW 1000 >>",
    "<< /Type /FontDescriptor /FontName /MingLiU /Flags 6 /FontBBox [0 -142 1000 858] /ItalicAngle 0 /Ascent 858 /Descent -142 /CapHeight 858 /StemV 80 >>",
  ]);
}


// ---------------------------------------------------------------- other files

function pngChunk(type: string, data: Uint8Array): Buffer {
  const typed = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A 1x1 red PNG. */
function makePng(): Uint8Array {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from("89504e470d0a1a0a", "hex"),
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(Buffer.from([0, 255, 0, 0, 255]))),
    pngChunk("IEND", new Uint8Array(0)),
  ]);
}

/** The start of a Windows executable: DOS header and stub, then zero padding up to the PE header. */
function makeExe(): Uint8Array {
  const exe = Buffer.alloc(1024);
  exe.write("MZ", 0, "latin1");
  exe.writeUInt32LE(0x80, 0x3c);
  exe.write("This program cannot be run in DOS mode.\r\r\n$", 0x4e, "latin1");
  exe.write("PE\0\0", 0x80, "latin1");
  return exe;
}

function utf16le(text: string): Uint8Array {
  return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")]);
}

export async function writeFixtures(): Promise<string[]> {
  const english = await makePdf({ pages: EN_PAGES, language: "en" });
  const files: Record<string, Uint8Array> = {
    "zh-3-pages.pdf": await makePdf({ pages: ZH_PAGES, language: "zh" }),
    "en-2-pages.pdf": english,
    "zh-handbook.pdf": await makePdf({ pages: ZH_HANDBOOK_PAGES, language: "zh" }),
    "en-spec.pdf": await makePdf({ pages: EN_SPEC_PAGES, language: "en" }),
    "no-text.pdf": await drawingOnlyPdf(),
    "zh-cid-font.pdf": makeCidFontPdf(),
    "garbage.pdf": Buffer.concat([Buffer.from("%PDF-1.7\n"), pseudoRandomBytes(4096, 7)]),
    "truncated.pdf": english.subarray(0, Math.floor(english.length * 0.6)),
    "encrypted.pdf": makeEncryptedPdf(),
    "zh.docx": docxFromParagraphs(ZH_DOCX_PARAGRAPHS),
    "en.docx": docxFromParagraphs(EN_DOCX_PARAGRAPHS),
    "external-relationships.docx": makeExternalRelationshipsDocx(),
    "notes.md": Buffer.from(MARKDOWN_TEXT, "utf8"),
    "utf16le.txt": utf16le(UTF16_TEXT),
    "image.png": makePng(),
    "drawing.svg": Buffer.from('<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>\n'),
    "invoice.pdf": makeExe(),
    "widget-registry-spec.pdf": await makePdf({ pages: SPEC_PAGES, language: "en" }),
    "zh-recycling-handbook.pdf": await makePdf({ pages: HANDBOOK_PAGES, language: "zh" }),
    "zh-recycling-handbook.docx": docxFromParagraphs(HANDBOOK_PAGES.flat()),
    "zh-fares.docx": makeFareTableDocx(),
  };
  mkdirSync(FIXTURE_DIR, { recursive: true });
  for (const [name, bytes] of Object.entries(files)) writeFileSync(path.join(FIXTURE_DIR, name), bytes);
  return Object.keys(files);
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const written = await writeFixtures();
  console.log(`wrote ${written.length} fixtures to ${path.relative(process.cwd(), FIXTURE_DIR)}`);
}

// Builders for the large and hostile files the tests make on the fly instead of committing, and
// the bare ZIP and PDF writers they share with scripts/make-fixtures.ts. Nothing here imports
// the app, so end-to-end specs (plain Node, no "server-only") can use it too.
import { constants as zlibConstants, crc32, deflateRawSync } from "node:zlib";

export const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
  "</Types>";
export const PACKAGE_RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
  "</Relationships>";
export const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

export function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

export function paragraphXml(text: string): string {
  return `<w:p><w:r><w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r></w:p>`;
}

export function documentXml(body: string): string {
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"' +
    ` xmlns:r="${REL}"` +
    ' xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing"' +
    ' xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"' +
    ' xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"' +
    ' xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office">' +
    `<w:body>${body}</w:body></w:document>`
  );
}

/**
 * A DOCX whose word/document.xml inflates to `inflatedBytes` of zeros while its directory
 * declares `declaredBytes` (a lie when they differ). Deflate blocks ending in a full flush can
 * be repeated back to back, so the archive is built from one compressed megabyte without ever
 * holding the inflated data.
 */
export function makeDocxBomb(options: { inflatedBytes: number; declaredBytes?: number }): Uint8Array {
  const megabyte = new Uint8Array(1024 * 1024);
  const blocks = Math.ceil(options.inflatedBytes / megabyte.length);
  const middle = deflateRawSync(megabyte, { finishFlush: zlibConstants.Z_FULL_FLUSH, level: 9 });
  const last = deflateRawSync(megabyte, { level: 9 });
  const compressed = Buffer.concat([...Array.from({ length: blocks - 1 }, () => middle), last]);
  const real = (name: string, text: string) => {
    const data = Buffer.from(text);
    return { name, data, method: 0, crc: crc32(data), size: data.length };
  };
  return writeZip([
    real("[Content_Types].xml", CONTENT_TYPES),
    real("_rels/.rels", PACKAGE_RELS),
    { name: "word/document.xml", data: compressed, method: 8, crc: 0, size: options.declaredBytes ?? blocks * megabyte.length },
  ]);
}

/**
 * A legal-size DOCX that passes every archive cap: word/document.xml is `xmlBytes` of short
 * paragraphs (a few pseudo-random words each, numbered clauses), so it deflates only about
 * tenfold and the archive stays under the free plan's 10 MB. Parsed whole into a DOM it needs
 * gigabytes.
 */
export function makeManyParagraphsDocx(xmlBytes: number, seed = 1): Uint8Array {
  const words = ["契約", "當事人", "條款", "甲方", "乙方", "終止", "賠償", "責任", "通知", "期間", "違約", "付款", "agreement", "party", "clause", "notice", "term", "liability", "payment", "breach"];
  const parts: string[] = [];
  let size = 0;
  let state = seed >>> 0;
  const next = () => (state = (Math.imul(state, 1103515245) + 12345) >>> 0) >>> 16;
  for (let clause = 1; size < xmlBytes; clause++) {
    const count = 2 + (next() % 5);
    const text = `${clause}. ${Array.from({ length: count }, () => words[next() % words.length]).join(" ")}`;
    const paragraph = paragraphXml(text);
    parts.push(paragraph);
    size += Buffer.byteLength(paragraph);
  }
  const document = Buffer.from(documentXml(parts.join("")));
  const real = (name: string, data: Buffer, method: number) => {
    const stored = method === 8 ? deflateRawSync(data, { level: 6 }) : data;
    return { name, data: stored, method, crc: crc32(data), size: data.length };
  };
  return writeZip([
    real("[Content_Types].xml", Buffer.from(CONTENT_TYPES), 0),
    real("_rels/.rels", Buffer.from(PACKAGE_RELS), 0),
    real("word/document.xml", document, 8),
    real("word/_rels/document.xml.rels", Buffer.from('<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"></Relationships>'), 0),
  ]);
}

/** A ZIP writer that records whatever sizes it is told (fflate's always tells the truth). */
export function writeZip(entries: { name: string; data: Uint8Array; method: number; crc: number; size: number }[]): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(entry.method, 8);
    local.writeUInt32LE(entry.crc >>> 0, 14);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(entry.size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(entry.method, 10);
    central.writeUInt32LE(entry.crc >>> 0, 16);
    central.writeUInt32LE(entry.data.length, 20);
    central.writeUInt32LE(entry.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, Buffer.from(entry.data));
    centrals.push(central, name);
    offset += local.length + name.length + entry.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A one-page PDF whose content stream is `inflatedBytes` of spaces, Flate-compressed to ~1/1000. */
export function makePdfFlateBomb(inflatedBytes: number): Uint8Array {
  const megabyte = Buffer.alloc(1024 * 1024, 0x20);
  const middle = deflateRawSync(megabyte, { finishFlush: zlibConstants.Z_FULL_FLUSH, level: 9 });
  const blocks = Math.ceil(inflatedBytes / megabyte.length);
  // A zlib header, then raw deflate blocks; pdf.js does not check the trailing checksum.
  const data = Buffer.concat([Buffer.from([0x78, 0xda]), ...Array.from({ length: blocks - 1 }, () => middle), deflateRawSync(megabyte, { level: 9 })]);
  return rawPdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>",
    Buffer.concat([Buffer.from(`<< /Length ${data.length} /Filter /FlateDecode >>\nstream\n`), data, Buffer.from("\nendstream")]),
  ]);
}

/**
 * A PDF of `pages` pages that share one small content stream with a line of text each; a flat
 * page tree, so the file stays about 60 bytes a page (50,000 pages: about 3 MB).
 */
export function makeManyPagesPdf(pages: number): Uint8Array {
  const content = Buffer.from("BT /F1 12 Tf 72 720 Td (Clause on this page.) Tj ET");
  const objects: (string | Buffer)[] = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    `<< /Type /Pages /Kids [${Array.from({ length: pages }, (_, i) => `${i + 5} 0 R`).join(" ")}] /Count ${pages} /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> >>`,
    Buffer.concat([Buffer.from(`<< /Length ${content.length} >>\nstream\n`), content, Buffer.from("\nendstream")]),
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  for (let i = 0; i < pages; i++) objects.push("<< /Type /Page /Parent 2 0 R /Contents 3 0 R >>");
  return rawPdf(objects);
}

/** Numbered objects, cross-reference table and trailer around the given object bodies. */
export function rawPdf(objects: (string | Buffer)[], trailerExtra = ""): Uint8Array {
  const chunks: Buffer[] = [Buffer.from("%PDF-1.4\n")];
  const offsets: number[] = [];
  let length = chunks[0].length;
  objects.forEach((body, i) => {
    const chunk = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), Buffer.from(body), Buffer.from("\nendobj\n")]);
    offsets.push(length);
    chunks.push(chunk);
    length += chunk.length;
  });
  const xref =
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n` +
    offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("") +
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailerExtra}>>\nstartxref\n${length}\n%%EOF\n`;
  chunks.push(Buffer.from(xref));
  return Buffer.concat(chunks);
}

// A PowerPoint deck (PPTX): each slide's text, its tables as rows under their header
// (docx-tables.mjs), then its speaker notes, with the slide's number as the page, so a citation
// says which slide to open. Slide numbers, dates and footers repeated on every slide and the
// notes page's picture of the slide are left out. Parts are read as they inflate, with the caps
// of ooxml-archive.mjs.
import { tableText } from "./docx-tables.mjs";
import { OoxmlArchive, resolveTarget } from "./ooxml-archive.mjs";
import { ParseFailure } from "./parse-failure.mjs";
import { pageSink } from "./page-sink.mjs";
import { attributes, decodeEntities, scanXml, XmlRefused, XmlStream } from "./xml-stream.mjs";

export const PPTX_LIMITS = Object.freeze({ maxTextChars: 3_000_000, maxSlides: 5_000 });

const PRESENTATION = "ppt/presentation.xml";
const SKIPPED_PLACEHOLDERS = new Set(["sldNum", "dt", "ftr", "hdr", "sldImg"]);
const CJK = /[\u3400-\u9fff]/;

/**
 * @param {Uint8Array} bytes
 * @param {(page: { page: number | null, text: string }) => void} [onPage] each slide as it is read
 * @returns {Promise<{ pages: { page: number | null, text: string }[], pageCount: number | null }>}
 */
export async function parsePptx(bytes, onPage) {
  const archive = new OoxmlArchive(bytes);
  try {
    return readDeck(archive, onPage);
  } catch (error) {
    if (error instanceof XmlRefused) throw new ParseFailure("malformed", error.message);
    throw error;
  }
}

/**
 * @param {OoxmlArchive} archive
 * @param {string} part
 * @returns {Map<string, { type: string, target: string }>}
 */
function relationshipsOf(archive, part) {
  const slash = part.lastIndexOf("/");
  const folder = part.slice(0, slash + 1);
  const rels = archive.read(`${folder}_rels/${part.slice(slash + 1)}.rels`);
  /** @type {Map<string, { type: string, target: string }>} */
  const out = new Map();
  if (!rels) return out;
  scanXml(rels, {
    open(name, attrs) {
      if (name !== "Relationship") return;
      const a = attributes(attrs);
      if (a.TargetMode === "External" || !a.Id || !a.Target) return;
      out.set(a.Id, { type: (a.Type ?? "").split("/").pop() ?? "", target: resolveTarget(folder, a.Target) });
    },
    close() {},
    text() {},
  });
  return out;
}

/**
 * @param {OoxmlArchive} archive
 * @param {((page: { page: number | null, text: string }) => void) | undefined} onPage
 */
function readDeck(archive, onPage) {
  const presentation = archive.read(PRESENTATION);
  if (!presentation) throw new ParseFailure("malformed", `no ${PRESENTATION} in the archive`);
  /** @type {string[]} */
  const ids = [];
  scanXml(presentation, {
    open(name, attrs) {
      if (name !== "p:sldId") return;
      const a = attributes(attrs);
      ids.push(a["r:id"] ?? Object.entries(a).find(([key]) => key.endsWith(":id"))?.[1] ?? "");
      if (ids.length > PPTX_LIMITS.maxSlides) throw new ParseFailure("malformed", `more than ${PPTX_LIMITS.maxSlides} slides`);
    },
    close() {},
    text() {},
  });
  const relationships = relationshipsOf(archive, PRESENTATION);
  const sink = pageSink(onPage, PPTX_LIMITS.maxTextChars);
  let number = 0;
  for (const id of ids) {
    number++;
    const slide = relationships.get(id);
    if (!slide || slide.type !== "slide" || !archive.has(slide.target)) continue;
    const text = shapesText(archive, slide.target);
    const notesPart = [...relationshipsOf(archive, slide.target).values()].find((r) => r.type === "notesSlide")?.target;
    const notes = notesPart && archive.has(notesPart) ? shapesText(archive, notesPart) : "";
    const label = CJK.test(text + notes) ? "備註：" : "Notes:";
    sink.add(number, [text, notes && `${label}\n${notes}`].filter(Boolean).join("\n\n"));
  }
  if (sink.empty) throw new ParseFailure("no_text", "no slide has any text");
  return sink.result(number);
}

/**
 * The text of a slide's (or a notes page's) shapes in their order: paragraphs a line each, a
 * blank line between shapes, tables as rows.
 * @param {OoxmlArchive} archive
 * @param {string} part
 */
function shapesText(archive, part) {
  /** @type {string[]} */
  const shapes = [];
  /** @type {string[]} */
  let paragraphs = [];
  let paragraph = "";
  let inText = false;
  let skip = false;
  let shapeDepth = 0;
  /** @type {{ rows: string[][], row: string[], cell: string[] } | null} */
  let table = null;
  const endParagraph = () => {
    const text = decodeEntities(paragraph).replace(/[^\S\n]+/g, " ").trim();
    paragraph = "";
    if (text === "") return;
    if (table) table.cell.push(text);
    else paragraphs.push(text);
  };
  const stream = new XmlStream({
    open(name, attrs, selfClosing) {
      if (name === "p:sp" || name === "p:graphicFrame") {
        if (shapeDepth++ === 0) {
          paragraphs = [];
          skip = false;
        }
      } else if (name === "p:ph") skip = SKIPPED_PLACEHOLDERS.has(attributes(attrs).type ?? "");
      else if (name === "a:t") inText = !selfClosing;
      else if (name === "a:br" || name === "a:tab") paragraph += name === "a:br" ? "\n" : " ";
      else if (name === "a:tbl") table = { rows: [], row: [], cell: [] };
    },
    close(name) {
      if (name === "a:t") inText = false;
      else if (name === "a:p") endParagraph();
      else if (name === "a:tc" && table) {
        table.row.push(table.cell.join("\n\n") + "\n\n");
        table.cell = [];
      } else if (name === "a:tr" && table) {
        table.rows.push(table.row);
        table.row = [];
      } else if (name === "a:tbl" && table) {
        const text = tableText(table.rows).trim();
        if (text) paragraphs.push(text);
        table = null;
      } else if ((name === "p:sp" || name === "p:graphicFrame") && --shapeDepth === 0) {
        if (!skip && paragraphs.length > 0) shapes.push(paragraphs.join("\n"));
        paragraphs = [];
      }
    },
    text(text) {
      if (inText && paragraph.length < PPTX_LIMITS.maxTextChars) paragraph += text;
    },
  });
  archive.stream(part, (piece) => stream.pushBytes(piece));
  stream.end();
  return shapes.join("\n\n");
}

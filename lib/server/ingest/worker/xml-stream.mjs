// A one-pass reader of Office XML, fed text a piece at a time: it reports each tag and the text
// between tags, and keeps only a tag that a piece cut in two until the next piece comes. Memory
// is bounded by the piece, not by the part, so a worksheet of a million rows is read as it is
// inflated (parse-xlsx.mjs). The same reading as parse-docx.mjs's streamDocumentText: tags by
// one regular expression, the five XML entities and character references decoded, nothing else
// (a DTD never gets here: ooxml-archive.mjs refuses any part that declares one).

const TAG = /<(\/?)([^\s/>!?]+)([^>]*?)(\/?)>|<[!?][^>]*>/g;
const NAMED = /** @type {Record<string, string>} */ ({ amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" });
const ENTITY = /&(?:#x([0-9a-fA-F]{1,6})|#(\d{1,7})|(amp|lt|gt|quot|apos));/g;
const ATTRIBUTE = /([^\s=]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
// No Office tag comes near this; a longer one is a file built to make the reader hold it whole.
const MAX_TAG_CHARS = 1 << 20;

/** XML the reader will not go on with: a tag too long to hold, or a DTD (Office XML never has one). */
export class XmlRefused extends Error {}

/** @param {string} text */
export function decodeEntities(text) {
  if (!text.includes("&")) return text;
  return text.replace(ENTITY, (_, hex, dec, name) => {
    if (name) return NAMED[name];
    const code = hex ? parseInt(hex, 16) : Number(dec);
    return code <= 0x10ffff ? String.fromCodePoint(code) : "";
  });
}

/**
 * A tag's attributes by name, values decoded.
 * @param {string} source what follows the tag's name, as the scanner reports it
 * @returns {Record<string, string>}
 */
export function attributes(source) {
  /** @type {Record<string, string>} */
  const out = {};
  if (!source) return out;
  ATTRIBUTE.lastIndex = 0;
  for (let match = ATTRIBUTE.exec(source); match; match = ATTRIBUTE.exec(source)) out[match[1]] = decodeEntities(match[2] ?? match[3] ?? "");
  return out;
}

/**
 * @typedef {object} XmlHandler
 * @property {(name: string, attrs: string, selfClosing: boolean) => void} open
 * @property {(name: string) => void} close
 * @property {(text: string) => void} text raw text between tags (entities still encoded: decode only what is kept)
 */

export class XmlStream {
  /**
   * @param {XmlHandler} handler
   * @param {{ localNames?: boolean }} [options] localNames: names without their prefix ("x:row" as "row"),
   *   for parts whose writer chose a prefix of its own (the OpenXML SDK writes x:sheetData)
   */
  constructor(handler, options = {}) {
    this.handler = handler;
    this.localNames = options.localNames === true;
    this.carry = "";
    this.decoder = new TextDecoder("utf-8");
  }

  /** @param {Uint8Array} bytes a piece of the UTF-8 XML */
  pushBytes(bytes) {
    this.push(this.decoder.decode(bytes, { stream: true }));
  }

  /** @param {string} piece */
  push(piece) {
    const chunk = this.carry + piece;
    // Whatever follows the last "<" may be a tag cut in two: it waits for the next piece.
    const cut = chunk.lastIndexOf("<");
    if (cut < 0) {
      this.carry = "";
      if (chunk) this.handler.text(chunk);
      return;
    }
    this.carry = chunk.slice(cut);
    // A "<" with its ">" already here is a whole tag: scan it now, so the carry stays small.
    const close = this.carry.indexOf(">");
    if (close >= 0) {
      this.scan(chunk.slice(0, cut + close + 1));
      this.carry = this.carry.slice(close + 1);
    } else {
      if (this.carry.length > MAX_TAG_CHARS) throw new XmlRefused(`a tag longer than ${MAX_TAG_CHARS} characters`);
      this.scan(chunk.slice(0, cut));
    }
  }

  end() {
    this.push(this.decoder.decode());
    if (this.carry) this.scan(this.carry);
    this.carry = "";
  }

  /** @param {string} segment */
  scan(segment) {
    const { handler } = this;
    let previous = 0;
    TAG.lastIndex = 0;
    for (let match = TAG.exec(segment); match; match = TAG.exec(segment)) {
      if (match.index > previous) handler.text(segment.slice(previous, match.index));
      previous = TAG.lastIndex;
      const [, closing, qualified, attrs, selfClosing] = match;
      const name = this.localNames && qualified !== undefined ? qualified.slice(qualified.indexOf(":") + 1) : qualified;
      if (name === undefined) {
        // A declaration, processing instruction or comment; entities are never expanded here,
        // but a DTD is refused as a sign of a file built to attack XML readers.
        if (/^<!(DOCTYPE|ENTITY)/i.test(match[0])) throw new XmlRefused("the XML declares a DTD");
        continue;
      }
      if (closing) handler.close(name);
      else handler.open(name, attrs, selfClosing === "/");
      if (!closing && selfClosing === "/") handler.close(name);
    }
    if (previous < segment.length) handler.text(segment.slice(previous));
  }
}

/**
 * Reads a whole part (one already inflated under its caps).
 * @param {Uint8Array} xml
 * @param {XmlHandler} handler
 * @param {{ localNames?: boolean }} [options]
 */
export function scanXml(xml, handler, options) {
  const stream = new XmlStream(handler, options);
  const SLICE = 1024 * 1024;
  for (let at = 0; at < xml.length; at += SLICE) stream.pushBytes(xml.subarray(at, at + SLICE));
  stream.end();
}

// An Excel or PowerPoint file's ZIP archive, opened with the caps parse-docx.mjs puts on a Word
// file's: its central directory is vetted (entry count, declared sizes, compression ratio) before
// anything is inflated, every inflation stops at the entry's declared size or the overall cap,
// and a part that declares a DTD (entity expansion, external entities) is refused. A part too
// large to hold (a worksheet of many rows) is inflated a piece at a time and read as it comes.
import { Inflate } from "fflate";
import { ParseFailure } from "./parse-failure.mjs";
import { centralDirectoryEntries, entryData, ZipFormatError } from "./zip.mjs";

const MB = 1024 * 1024;
export const OOXML_LIMITS = Object.freeze({
  maxEntries: 2000,
  maxDeclaredBytes: 200 * MB,
  // Parts held whole (workbook, shared strings, styles, a slide and its notes), all together.
  maxHeldBytes: 64 * MB,
  // Parts read as they inflate (worksheets), all together: their memory is a piece's, their
  // cost is time, which the parse's time limit bounds as well.
  maxStreamedBytes: 1024 * MB,
  maxRatio: 200,
  ratioCheckAbove: 1 * MB,
});
// Small pushes bound what one call to the inflater can produce before the totals are checked
// (deflate tops out near 1030:1): a part held whole is inflated 1 KB at a time (at most ~1 MB
// past its cap); a streamed one 16 KB at a time, since smaller pushes make fflate grow its
// output buffer over and over, which cost a large sheet a third of its time.
const HELD_CHUNK = 1024;
const STREAMED_CHUNK = 16 * 1024;
// Output is handed to the reader in pieces of about this size.
const PIECE = 256 * 1024;

/** @typedef {import("./zip.mjs").ZipEntry} ZipEntry */

export class OoxmlArchive {
  /** @param {Uint8Array} bytes */
  constructor(bytes) {
    this.bytes = bytes;
    /** @type {Map<string, ZipEntry>} */
    this.entries = new Map();
    this.held = 0;
    this.streamed = 0;
    let declared = 0;
    try {
      for (const entry of centralDirectoryEntries(bytes)) {
        if (this.entries.size >= OOXML_LIMITS.maxEntries) {
          throw new ParseFailure("too_many_entries", `the archive has more than ${OOXML_LIMITS.maxEntries} entries`);
        }
        this.entries.set(entry.name, entry);
        declared += entry.uncompressedSize;
        if (declared > OOXML_LIMITS.maxDeclaredBytes) {
          throw new ParseFailure("inflated_too_large", `the archive declares more than ${OOXML_LIMITS.maxDeclaredBytes / MB} MB`);
        }
        if (entry.uncompressedSize > OOXML_LIMITS.ratioCheckAbove && entry.uncompressedSize > Math.max(entry.compressedSize, 1) * OOXML_LIMITS.maxRatio) {
          throw new ParseFailure("inflated_too_large", `${entry.name} expands ${Math.round(entry.uncompressedSize / Math.max(entry.compressedSize, 1))} times`);
        }
      }
    } catch (error) {
      if (error instanceof ZipFormatError || error instanceof RangeError) throw new ParseFailure("malformed", `bad ZIP archive: ${error.message}`);
      throw error;
    }
  }

  /** @param {string} name */
  has(name) {
    return this.entries.has(name);
  }

  /**
   * A part inflated whole, under the cap on held parts; null when the archive has no such part.
   * @param {string} name
   * @returns {Uint8Array | null}
   */
  read(name) {
    const entry = this.entries.get(name);
    if (!entry) return null;
    /** @type {Uint8Array[]} */
    const chunks = [];
    let size = 0;
    this.inflate(entry, Math.min(entry.uncompressedSize, OOXML_LIMITS.maxHeldBytes - this.held), `the ${OOXML_LIMITS.maxHeldBytes / MB} MB cap`, HELD_CHUNK, (chunk) => {
      chunks.push(chunk);
      size += chunk.length;
    });
    this.held += size;
    const out = new Uint8Array(size);
    let at = 0;
    for (const chunk of chunks) {
      out.set(chunk, at);
      at += chunk.length;
    }
    refuseDtd(name, out);
    return out;
  }

  /**
   * A part inflated a piece at a time, each piece handed to `onPiece` before the next is made.
   * `held`: what is read from it is kept (shared strings), so it counts against the held parts' cap.
   * @param {string} name
   * @param {(piece: Uint8Array) => void} onPiece
   * @param {{ held?: boolean }} [options]
   */
  stream(name, onPiece, options = {}) {
    const entry = this.entries.get(name);
    if (!entry) throw new ParseFailure("malformed", `no ${name} in the archive`);
    let first = true;
    /** @type {Uint8Array[]} */
    let pending = [];
    let pendingSize = 0;
    const flush = () => {
      if (pendingSize === 0) return;
      const piece = pending.length === 1 ? pending[0] : concat(pending, pendingSize);
      pending = [];
      pendingSize = 0;
      if (first) refuseDtd(name, piece);
      first = false;
      onPiece(piece);
    };
    const held = options.held === true;
    const cap = held ? OOXML_LIMITS.maxHeldBytes : OOXML_LIMITS.maxStreamedBytes;
    const budget = Math.min(entry.uncompressedSize, cap - (held ? this.held : this.streamed));
    this.inflate(entry, budget, `the ${cap / MB} MB cap`, STREAMED_CHUNK, (chunk) => {
      if (held) this.held += chunk.length;
      else this.streamed += chunk.length;
      pending.push(chunk);
      pendingSize += chunk.length;
      if (pendingSize >= PIECE) flush();
    });
    flush();
  }

  /**
   * @param {ZipEntry} entry
   * @param {number} budget
   * @param {string} cap what the budget comes from, for the message
   * @param {number} pushBytes compressed bytes given the inflater at a time
   * @param {(chunk: Uint8Array) => void} onChunk
   */
  inflate(entry, budget, cap, pushBytes, onChunk) {
    const { name } = entry;
    if (entry.flags & 1) throw new ParseFailure("encrypted", `${name} is encrypted`);
    const tooLarge = () => new ParseFailure("inflated_too_large", `${name} inflates past its declared size or ${cap}`);
    let compressed;
    try {
      compressed = entryData(this.bytes, entry);
    } catch (error) {
      if (error instanceof ZipFormatError) throw new ParseFailure("malformed", error.message);
      throw error;
    }
    if (entry.method === 0) {
      if (compressed.length > budget) throw tooLarge();
      onChunk(compressed.slice());
      return;
    }
    if (entry.method !== 8) throw new ParseFailure("malformed", `${name} uses unsupported compression method ${entry.method}`);
    let size = 0;
    const inflater = new Inflate((chunk) => {
      size += chunk.length;
      if (size > budget) throw tooLarge();
      onChunk(chunk);
    });
    try {
      for (let at = 0; at < compressed.length; at += pushBytes) {
        const end = Math.min(at + pushBytes, compressed.length);
        inflater.push(compressed.subarray(at, end), end === compressed.length);
      }
      if (compressed.length === 0) inflater.push(new Uint8Array(0), true);
    } catch (error) {
      if (error instanceof ParseFailure) throw error;
      throw new ParseFailure("malformed", `${name} does not inflate: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

/**
 * Office XML never has a DTD; one is an entity-expansion or external-entity attempt. A streamed part's
 * first piece is looked at here; xml-stream.mjs refuses one found later.
 * @param {string} name
 * @param {Uint8Array} data
 */
function refuseDtd(name, data) {
  const view = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  if (view.includes("<!DOCTYPE") || view.includes("<!ENTITY")) throw new ParseFailure("malformed", `${name} declares a DTD`);
}

/**
 * @param {Uint8Array[]} chunks
 * @param {number} size
 */
function concat(chunks, size) {
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

/**
 * The path a relationship's target names, from the folder of the part that points at it.
 * @param {string} base the pointing part's folder, e.g. "xl/"
 * @param {string} target
 */
export function resolveTarget(base, target) {
  const parts = (target.startsWith("/") ? target.slice(1) : base + target).split("/");
  /** @type {string[]} */
  const out = [];
  for (const part of parts) {
    if (part === "..") out.pop();
    else if (part !== "." && part !== "") out.push(part);
  }
  return out.join("/");
}

// ZIP central directory reader. Only the directory is read (no inflation), so both the upload
// endpoint (type detection) and the DOCX parser can look at an archive's entries before any of
// its contents is expanded.

const EOCD_SIGNATURE = 0x06054b50;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const ZIP64_EOCD_SIGNATURE = 0x06064b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const EOCD_SIZE = 22;
const MAX_COMMENT = 0xffff;

export class ZipFormatError extends Error {}

/**
 * @typedef {object} ZipEntry
 * @property {string} name
 * @property {number} method 0 stored, 8 deflate
 * @property {number} flags
 * @property {number} compressedSize
 * @property {number} uncompressedSize
 * @property {number} localHeaderOffset
 */

/** @param {Uint8Array} bytes */
export function isZip(bytes) {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

/** @param {Uint8Array} bytes */
function view(bytes) {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * @param {DataView} dv
 * @param {number} offset
 */
function u64(dv, offset) {
  // Sizes above 2^53 are nonsense in any upload; they stay large enough to trip every cap.
  return dv.getUint32(offset, true) + dv.getUint32(offset + 4, true) * 2 ** 32;
}

/**
 * Where the central directory starts and ends.
 * @param {Uint8Array} bytes
 */
function locateCentralDirectory(bytes) {
  const dv = view(bytes);
  const lowest = Math.max(0, bytes.length - EOCD_SIZE - MAX_COMMENT);
  let eocd = -1;
  for (let i = bytes.length - EOCD_SIZE; i >= lowest; i--) {
    if (dv.getUint32(i, true) === EOCD_SIGNATURE) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new ZipFormatError("no end of central directory record");
  let size = dv.getUint32(eocd + 12, true);
  let offset = dv.getUint32(eocd + 16, true);
  const locator = eocd - 20;
  if ((offset === 0xffffffff || size === 0xffffffff) && locator >= 0 && dv.getUint32(locator, true) === ZIP64_LOCATOR_SIGNATURE) {
    const record = u64(dv, locator + 8);
    if (record + 56 > bytes.length || dv.getUint32(record, true) !== ZIP64_EOCD_SIGNATURE) {
      throw new ZipFormatError("bad ZIP64 end of central directory record");
    }
    size = u64(dv, record + 40);
    offset = u64(dv, record + 48);
  }
  if (offset + size > bytes.length) throw new ZipFormatError("central directory outside the file");
  return { start: offset, end: offset + size };
}

const nameDecoder = new TextDecoder("utf-8");

/**
 * Walks the central directory record by record. The entry count in the end record is not
 * trusted: the walk follows the records actually present.
 * @param {Uint8Array} bytes
 * @returns {Generator<ZipEntry>}
 */
export function* centralDirectoryEntries(bytes) {
  const dv = view(bytes);
  const { start, end } = locateCentralDirectory(bytes);
  let at = start;
  while (at + 46 <= end && dv.getUint32(at, true) === CENTRAL_SIGNATURE) {
    const flags = dv.getUint16(at + 8, true);
    const method = dv.getUint16(at + 10, true);
    let compressedSize = dv.getUint32(at + 20, true);
    let uncompressedSize = dv.getUint32(at + 24, true);
    const nameLength = dv.getUint16(at + 28, true);
    const extraLength = dv.getUint16(at + 30, true);
    const commentLength = dv.getUint16(at + 32, true);
    let localHeaderOffset = dv.getUint32(at + 42, true);
    const nameStart = at + 46;
    const next = nameStart + nameLength + extraLength + commentLength;
    if (next > end) throw new ZipFormatError("truncated central directory record");
    const name = nameDecoder.decode(bytes.subarray(nameStart, nameStart + nameLength));

    // ZIP64 extended information: only the fields whose 32-bit slot is saturated are present.
    let extra = nameStart + nameLength;
    const extraEnd = extra + extraLength;
    while (extra + 4 <= extraEnd) {
      const id = dv.getUint16(extra, true);
      const length = dv.getUint16(extra + 2, true);
      if (id === 0x0001) {
        let field = extra + 4;
        const fieldEnd = Math.min(field + length, extraEnd);
        if (uncompressedSize === 0xffffffff && field + 8 <= fieldEnd) {
          uncompressedSize = u64(dv, field);
          field += 8;
        }
        if (compressedSize === 0xffffffff && field + 8 <= fieldEnd) {
          compressedSize = u64(dv, field);
          field += 8;
        }
        if (localHeaderOffset === 0xffffffff && field + 8 <= fieldEnd) localHeaderOffset = u64(dv, field);
      }
      extra += 4 + length;
    }

    yield { name, method, flags, compressedSize, uncompressedSize, localHeaderOffset };
    at = next;
  }
}

/**
 * The compressed bytes of one entry, located through its local header.
 * @param {Uint8Array} bytes
 * @param {ZipEntry} entry
 */
export function entryData(bytes, entry) {
  const dv = view(bytes);
  const at = entry.localHeaderOffset;
  if (at + 30 > bytes.length || dv.getUint32(at, true) !== LOCAL_SIGNATURE) {
    throw new ZipFormatError(`bad local header for ${entry.name}`);
  }
  const start = at + 30 + dv.getUint16(at + 26, true) + dv.getUint16(at + 28, true);
  const end = start + entry.compressedSize;
  if (end > bytes.length) throw new ZipFormatError(`entry ${entry.name} runs past the end of the file`);
  return bytes.subarray(start, end);
}

// Yardstick heights files (`yardstick measure --format bin`) read in the browser: a dependency-free
// ES module, no build step, written from the format page (docs/scale.md, "Heights files").
//
//   import { HeightsFile } from './heights.js';
//   const file = new HeightsFile(await (await fetch('notes.bin')).arrayBuffer());
//   const virtualizer = useVirtualizer({ count: file.rowCount, estimateSize: i => file.row(i).height, ... });
//
// Lengths are points (the file's 1/64 pt units divided by 64: exact in a double). A file that is
// not a heights file, of another version, truncated or corrupt throws a HeightsFileError naming
// what is wrong, as the Swift reader (HeightsFile) does; nothing is read past what the trailer
// describes.

const MAGIC = [0x59, 0x53, 0x48, 0x54, 0x0d, 0x0a, 0x1a, 0x0a];
const VERSION = 1, HEADER = 16, TRAILER = 64, SECTION = 48, FRAME = 32;
const UNITS = 64;
/** The tallest row a file may hold, in units (RowOffsetCache.maximumHeight). */
const MAX_HEIGHT = 2 ** 30 - 1;
const INT64_MAX = 2n ** 63n - 1n;
/** A number as Swift prints a Double (nan, inf). */
const swiftNumber = x => Number.isNaN(x) ? 'nan' : x === Infinity ? 'inf' : x === -Infinity ? '-inf' : String(x);

/** Why a heights file cannot be read: `kind` is notAHeightsFile, truncated, unsupportedVersion,
 *  inconsistent or checksumMismatch (the Swift HeightsFileError's cases). */
export class HeightsFileError extends Error {
  constructor(kind, message) { super(message); this.name = 'HeightsFileError'; this.kind = kind; }
}

let crcTable = null;
/** zlib's CRC-32 of `bytes` (a Uint8Array). */
export function crc32(bytes) {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) c = crcTable[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** A heights file read in place from an ArrayBuffer: rows, columns and sections, O(1) each;
 *  `rowAt(y)` O(log n). */
export class HeightsFile {
  /** @param {ArrayBuffer|ArrayBufferView} buffer  the file's bytes (an ArrayBuffer, or a typed
   *  array or DataView over part of one)  @param {{verify?: boolean}} options  verify (default
   *  true): the CRC-32 and every row's height and top, O(size); false: the structure only,
   *  O(sections + columns). */
  constructor(buffer, { verify = true } = {}) {
    let bytes;
    if (ArrayBuffer.isView(buffer)) bytes = new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
    else if (buffer instanceof ArrayBuffer || (typeof SharedArrayBuffer !== 'undefined' && buffer instanceof SharedArrayBuffer)) bytes = new Uint8Array(buffer);
    else throw new TypeError('a heights file is read from an ArrayBuffer, a typed array or a DataView');
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength), size = bytes.byteLength;
    if (size < 8 || MAGIC.some((b, i) => bytes[i] !== b)) throw new HeightsFileError('notAHeightsFile', 'not a Yardstick heights file (its first bytes are not "YSHT")');
    if (size < HEADER + TRAILER) throw new HeightsFileError('truncated', `the heights file is truncated (${size} bytes, shorter than its header and trailer)`);
    this.version = view.getUint32(8, true);
    if (this.version !== VERSION) throw new HeightsFileError('unsupportedVersion', `the heights file has version ${this.version}; this build reads version ${VERSION}`);
    const flags = view.getUint32(12, true);
    const corrupt = what => new HeightsFileError('inconsistent', `the heights file is corrupt: ${what}`);
    if (flags >= 16) throw corrupt(`it has flags this version does not know (${flags})`);
    this.hasSectionLines = (flags & 1) !== 0;
    this.firstRowIsHeader = (flags & 2) !== 0;
    this.isShard = (flags & 4) !== 0;
    const hasFrame = (flags & 8) !== 0;
    if (hasFrame && !this.isShard) throw corrupt('it has a table frame but is not a shard');
    if (hasFrame && size < HEADER + TRAILER + FRAME) throw new HeightsFileError('truncated', `the heights file is truncated (${size} bytes, shorter than its header and trailer)`);
    const t = size - TRAILER, sectionsEnd = t - (hasFrame ? FRAME : 0);
    const f = Array.from({ length: 8 }, (_, k) => view.getBigUint64(t + 8 * k, true));
    const n = BigInt(size);
    // Every count and place must fit the file exactly, in order, before anything is read.
    if (!(f[0] === BigInt(HEADER) && f[1] <= n / 16n && f[2] === f[0] + 16n * f[1] && f[3] <= n / 8n &&
          f[4] === f[2] + 8n * f[3] && f[5] <= n / BigInt(SECTION) && f[4] + BigInt(SECTION) * f[5] === BigInt(sectionsEnd))) {
      throw corrupt(`its trailer does not describe a file of ${size} bytes (truncated or corrupt)`);
    }
    this._view = view;
    this._rowsAt = Number(f[0]); this.rowCount = Number(f[1]);
    this._columnsAt = Number(f[2]); this.columnCount = Number(f[3]);
    this._sectionsAt = Number(f[4]); this.sectionCount = Number(f[5]);
    this.configurationHash = f[6];
    this.tableFrame = null;
    if (hasFrame) {
      const v = [0, 1, 2, 3].map(k => view.getBigInt64(sectionsEnd + 8 * k, true));
      if (v.some(x => x < 0n)) throw corrupt('its table frame has a negative length');
      this.tableFrame = { header: { top: Number(v[0]) / UNITS, height: Number(v[1]) / UNITS }, spacing: Number(v[2]) / UNITS, footerHeight: Number(v[3]) / UNITS };
    }
    if (f[7] > 0xffffffffn) throw corrupt('its checksum field is not a CRC-32');
    this.checksum = Number(f[7]);
    if (verify) {
      const found = crc32(bytes.subarray(0, size - 8));
      if (found !== this.checksum) throw new HeightsFileError('checksumMismatch', `the heights file is corrupt: its checksum is 0x${this.checksum.toString(16)} but its bytes give 0x${found.toString(16)}`);
    }
    let next = 0, held = 0;
    for (let s = 0; s < this.sectionCount; s++) {
      const at = this._sectionsAt + SECTION * s;
      const first = view.getBigUint64(at, true), count = view.getBigUint64(at + 8, true);
      // A whole table's sections follow each other from row 0; a shard's runs only go up (a
      // first row past Int64's range is negative to the Swift reader: refused too).
      if (first > INT64_MAX || first + count > INT64_MAX || count > BigInt(this.rowCount - held) || (this.isShard ? first < BigInt(next) : first !== BigInt(next))) {
        throw corrupt(`section ${s} does not start where the one before ends`);
      }
      next = Number(first + count);
      held += Number(count);
    }
    if (held !== this.rowCount) throw corrupt(`its sections hold ${held} rows, not ${this.rowCount}`);
    if (this.isShard) {
      // A shard's runs all name the same table: its row count, the shard count, the index, the input.
      const info = this.shard, s0 = this.sectionCount > 0 ? this.section(0) : null;
      const same = s => JSON.stringify([s.header, s.footer]) === JSON.stringify([s0.header, s0.footer]);
      if (!info || !(info.count >= 1 && info.index >= 0 && info.index < info.count && info.tableRows >= next) ||
          !Array.from({ length: this.sectionCount }, (_, s) => this.section(s)).every(same)) {
        throw corrupt('its shard runs do not agree on the table they belong to');
      }
    }
    for (let c = 0; c < this.columnCount; c++) {
      const w = this.columnWidth(c);
      if (!(Number.isFinite(w) && w >= 0)) throw corrupt(`column ${c} has width ${swiftNumber(w)}`);
    }
    if (verify) {
      for (let r = 0; r < this.rowCount; r++) {
        const top = view.getBigInt64(this._rowsAt + 16 * r, true), height = view.getBigInt64(this._rowsAt + 16 * r + 8, true);
        if (height < 0n || height > BigInt(MAX_HEIGHT) || top < 0n) throw corrupt(`row ${r} has height ${height} and top ${top} (units of 1/64 pt)`);
      }
    }
  }

  /** Row `index` (0 ..< rowCount, in table order): `{top, height}` in points. O(1). */
  row(index) {
    if (!(Number.isInteger(index) && index >= 0 && index < this.rowCount)) throw new RangeError(`row ${index} is outside 0..<${this.rowCount}`);
    const at = this._rowsAt + 16 * index;
    return { top: Number(this._view.getBigInt64(at, true)) / UNITS, height: Number(this._view.getBigInt64(at + 8, true)) / UNITS };
  }

  /** The row whose span [top, top + height) holds `y` (points), or -1 where no row does: above
   *  the first row, on a section's header or footer, past the last row, in an empty file.
   *  O(log n). */
  rowAt(y) {
    if (typeof y !== 'number') throw new TypeError(`rowAt takes a number of points (got ${typeof y})`);
    if (Number.isNaN(y)) return -1;
    let lo = 0, hi = this.rowCount; // the first row whose top is past y
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.row(mid).top <= y) lo = mid + 1; else hi = mid;
    }
    if (lo === 0) return -1;
    const row = this.row(lo - 1);
    return y < row.top + row.height ? lo - 1 : -1;
  }

  /** Column `index`'s width in points. O(1). */
  columnWidth(index) {
    if (!(Number.isInteger(index) && index >= 0 && index < this.columnCount)) throw new RangeError(`column ${index} is outside 0..<${this.columnCount}`);
    return this._view.getFloat64(this._columnsAt + 8 * index, true);
  }

  /** Section `index`: `{firstRow, rowCount, header: {top, height}, footer: {top, height}}` (a
   *  shard's header and footer hold its numbers: see `shard`). O(1). */
  section(index) {
    if (!(Number.isInteger(index) && index >= 0 && index < this.sectionCount)) throw new RangeError(`section ${index} is outside 0..<${this.sectionCount}`);
    const at = this._sectionsAt + SECTION * index, v = this._view;
    const span = k => ({ top: Number(v.getBigInt64(at + 16 + 8 * k, true)) / UNITS, height: Number(v.getBigInt64(at + 24 + 8 * k, true)) / UNITS });
    return { firstRow: Number(v.getBigUint64(at, true)), rowCount: Number(v.getBigUint64(at + 8, true)), header: span(0), footer: span(2) };
  }

  /** A shard's index, shard count, table rows and input checksum; null for a whole table. */
  get shard() {
    if (!this.isShard || this.sectionCount === 0) return null;
    const at = this._sectionsAt, v = this._view;
    return { index: Number(v.getBigInt64(at + 32, true)), count: Number(v.getBigInt64(at + 24, true)),
             tableRows: Number(v.getBigInt64(at + 16, true)), inputChecksum: Number(BigInt.asUintN(32, v.getBigInt64(at + 40, true))) };
  }
}

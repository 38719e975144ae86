/**
 * Where a hostile SQLite file does its damage: offsets of the database header fields, b-tree page headers, cell
 * pointer arrays and cells, overflow/freelist page links, and WAL header and frame headers (sqlite.org
 * fileformat2 §1.3, §1.6, §4.1). Fuzzers aim half their mutations here.
 */
const BTREE_TYPES = new Set([2, 5, 10, 13]);
const HEADER_FIELDS = [16, 18, 19, 20, 21, 22, 23, 24, 28, 32, 36, 40, 44, 48, 52, 56, 60, 64, 68, 92, 96];

export function pageSizeOf(db: Uint8Array): number {
  if (db.length < 100) return 4096;
  const v = (db[16]! << 8) | db[17]!;
  return v === 1 ? 65536 : v >= 512 ? v : 4096;
}

export function dbHotOffsets(db: Uint8Array): number[] {
  const out = [...HEADER_FIELDS];
  const ps = pageSizeOf(db);
  const view = new DataView(db.buffer, db.byteOffset, db.byteLength);
  for (let base = 0; base + ps <= db.length; base += ps) {
    const hdr = base === 0 ? 100 : base;
    const type = db[hdr]!;
    if (!BTREE_TYPES.has(type)) {
      out.push(base); // overflow page: next page number; freelist trunk: next trunk + leaf count
      continue;
    }
    const interior = type === 2 || type === 5;
    out.push(hdr, hdr + 1, hdr + 3, hdr + 5, hdr + 7);
    if (interior) out.push(hdr + 8);
    const cells = view.getUint16(hdr + 3);
    const ptrs = hdr + (interior ? 12 : 8);
    for (let i = 0; i < Math.min(cells, 6) && ptrs + 2 * i + 2 <= db.length; i++) {
      out.push(ptrs + 2 * i);
      const cell = base + view.getUint16(ptrs + 2 * i);
      if (cell < db.length) out.push(cell);
    }
  }
  return out.filter((o) => o < db.length);
}

/** WAL header (32 bytes) and every frame header (24 bytes) plus the start of each frame's page. */
export function walHotOffsets(wal: Uint8Array, pageSize: number): number[] {
  const out = [0, 4, 8, 12, 16, 20, 24, 28];
  for (let at = 32; at + 24 <= wal.length; at += 24 + pageSize)
    out.push(at, at + 4, at + 8, at + 12, at + 16, at + 20, at + 24, at + 24 + 3);
  return out.filter((o) => o < wal.length);
}

/** SQLite values → contract Cells, losslessly (statements run with safeIntegers so 64-bit values stay exact). */
import type { Cell } from '../../../shared/contract.js';

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
const HEAD_BYTES = 64;

export function toCell(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'bigint') return value <= MAX_SAFE && value >= -MAX_SAFE ? Number(value) : { int: value.toString() };
  if (typeof value === 'number' || typeof value === 'string') return value;
  if (value instanceof Uint8Array) {
    return { blob: { size: value.byteLength, hexHead: Buffer.from(value.subarray(0, HEAD_BYTES)).toString('hex') } };
  }
  return String(value);
}

/** A Cell back into a value SQLite can bind (cursor values). Blobs never come back: they are not sortable here. */
export function fromCell(cell: Cell): string | number | bigint | null {
  if (cell === null || typeof cell === 'number' || typeof cell === 'string') return cell;
  if ('int' in cell) return BigInt(cell.int);
  return null;
}

/** A row's rowid as a plain number (rowids beyond 2^53 do not occur in ledgers; refuse rather than round). */
export function rowidNumber(value: unknown): number {
  const n = typeof value === 'bigint' ? Number(value) : Number(value);
  if (!Number.isSafeInteger(n)) throw new Error(`rowid ${String(value)} is outside the safe integer range`);
  return n;
}

/** A cell as short text (summaries, search hits). */
export function cellText(cell: Cell): string {
  if (cell === null) return '';
  if (typeof cell === 'number' || typeof cell === 'string') return String(cell);
  if ('int' in cell) return cell.int;
  return `<blob ${cell.blob.size} bytes>`;
}

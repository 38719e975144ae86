/**
 * Checks one compressed zstd block's literals and sequences sections before any decoder sees it (RFC 8878
 * §3.1.1.3), without decoding literals or executing a match: sizes, symbol codes, and the block's decoded size.
 *
 * Why: fzstd executes sequences without bounding them. A match-length code outside the table (> 52) gives it a
 * NaN length, which disables its clamp, so a forged offset of 2^27 made it loop that many times per sequence
 * (the hostile crasher A2-v2-zstd-00020100fd6eeb21 took 1.9–3.6 s); valid codes with huge lengths over tens of
 * thousands of sequences would spin as long. The spec caps a block's decoded size at Block_Maximum_Size
 * (min(window, 128 KiB)) and libzstd refuses the same blocks, so checking it here keeps both backends in agreement
 * and bounds fzstd's work per block by the block cap.
 */
import { BackwardBits } from './backward-bits.js';
import { PREDEFINED, readFseTable, rleTable, type FseTable } from './zstd-fse.js';

/** The last table of each kind, for Repeat mode (carried across blocks of one frame). */
export interface SequenceTables {
  ll: FseTable | null;
  of: FseTable | null;
  ml: FseTable | null;
}

// Code tables of RFC 8878 §3.1.1.3.2.1.1; indexed only by codes already checked against MAX_LL / MAX_ML.
const LL_BASE = [
  ...Array.from({ length: 16 }, (_, i) => i),
  16,
  18,
  20,
  22,
  24,
  28,
  32,
  40,
  48,
  64,
  128,
  256,
  512,
  1024,
  2048,
  4096,
  8192,
  16384,
  32768,
  65536,
];
const LL_BITS = [...new Array<number>(16).fill(0), 1, 1, 1, 1, 2, 2, 3, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16];
const ML_BASE = [
  ...Array.from({ length: 32 }, (_, i) => i + 3),
  35,
  37,
  39,
  41,
  43,
  47,
  51,
  59,
  67,
  83,
  99,
  131,
  259,
  515,
  1027,
  2051,
  4099,
  8195,
  16387,
  32771,
  65539,
];
const ML_BITS = [...new Array<number>(32).fill(0), 1, 1, 1, 1, 2, 2, 3, 3, 4, 4, 5, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16];
const MAX_LL = 35;
const MAX_ML = 52;
const MAX_OF = 31;

interface Literals {
  readonly size: number;
  readonly used: number;
}

function literalsSection(b: Uint8Array): Literals | string {
  const b0 = b[0] ?? 0;
  const type = b0 & 3;
  const format = (b0 >> 2) & 3;
  const at = (i: number): number => b[i] ?? 0;
  if (b.length < 1) return 'the block has no literals section';
  if (type < 2) {
    let size: number;
    let head: number;
    if ((format & 1) === 0) [size, head] = [b0 >> 3, 1];
    else if (format === 1) [size, head] = [(b0 >> 4) + (at(1) << 4), 2];
    else [size, head] = [(b0 >> 4) + (at(1) << 4) + (at(2) << 12), 3];
    return { size, used: head + (type === 0 ? size : 1) };
  }
  let size: number;
  let comp: number;
  let head: number;
  if (format < 2) [size, comp, head] = [(b0 >> 4) + ((at(1) & 0x3f) << 4), (at(1) >> 6) + (at(2) << 2), 3];
  else if (format === 2) [size, comp, head] = [(b0 >> 4) + (at(1) << 4) + ((at(2) & 3) << 12), (at(2) >> 2) + (at(3) << 6), 4];
  else [size, comp, head] = [(b0 >> 4) + (at(1) << 4) + ((at(2) & 0x3f) << 12), (at(2) >> 6) + (at(3) << 2) + (at(4) << 10), 5];
  return { size, used: head + comp };
}

/** One table by its mode (0 predefined, 1 RLE, 2 FSE description, 3 repeat); advances `pos`. */
function tableFor(mode: number, b: Uint8Array, pos: { at: number }, kind: 'll' | 'of' | 'ml', tables: SequenceTables): FseTable | string {
  const [maxLog, maxSym] = kind === 'of' ? [8, MAX_OF] : [9, kind === 'll' ? MAX_LL : MAX_ML];
  switch (mode) {
    case 0:
      return PREDEFINED[kind];
    case 1: {
      const sym = b[pos.at++];
      if (sym === undefined) return 'the sequences section ends inside its tables';
      return sym > maxSym ? `an RLE ${kind} code ${sym} exceeds the maximum ${maxSym}` : rleTable(sym);
    }
    case 2: {
      const r = readFseTable(b, pos.at, maxLog, maxSym);
      if (typeof r === 'string') return r;
      pos.at += r.used;
      return r.table;
    }
    default:
      return tables[kind] ?? `the ${kind} table repeats a table no earlier block defined`;
  }
}

/**
 * Checks a compressed block body. Returns null when it is consistent, else a reason. Updates `tables` for the next
 * block's Repeat mode. `blockMax` is the frame's Block_Maximum_Size.
 */
export function checkCompressedBlock(body: Uint8Array, blockMax: number, tables: SequenceTables): string | null {
  const lit = literalsSection(body);
  if (typeof lit === 'string') return lit;
  if (lit.size > blockMax) return `its literals section regenerates ${lit.size} bytes, more than the ${blockMax}-byte block maximum`;
  if (lit.used > body.length) return 'its literals section runs past the end of the block';
  const b = body.subarray(lit.used);
  const b0 = b[0];
  if (b0 === undefined) return 'the block has no sequences section';
  let count: number;
  let head: number;
  if (b0 < 128) [count, head] = [b0, 1];
  else if (b0 < 255) [count, head] = [((b0 - 128) << 8) + (b[1] ?? 0), 2];
  else [count, head] = [(b[1] ?? 0) + ((b[2] ?? 0) << 8) + 0x7f00, 3];
  if (count === 0) return null;
  const modes = b[head];
  if (modes === undefined) return 'the sequences section ends before its compression modes';
  if ((modes & 3) !== 0) return 'the sequences section sets reserved mode bits';
  const pos = { at: head + 1 };
  const ll = tableFor(modes >> 6, b, pos, 'll', tables);
  if (typeof ll === 'string') return ll;
  const of = tableFor((modes >> 4) & 3, b, pos, 'of', tables);
  if (typeof of === 'string') return of;
  const ml = tableFor((modes >> 2) & 3, b, pos, 'ml', tables);
  if (typeof ml === 'string') return ml;
  tables.ll = ll;
  tables.of = of;
  tables.ml = ml;
  return checkSequences(b.subarray(pos.at), count, { ll, of, ml }, lit.size, blockMax);
}

function checkSequences(
  stream: Uint8Array,
  count: number,
  t: { ll: FseTable; of: FseTable; ml: FseTable },
  literals: number,
  blockMax: number,
): string | null {
  if (stream.length === 0 || stream[stream.length - 1] === 0) return 'the sequence bitstream is empty or lacks its end marker';
  const r = new BackwardBits(stream);
  // Tables in locals: this loop runs for every sequence of every block verified.
  const { symbol: llSym, bits: llBits, base: llBase } = t.ll;
  const { symbol: ofSym, bits: ofBits, base: ofBase } = t.of;
  const { symbol: mlSym, bits: mlBits, base: mlBase } = t.ml;
  let sll = r.read(t.ll.log);
  let sof = r.read(t.of.log);
  let sml = r.read(t.ml.log);
  let litTotal = 0;
  let out = literals;
  for (let i = 0; i < count; i++) {
    // States come from the tables' own base + bits, so they stay inside the tables; `?? 0` only satisfies the types.
    const ofCode = ofSym[sof] ?? 0;
    const mlCode = mlSym[sml] ?? 0;
    const llCode = llSym[sll] ?? 0;
    if (ofCode > MAX_OF || mlCode > MAX_ML || llCode > MAX_LL) return `sequence ${i} uses a code outside the tables`;
    r.skip(ofCode); // the offset's value is not needed: only sizes are checked
    const mlen = ML_BASE[mlCode]! + r.read(ML_BITS[mlCode]!);
    const llen = LL_BASE[llCode]! + r.read(LL_BITS[llCode]!);
    litTotal += llen;
    out += mlen;
    if (litTotal > literals) return `sequence ${i} uses more literals than the ${literals} the block holds`;
    if (out > blockMax) return `its sequences decode to more than the ${blockMax}-byte block maximum`;
    if (i + 1 < count) {
      sll = (llBase[sll] ?? 0) + r.read(llBits[sll] ?? 0);
      sml = (mlBase[sml] ?? 0) + r.read(mlBits[sml] ?? 0);
      sof = (ofBase[sof] ?? 0) + r.read(ofBits[sof] ?? 0);
    }
    if (r.overflow) return `the sequence bitstream ends before sequence ${i} is complete`;
  }
  return null;
}

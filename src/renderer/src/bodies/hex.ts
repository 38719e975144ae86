import type { RowSource } from './pieces.js';

/** Hex rows: offset, 16 bytes (two groups of 8), and an ASCII column where every non-printable byte is '.'. */
export const HEX_WIDTH = 16;

export function hexRow(bytes: Uint8Array, offset: number): string {
  const parts: string[] = [];
  let ascii = '';
  for (let i = 0; i < HEX_WIDTH; i++) {
    const b = bytes[i];
    parts.push(b === undefined ? '  ' : b.toString(16).padStart(2, '0'));
    if (i === 7) parts.push('');
    ascii += b === undefined ? ' ' : b >= 0x20 && b <= 0x7e ? String.fromCharCode(b) : '.';
  }
  return `${offset.toString(16).padStart(8, '0')}  ${parts.join(' ')}  ${ascii}`;
}

/**
 * Hex rows of a body made on demand from its loaded bytes: the count spans the whole body (`total` bytes), and a
 * row not loaded yet reads as its offset and a placeholder until its window arrives.
 */
export function hexSourceOf(loaded: Uint8Array, total: number): RowSource {
  const count = Math.ceil(total / HEX_WIDTH);
  return {
    length: count,
    at: (i) => {
      if (i < 0 || i >= count) return undefined;
      const o = i * HEX_WIDTH;
      const s = o < loaded.length ? hexRow(loaded.subarray(o, o + HEX_WIDTH), o) : `${o.toString(16).padStart(8, '0')}  …`;
      return { offset: null, pieces: [{ t: 'text', s }], cont: false };
    },
  };
}

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

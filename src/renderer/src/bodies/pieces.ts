/**
 * Text as pieces: plain text, or a visible marker standing for a character a reader could not otherwise see
 * (bidi controls, zero-width and other format characters, C0/C1 controls, ANSI escape sequences, invalid UTF-8).
 * Rendered only as React text nodes; markers get their own class so they stand out.
 */
export type Piece = { readonly t: 'text'; readonly s: string } | { readonly t: 'mark'; readonly s: string; readonly title: string };

/** One display row: the byte offset it starts at (when known), its pieces, and whether it continues a wrapped line. */
export interface Row {
  readonly offset: number | null;
  readonly pieces: readonly Piece[];
  readonly cont: boolean;
}

const C0 = ['NUL', 'SOH', 'STX', 'ETX', 'EOT', 'ENQ', 'ACK', 'BEL', 'BS', 'HT', 'LF', 'VT', 'FF', 'CR', 'SO', 'SI', 'DLE', 'DC1', 'DC2', 'DC3', 'DC4', 'NAK', 'SYN', 'ETB', 'CAN', 'EM', 'SUB', 'ESC', 'FS', 'GS', 'RS', 'US'];

const NAMED: Record<number, string> = {
  0x061c: 'ALM', 0x200b: 'ZWSP', 0x200c: 'ZWNJ', 0x200d: 'ZWJ', 0x200e: 'LRM', 0x200f: 'RLM',
  0x202a: 'LRE', 0x202b: 'RLE', 0x202c: 'PDF', 0x202d: 'LRO', 0x202e: 'RLO',
  0x2066: 'LRI', 0x2067: 'RLI', 0x2068: 'FSI', 0x2069: 'PDI', 0x2060: 'WJ', 0xfeff: 'BOM', 0x00ad: 'SHY',
  0x2028: 'LSEP', 0x2029: 'PSEP', 0x180e: 'MVS', 0x115f: 'HCF', 0x1160: 'HJF', 0x3164: 'HF', 0xffa0: 'HWHF',
};

const FORMAT = /\p{Cf}/u;

const hex4 = (cp: number): string => `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;

/** The marker for a code point, or null when it is shown as itself. Tab and newline are handled by callers. */
export function markerFor(cp: number): { s: string; title: string } | null {
  if (cp < 0x20 && cp !== 0x09) return { s: `⟨${C0[cp]}⟩`, title: `control character ${hex4(cp)}` };
  if (cp === 0x7f) return { s: '⟨DEL⟩', title: 'control character U+007F' };
  if (cp >= 0x80 && cp <= 0x9f) return { s: `⟨${hex4(cp)}⟩`, title: 'C1 control character' };
  const name = NAMED[cp];
  if (name) return { s: `⟨${name} ${hex4(cp)}⟩`, title: 'invisible or direction-changing character' };
  if (FORMAT.test(String.fromCodePoint(cp))) return { s: `⟨${hex4(cp)}⟩`, title: 'invisible format character' };
  return null;
}

/** Matches an ANSI/VT escape sequence starting at ESC: CSI, OSC (to BEL or ST), or ESC + one character. */
export const ESCAPE_SEQUENCE = /^\u001b(?:\[[0-?]*[ -/]*[@-~]|\][^\u0007\u001b]{0,256}(?:\u0007|\u001b\\)|[@-Z\\-_])/;

/** Marks a decoded string (JSON, SSE, MessagePack views): same markers as the byte-exact text view. */
export function markString(s: string): Piece[] {
  const out: Piece[] = [];
  let text = '';
  const flush = (): void => {
    if (text) out.push({ t: 'text', s: text });
    text = '';
  };
  for (let i = 0; i < s.length; ) {
    const cp = s.codePointAt(i)!;
    const width = cp > 0xffff ? 2 : 1;
    if (cp === 0x1b) {
      const m = ESCAPE_SEQUENCE.exec(s.slice(i, i + 300));
      flush();
      const seq = m ? m[0] : '\u001b';
      out.push({ t: 'mark', s: `⟨ESC⟩${visibleTail(seq.slice(1))}`, title: 'ANSI escape sequence' });
      i += seq.length;
      continue;
    }
    if (cp === 0xfffd) {
      flush();
      out.push({ t: 'mark', s: '⟨U+FFFD⟩', title: 'replacement character (undecodable bytes in the source)' });
      i += 1;
      continue;
    }
    const m = cp === 0x0a ? { s: '⟨LF⟩', title: 'line feed' } : markerFor(cp);
    if (m) {
      flush();
      out.push({ t: 'mark', ...m });
    } else text += String.fromCodePoint(cp);
    i += width;
  }
  flush();
  return out;
}

/** The rest of an escape sequence, itself with any control characters named. */
function visibleTail(s: string): string {
  let out = '';
  for (const ch of s) {
    const m = markerFor(ch.codePointAt(0)!);
    out += m ? m.s : ch;
  }
  return out;
}

export function piecesText(pieces: readonly Piece[]): string {
  return pieces.map((p) => p.s).join('');
}

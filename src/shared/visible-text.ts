/**
 * Characters a reader could not otherwise see, named: bidi controls, zero-width and other format characters,
 * C0/C1 controls and ANSI escape sequences. One mapping shared by the body views (as marked pieces) and by
 * every label and cell that shows evidence-derived text (as a plain string), so `a\u202Egnp.exe` can never
 * display as `aexe.png` anywhere. Only strings come out: views render them as React text nodes.
 */

/** Plain text, or a visible marker standing for a character a reader could not otherwise see. */
export type Piece = { readonly t: 'text'; readonly s: string } | { readonly t: 'mark'; readonly s: string; readonly title: string };

const C0 = [
  'NUL',
  'SOH',
  'STX',
  'ETX',
  'EOT',
  'ENQ',
  'ACK',
  'BEL',
  'BS',
  'HT',
  'LF',
  'VT',
  'FF',
  'CR',
  'SO',
  'SI',
  'DLE',
  'DC1',
  'DC2',
  'DC3',
  'DC4',
  'NAK',
  'SYN',
  'ETB',
  'CAN',
  'EM',
  'SUB',
  'ESC',
  'FS',
  'GS',
  'RS',
  'US',
];

const NAMED: Record<number, string> = {
  0x061c: 'ALM',
  0x200b: 'ZWSP',
  0x200c: 'ZWNJ',
  0x200d: 'ZWJ',
  0x200e: 'LRM',
  0x200f: 'RLM',
  0x202a: 'LRE',
  0x202b: 'RLE',
  0x202c: 'PDF',
  0x202d: 'LRO',
  0x202e: 'RLO',
  0x2066: 'LRI',
  0x2067: 'RLI',
  0x2068: 'FSI',
  0x2069: 'PDI',
  0x2060: 'WJ',
  0xfeff: 'BOM',
  0x00ad: 'SHY',
  0x2028: 'LSEP',
  0x2029: 'PSEP',
  0x180e: 'MVS',
  0x115f: 'HCF',
  0x1160: 'HJF',
  0x3164: 'HF',
  0xffa0: 'HWHF',
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

/** Anything markPieces would mark; lets the common all-plain case return the string untouched. */
const NEEDS_MARK = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u00ad\u061c\u115f\u1160\u180e\u2028\u2029\u3164\uffa0\ufffd]|\p{Cf}/u;

/**
 * Splits a decoded string into text and markers. `keepLineFeeds` leaves LF as a real line break (multi-line
 * values shown pre-wrapped); otherwise LF is marked too. Tab is always left as itself.
 */
export function markPieces(s: string, keepLineFeeds = false): Piece[] {
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
    const m = cp === 0x0a ? (keepLineFeeds ? null : { s: '⟨LF⟩', title: 'line feed' }) : markerFor(cp);
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

/**
 * A label or cell as it should be displayed: every invisible, direction-changing or control character replaced
 * by its visible marker (`⟨RLO U+202E⟩`, `⟨ESC⟩[31m`, `⟨NUL⟩`). Line feeds stay (callers flatten or pre-wrap);
 * copy actions must use the original value, not this.
 */
export function visibleText(s: string): string {
  return NEEDS_MARK.test(s) ? piecesText(markPieces(s, true)) : s;
}

/** visibleText for an optional attribute (title, aria-label): absent stays absent. */
export function visibleTitle(s: string | undefined): string | undefined {
  return s === undefined ? undefined : visibleText(s);
}

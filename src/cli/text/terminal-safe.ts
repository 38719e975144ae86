/**
 * Whether bytes may go to a terminal as they are. A body is attacker-chosen: written raw, an escape sequence can
 * retitle the terminal, clear it, set the clipboard (OSC 52) or make the terminal type a reply into the shell. Safe
 * text here is valid UTF-8 with no control character but tab, line feed and a carriage return before a line feed,
 * no C1 control (U+0080-U+009F: U+009B is a one-character CSI), and no bidirectional override (text that reads
 * differently from what it is). Anything else goes to a file or a pipe, byte for byte, as curl does with binary.
 */

export interface UnsafeAt {
  /** Byte offset of the first unsafe character (or of the invalid UTF-8 sequence). */
  readonly offset: number;
  readonly why: string;
}

const BIDI = /[\u202a-\u202e\u2066-\u2069]/;

/** null when every byte is safe text for a terminal, else where and why not. */
export function terminalUnsafe(bytes: Uint8Array): UnsafeAt | null {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { offset: firstInvalidUtf8(bytes), why: 'it is not valid UTF-8 text' };
  }
  let offset = 0;
  let previous = '';
  for (const ch of text) {
    // A carriage return is safe only as the first half of CRLF: alone it lets later text overwrite a line.
    if (previous === '\r' && ch !== '\n') return { offset: offset - 1, why: 'it holds a carriage return not followed by a line feed' };
    const c = ch.codePointAt(0)!;
    const unsafe =
      c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d
        ? `control character 0x${c.toString(16).padStart(2, '0')}`
        : c === 0x7f
          ? 'control character 0x7f'
          : c >= 0x80 && c <= 0x9f
            ? `C1 control U+00${c.toString(16).toUpperCase()}`
            : BIDI.test(ch)
              ? `bidirectional override U+${c.toString(16).toUpperCase()}`
              : null;
    if (unsafe) return { offset, why: `it holds a ${unsafe}` };
    offset += Buffer.byteLength(ch, 'utf8');
    previous = ch;
  }
  if (previous === '\r') return { offset: offset - 1, why: 'it holds a carriage return not followed by a line feed' };
  return null;
}

function firstInvalidUtf8(bytes: Uint8Array): number {
  // The longest prefix that still decodes (a cut inside a character is allowed, stream: true), found by halving;
  // it runs only on refusal. A fresh decoder each time: a streaming one keeps state between calls.
  let lo = 0;
  let hi = bytes.length;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, mid), { stream: true });
      lo = mid;
    } catch {
      hi = mid - 1;
    }
  }
  return lo;
}

/**
 * Byte-exact text view: decodes UTF-8 by hand so invalid bytes show as ⟨0xNN⟩ (not a bare U+FFFD), control and
 * invisible characters as markers, and every display row knows the byte offset it starts at. Fed chunk by chunk
 * (only the windows a reader scrolls to are fetched); an incomplete sequence at a chunk's end waits for the next.
 */
import type { Piece, Row } from './pieces.js';
import { ESCAPE_SEQUENCE, markerFor } from './pieces.js';

/** Display rows are cut at this many characters so one 10 MiB line still scrolls as many short rows. */
export const WRAP = 96;

export class TextRows {
  readonly rows: Row[] = [];
  private pending = new Uint8Array(0);
  /** Byte offset of `pending[0]`. */
  private base = 0;
  private pieces: Piece[] = [];
  private text = '';
  private width = 0;
  private rowStart = 0;
  private cont = false;

  /** Decodes what can be decoded; holds back an incomplete sequence at the end unless `final`. */
  push(chunk: Uint8Array, final: boolean): void {
    const buf = new Uint8Array(this.pending.length + chunk.length);
    buf.set(this.pending);
    buf.set(chunk, this.pending.length);
    let i = 0;
    while (i < buf.length) {
      const b = buf[i]!;
      const at = this.base + i;
      if (b === 0x0a) {
        this.endRow(false);
        i += 1;
        this.rowStart = this.base + i;
        continue;
      }
      if (b === 0x1b) {
        const window = String.fromCharCode(...buf.subarray(i, Math.min(buf.length, i + 300)));
        const m = ESCAPE_SEQUENCE.exec(window);
        if (!m && !final && buf.length - i < 300) break; // the sequence may finish in the next chunk
        const len = m ? m[0].length : 1;
        this.mark(
          `⟨ESC⟩${window.slice(1, len).replace(/[\u0000-\u001f\u007f]/g, (c) => markerFor(c.charCodeAt(0))?.s ?? c)}`,
          'ANSI escape sequence',
          at,
        );
        i += len;
        continue;
      }
      const need = b < 0x80 ? 1 : b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
      if (need === 0) {
        this.mark(`⟨0x${b.toString(16).toUpperCase().padStart(2, '0')}⟩`, 'byte that is not valid UTF-8', at);
        i += 1;
        continue;
      }
      if (i + need > buf.length && !final) break;
      const cp = decodeAt(buf, i, need);
      if (cp === null) {
        this.mark(`⟨0x${b.toString(16).toUpperCase().padStart(2, '0')}⟩`, 'byte that is not valid UTF-8', at);
        i += 1;
        continue;
      }
      const m = markerFor(cp);
      if (m) this.mark(m.s, m.title, at);
      else this.addText(String.fromCodePoint(cp), at);
      i += need;
    }
    this.base += i;
    this.pending = buf.slice(i);
    if (final) {
      this.endRow(false);
      this.pending = new Uint8Array(0);
    }
  }

  private wrapIfNeeded(at: number): void {
    if (this.width >= WRAP) {
      this.endRow(true);
      this.rowStart = at;
    }
  }

  private addText(s: string, at: number): void {
    this.wrapIfNeeded(at);
    this.text += s;
    this.width += 1;
  }

  private mark(s: string, title: string, at: number): void {
    this.wrapIfNeeded(at);
    if (this.text) this.pieces.push({ t: 'text', s: this.text });
    this.text = '';
    this.pieces.push({ t: 'mark', s, title });
    this.width += s.length;
  }

  private endRow(wrapped: boolean): void {
    if (this.text) this.pieces.push({ t: 'text', s: this.text });
    if (this.pieces.length > 0 || !wrapped) this.rows.push({ offset: this.rowStart, pieces: this.pieces, cont: this.cont });
    this.pieces = [];
    this.text = '';
    this.width = 0;
    this.cont = wrapped;
  }
}

/** A well-formed UTF-8 sequence's code point, or null (overlong, surrogate, out of range, bad continuation). */
function decodeAt(buf: Uint8Array, i: number, need: number): number | null {
  if (i + need > buf.length) return null;
  const b0 = buf[i]!;
  if (need === 1) return b0;
  let cp = need === 2 ? b0 & 0x1f : need === 3 ? b0 & 0x0f : b0 & 0x07;
  for (let k = 1; k < need; k++) {
    const c = buf[i + k]!;
    if ((c & 0xc0) !== 0x80) return null;
    cp = (cp << 6) | (c & 0x3f);
  }
  if (need === 3 && (cp < 0x800 || (cp >= 0xd800 && cp <= 0xdfff))) return null;
  if (need === 4 && (cp < 0x10000 || cp > 0x10ffff)) return null;
  return cp;
}

export function textRows(bytes: Uint8Array): Row[] {
  const t = new TextRows();
  t.push(bytes, true);
  return t.rows;
}

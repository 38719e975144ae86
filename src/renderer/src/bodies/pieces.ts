/**
 * Text as pieces: plain text, or a visible marker standing for a character a reader could not otherwise see
 * (bidi controls, zero-width and other format characters, C0/C1 controls, ANSI escape sequences, invalid UTF-8).
 * Rendered only as React text nodes; markers get their own class so they stand out.
 */
import type { Piece } from '../components/visible-text.js';
import { markPieces } from '../components/visible-text.js';

// The mapping itself lives with the label helper so cells and bodies can never disagree.
export type { Piece } from '../components/visible-text.js';
export { ESCAPE_SEQUENCE, markerFor, piecesText } from '../components/visible-text.js';

/** One display row: the byte offset it starts at (when known), its pieces, and whether it continues a wrapped line. */
export interface Row {
  readonly offset: number | null;
  readonly pieces: readonly Piece[];
  readonly cont: boolean;
}

/** Marks a decoded string (JSON, SSE, MessagePack views): same markers as the byte-exact text view, LF included. */
export function markString(s: string): Piece[] {
  return markPieces(s, false);
}

/** A decoded line as a row with no byte offset (the structured views); `cont` when it continues a long line. */
export function lineRow(s: string, cont = false): Row {
  return { offset: null, pieces: markString(s), cont };
}

/** Rows by index: an array is one; a lazy source makes each row when it scrolls into view (hex, folded JSON). */
export interface RowSource {
  readonly length: number;
  at(i: number): Row | undefined;
}

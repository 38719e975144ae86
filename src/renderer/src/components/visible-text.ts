/** The one mapping of invisible characters to visible markers lives in shared (the transcript export uses it too). */
export { ESCAPE_SEQUENCE, markPieces, markerFor, piecesText, visibleText, visibleTitle } from '../../../shared/visible-text.js';
export type { Piece } from '../../../shared/visible-text.js';

// JSON lines: a head object, then one object per transcript line (row, event_id, bodies with their hashes, the
// text with where it came from). Strings are JSON-escaped, so nothing in them can act.
import type { TranscriptLine } from '../../../../shared/contract/transcript.js';
import type { ExportHead } from './export-head.js';
import { jsonText } from '../../../../shared/json-text.js';

export const jsonHead = (h: ExportHead): string => `${jsonText({ type: 'transcript', ...h })}\n`;
export const jsonLine = (l: TranscriptLine): string => `${jsonText({ type: 'line', ...l })}\n`;
export const jsonFoot = (): string => '';

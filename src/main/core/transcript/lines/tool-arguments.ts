// A tool call's arguments rendered for reading: a shell command as a command, a file write as its path and
// content, any other JSON pretty-printed (the view wraps it), anything else as the text it is.
import type { TranscriptBlock } from '../../../../shared/contract/transcript.js';
import { block, column } from './line-base.js';

const PATH_KEYS = ['file_path', 'path', 'filename', 'file'];
const CONTENT_KEYS = ['content', 'contents', 'text', 'new_string'];

function parseObject(text: string): Record<string, unknown> | null | undefined {
  try {
    const v = JSON.parse(text) as unknown;
    return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return undefined;
  }
}

const own = (o: Record<string, unknown>, k: string): unknown => (Object.prototype.hasOwnProperty.call(o, k) ? o[k] : undefined);

export function argumentBlocks(text: string | null, cut: boolean): TranscriptBlock[] {
  if (text === null) return [];
  const src = column('arguments');
  const o = parseObject(text);
  if (o === undefined) return [block('arguments', text, src, 'text', cut)];
  if (o !== null) {
    const command = own(o, 'command') ?? own(o, 'cmd');
    if (typeof command === 'string') {
      const rest = Object.keys(o).filter((k) => k !== 'command' && k !== 'cmd');
      const extra = rest.length
        ? [block('other arguments', JSON.stringify(Object.fromEntries(rest.map((k) => [k, o[k]])), null, 2), src, 'json')]
        : [];
      return [block('command', command, src, 'command', cut), ...extra];
    }
    const path = PATH_KEYS.map((k) => own(o, k)).find((v): v is string => typeof v === 'string');
    const content = CONTENT_KEYS.map((k) => own(o, k)).find((v): v is string => typeof v === 'string');
    if (path !== undefined && content !== undefined) return [block('file write', content, src, 'file', cut, path)];
  }
  return [block('arguments', JSON.stringify(o, null, 2), src, 'json', cut)];
}

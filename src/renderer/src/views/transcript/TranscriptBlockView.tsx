/** One text of a line (reasoning, response, command, arguments, content, output): shown inert, long ones folded. */
import { useState } from 'react';
import type { TranscriptBlock } from '../../../../shared/contract/transcript.js';
import { visibleText } from '../../components/visible-text.js';
import { countLabel } from '../../components/format.js';
import { RowLink } from '../../links/RowLink.js';

/** Lines shown before "show all": enough to read a command's output head without a screen of it. */
export const FOLD_LINES = 12;
const FOLD_CHARS = 1600;

function sourceLabel(b: TranscriptBlock): string {
  const from =
    b.source.from === 'body' ? `verified body ${b.source.name}` : b.source.from === 'item' ? b.source.name : `column ${b.source.name}`;
  return `${from}${b.cut ? ` · ${excerptText(b)}` : ''}`;
}

/** How much of the whole an excerpt is, when the ledger says how long the whole is. */
function excerptText(b: TranscriptBlock): string {
  if (b.wholeBytes === undefined) return 'excerpt, cut';
  const shown = new TextEncoder().encode(b.text).length;
  return `excerpt: ${countLabel(shown)} of ${countLabel(b.wholeBytes)} bytes`;
}

export function TranscriptBlockView(props: {
  block: TranscriptBlock;
  onResize: () => void;
  ev: string;
  row: { readonly table: string; readonly rowid: number } | null;
}) {
  const b = props.block;
  const lines = b.text.split('\n');
  const long = lines.length > FOLD_LINES || b.text.length > FOLD_CHARS;
  // A file write is folded whatever its size: the path says what happened, the content is there to check.
  const [open, setOpen] = useState(b.format !== 'file' && !long);
  const shown = open ? b.text : b.format === 'file' ? '' : lines.slice(0, FOLD_LINES).join('\n').slice(0, FOLD_CHARS);
  const toggle = (): void => {
    setOpen((o) => !o);
    // The list measures rows once drawn; a row that grows must say so.
    requestAnimationFrame(props.onResize);
  };
  return (
    <div className={`tl-block tl-${b.format}`} data-block={b.label}>
      <div className="tl-label">
        <span className="tl-label-name">{b.label}</span>
        {b.path !== undefined && <span className="mono tl-path">{visibleText(b.path)}</span>}
        <span className="muted" title={b.source.bodyHash ?? undefined}>
          {sourceLabel(b)}
        </span>
        {b.cut && b.wholeBody && props.row && (
          <RowLink ev={props.ev} table={props.row.table} rowid={props.row.rowid} body={b.wholeBody}>
            open the whole {b.wholeBody.direction} body
          </RowLink>
        )}
        {(long || b.format === 'file') && (
          <button type="button" className="linkish" onClick={toggle} aria-expanded={open}>
            {open ? 'fold' : `show all ${countLabel(lines.length)} lines`}
          </button>
        )}
      </div>
      {shown !== '' && (
        <pre className="tl-text">
          {b.format === 'command' && <span className="tl-prompt">$ </span>}
          {visibleText(shown)}
          {!open && long && <span className="muted">{'\n'}…</span>}
        </pre>
      )}
    </div>
  );
}

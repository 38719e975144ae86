/**
 * A row's columns as a definition list; every id column is an IdLink (in its table, resolved in its trace), and a file
 * event's path links to that path's history.
 */
import type { EventDetail } from '../../../shared/contract.js';
import { useApp } from '../app-context.js';
import { formatCell } from '../components/format.js';
import { visibleText } from '../components/visible-text.js';
import { FileHistoryLink } from './FileHistoryLink.js';
import { IdLink } from './IdLink.js';

function kindOf(c: string): 'unix_ms' | 'timestamp' | undefined {
  return /_unix_ms$/.test(c) ? 'unix_ms' : /^(timestamp|created_at|sealed_at)$/.test(c) ? 'timestamp' : undefined;
}

export function traceOf(detail: Pick<EventDetail, 'columns' | 'cells'>): string | null {
  const i = detail.columns.indexOf('trace_id');
  const v = i >= 0 ? detail.cells[i] : null;
  return typeof v === 'string' && v !== '' ? v : null;
}

export function RowFields(props: { ev: string; detail: EventDetail; max?: number }) {
  const { ev, detail } = props;
  const { time } = useApp();
  const traceId = traceOf(detail);
  return (
    <dl className="kv">
      {detail.columns.map((c, i) => {
        const cell = detail.cells[i] ?? null;
        const text = cell === null ? 'NULL' : formatCell(cell, kindOf(c), time);
        const shown = visibleText(props.max && text.length > props.max ? `${text.slice(0, props.max)}…` : text);
        return (
          <div key={c} className="kv-row">
            <dt>{visibleText(c)}</dt>
            <dd className={cell === null ? 'null' : ''}>
              {cell === null ? (
                'NULL'
              ) : detail.table === 'fs_events' && c === 'path' && typeof cell === 'string' && cell !== '' ? (
                <FileHistoryLink ev={ev} path={cell}>
                  {shown}
                </FileHistoryLink>
              ) : (
                <IdLink ev={ev} column={c} value={cell} ctx={{ table: detail.table, traceId }}>
                  {shown}
                </IdLink>
              )}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

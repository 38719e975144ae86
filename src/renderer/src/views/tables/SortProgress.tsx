/** The header's word on a sort no index serves: its progress and Cancel while it runs, then that it is served by place. */
import type { SortSpec } from '../../../../shared/contract.js';
import { countLabel } from '../../components/format.js';
import { visibleText } from '../../components/visible-text.js';
import type { BackgroundSort } from './use-background-sort.js';

export function SortProgress(props: { sort: SortSpec; bg: BackgroundSort; onCancel(): void }) {
  const { status, error } = props.bg;
  const col = visibleText(props.sort.column);
  if (error)
    return (
      <span className="sort-note failed">
        sorting by {col} failed: {visibleText(error)}
      </span>
    );
  if (!status) return null;
  const read = status.read;
  const total = status.total;
  switch (status.state) {
    case 'running':
    case 'none':
      return (
        <span className="sort-note running" role="status" data-sort-state="running">
          · no index serves a sort by {col}: sorting in the background ·{' '}
          {total === null ? 'counting rows…' : `${countLabel(read)} of ${countLabel(total)} rows read`}
          {total !== null && total > 0 && (
            <progress max={total} value={Math.min(read, total)} aria-label={`rows read for the sort by ${col}`} />
          )}{' '}
          (rowid order meanwhile){' '}
          <button type="button" className="danger" onClick={props.onCancel}>
            Cancel sort
          </button>
        </span>
      );
    case 'done':
      return (
        <span className="sort-note done" data-sort-state="done" title="sorted in the background (no index serves this column)">
          · sorted in the background ({countLabel(status.rows ?? 0)} rows)
        </span>
      );
    case 'cancelled':
    case 'failed':
      return (
        <span className="sort-note failed" data-sort-state={status.state}>
          the sort by {col} was {status.state}
          {status.error ? `: ${visibleText(status.error)}` : ''}
        </span>
      );
    default:
      return null;
  }
}

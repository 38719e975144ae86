/** The mark of a row that exists only in session.db-wal, as the row view and the side pane show it. */
import { WAL_ONLY_TITLE } from '../api/use-wal-only.js';

export function WalOnlyMark(props: { title?: string }) {
  return (
    <span className="badge warn wal-only-mark" data-testid="wal-only" title={props.title ?? WAL_ONLY_TITLE}>
      only in -wal
    </span>
  );
}

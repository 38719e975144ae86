/**
 * File history's first page: how many paths and changes, what this ledger cannot say (gaps), the session's overflow
 * windows in one sentence (which paths they held back is not recorded, so they belong to no path's list), and every
 * path in a sortable grid, each a link to its history. Read from `files.paths`, the list `capsem-inspect files` prints.
 */
import { useCall } from '../../api/use-call.js';
import { ErrorNote } from '../../components/ErrorNote.js';
import { countLabel } from '../../components/format.js';
import { href } from '../../router.js';
import { GapNotes } from './GapNotes.js';
import { PathListTable } from './PathListTable.js';

const plural = (n: number, word: string): string => `${countLabel(n)} ${word}${n === 1 ? '' : 's'}`;

export function PathList(props: { ev: string }) {
  const { ev } = props;
  const list = useCall('files.paths', { evidenceId: ev });
  if (list.error) return <ErrorNote error={list.error} />;
  if (!list.value) return <p className="hint">Loading file history…</p>;
  const r = list.value;
  const changes = r.paths.reduce((n, p) => n + p.changes, 0);
  const held = r.windows.reduce((n, w) => n + w.heldBack, 0);
  return (
    <div className="file-history-view fh-list" data-file-paths-ready={r.paths.length}>
      <section className="card fh-head">
        <h2>File history</h2>
        <p className="fh-summary" data-changes={changes}>
          {plural(r.paths.length, 'path')} changed, {plural(changes, 'change')} in all. Open a path for its changes and what caused each.
        </p>
        <GapNotes gaps={r.gaps} />
        {r.windows.length > 0 && (
          <p className="fh-windows" data-windows={r.windows.length}>
            {plural(r.windows.length, 'overflow window')} held back {plural(held, 'change')}: the file monitor recorded only how many, not
            which files, so{' '}
            {r.windowsNamingNoPath === r.windows.length ? 'none of them is' : `${countLabel(r.windowsNamingNoPath)} of them are not`} in any
            path’s history. They are listed under <a href={href({ view: 'files', ev, persistOnly: false })}>File activity</a>.
          </p>
        )}
      </section>
      <section className="card fh-paths" aria-label="paths">
        {r.paths.length === 0 ? (
          <p className="muted">No file change is recorded in this ledger.</p>
        ) : (
          <PathListTable ev={ev} paths={r.paths} />
        )}
      </section>
    </div>
  );
}

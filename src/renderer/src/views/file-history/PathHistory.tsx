/**
 * One path's history: the path, its count of changes, what this ledger cannot say (gaps) and the overflow windows
 * that may hide more changes of it, then its changes in time order with their causes. Read from `files.history`,
 * what `capsem-inspect files --path` prints; a path the session never changed says so rather than showing an error.
 */
import { useCall } from '../../api/use-call.js';
import { ErrorNote } from '../../components/ErrorNote.js';
import { countLabel } from '../../components/format.js';
import { visibleText } from '../../components/visible-text.js';
import { href } from '../../router.js';
import { GapNotes } from './GapNotes.js';
import { HistoryTable } from './HistoryTable.js';

export function PathHistory(props: { ev: string; path: string }) {
  const { ev, path } = props;
  const h = useCall('files.history', { evidenceId: ev, path });
  const back = (
    <a className="fh-back" href={href({ view: 'file-history', ev, path: null })}>
      ← all paths
    </a>
  );
  if (h.error) return <ErrorNote error={h.error} />;
  if (h.loading) return <p className="hint">Loading the history of {visibleText(path)}…</p>;
  const r = h.value;
  return (
    <div className="file-history-view fh-one" data-file-history-ready={r === null ? 'none' : r.entries.length}>
      <section className="card fh-head">
        {back}
        <h2>
          File history of <span className="mono fh-path">{visibleText(path)}</span>
        </h2>
        {r === null ? (
          <p className="muted">This session recorded no change of this path.</p>
        ) : (
          <>
            <p className="fh-summary" data-changes={r.changes}>
              {countLabel(r.changes)} change{r.changes === 1 ? '' : 's'}, in time order.
            </p>
            <GapNotes gaps={r.gaps} />
            {r.windowsNamingNoPath > 0 && (
              <p className="muted fh-windows">
                {countLabel(r.windowsNamingNoPath)} overflow window{r.windowsNamingNoPath === 1 ? '' : 's'} of this session name no path:
                changes of this file may be among those held back, but the ledger does not say which, so they are not placed here.
              </p>
            )}
          </>
        )}
      </section>
      {r !== null && (
        <section className="card fh-changes" aria-label="changes">
          <HistoryTable ev={ev} entries={r.entries} />
        </section>
      )}
    </div>
  );
}

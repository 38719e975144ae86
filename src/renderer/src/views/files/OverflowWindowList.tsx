/**
 * The overflow windows' list under File activity (the first ones the integrity check lists): each window's row,
 * when, its gap mark (the completeness section's sentence on hover), how many changes it held back,
 * its turn, and the later scan that derived them. Every row carries links, so
 * drawing them all in the first frame was File activity's one long task on open (55-89 ms on the 1,000,000-event
 * ledger): the rows are drawn a chunk per frame instead.
 */
import type { FsOverflowWindow } from '../../../../shared/contract/fs.js';
import { useApp } from '../../app-context.js';
import { countLabel, formatCell, msLabel } from '../../components/format.js';
import { visibleText } from '../../components/visible-text.js';
import { WalOnlyIf } from '../../components/WalOnlyScope.js';
import { IdLink } from '../../links/IdLink.js';
import { RowLink } from '../../links/RowLink.js';
import { FileHistoryLink } from '../../links/FileHistoryLink.js';
import { useChunkedCount } from '../../components/use-chunked-count.js';
import { GapMarks } from '../../components/GapMarks.js';

/** Rows drawn per frame: a few milliseconds of React and layout each on a loaded machine. */
const ROWS_PER_FRAME = 20;

export function OverflowWindowList(props: { ev: string; windows: readonly FsOverflowWindow[] }) {
  const { ev, windows } = props;
  const { time } = useApp();
  const shown = useChunkedCount(windows.length, ROWS_PER_FRAME);
  return (
    <table className="mini" aria-label="overflow window list" data-rows-drawn={shown}>
      <thead>
        <tr>
          <th>window (overflow row)</th>
          <th className="num">held back</th>
          <th>falls in turn</th>
          <th>derived by the later scan</th>
        </tr>
      </thead>
      <tbody>
        {windows.slice(0, shown).map((w) => (
          <tr key={w.id} data-window={w.id}>
            <td className="mono">
              <RowLink ev={ev} table="fs_events" rowid={w.id}>
                #{w.id}
              </RowLink>
              <WalOnlyIf row={{ table: 'fs_events', rowid: w.id }} /> {w.timestamp ? formatCell(w.timestamp, 'timestamp', time) : '—'}
              <GapMarks gaps={w.gaps} compact />
            </td>
            <td className="num">{countLabel(w.heldBack)}</td>
            <td className="mono" data-window-turn={w.turnId ?? ''}>
              {w.turnId ? (
                <>
                  <IdLink ev={ev} column="turn_id" value={w.turnId} ctx={{ traceId: w.traceId }} />
                  {w.turnBy === 'time' && (
                    <span className="muted" title="the window's row names no turn; this is the turn of the last file event before it">
                      {' '}
                      (by time)
                    </span>
                  )}
                </>
              ) : (
                <span className="muted">—</span>
              )}
            </td>
            <td className="mono">
              {w.heldFor ? (
                <>
                  <RowLink ev={ev} table="fs_events" rowid={w.heldFor.id}>
                    #{w.heldFor.id}
                  </RowLink>{' '}
                  {visibleText(w.heldFor.action)} {w.heldFor.path === '' ? null : <FileHistoryLink ev={ev} path={w.heldFor.path} />}
                  {w.t !== null && w.heldFor.t !== null && <span className="muted"> (+{msLabel(w.heldFor.t - w.t)})</span>}
                </>
              ) : (
                <span className="muted">no later scan recorded yet</span>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * File activity: fs_events over time by action and kind, every overflow row as a window (when, how many
 * changes were held back, the scan that later derived them), and the paths list with the places where a
 * compromise persists marked.
 */
import { useState } from 'react';
import { useCall } from '../../api/use-call.js';
import { useApp } from '../../app-context.js';
import { ErrorNote } from '../../components/ErrorNote.js';
import { countLabel, formatCell, msLabel } from '../../components/format.js';
import { navigate } from '../../router.js';
import { IdLink } from '../../links/IdLink.js';
import { RowLink } from '../../links/RowLink.js';
import { PaneLayout } from '../../pane/PaneLayout.js';
import { PathsTable } from './PathsTable.js';
import { TimelineCharts } from './TimelineCharts.js';
import type { PathSort } from './use-path-window.js';
import { usePathWindow } from './use-path-window.js';
import './files.css';
import { GoToRow } from '../../components/GoToRow.js';
import { visibleText } from '../../components/visible-text.js';
import { WalOnlyIf } from '../../components/WalOnlyScope.js';

export function FilesView(props: { ev: string; persistOnly: boolean }) {
  const { ev, persistOnly } = props;
  const { time } = useApp();
  const act = useCall('fs.activity', { evidenceId: ev });
  const [sort, setSort] = useState<PathSort>({ column: 'path', direction: 'asc' });
  const paths = usePathWindow(ev, persistOnly, sort);
  const [jump, setJump] = useState<{ seq: number; position: number } | undefined>(undefined);
  if (act.error) return <ErrorNote error={act.error} />;
  const a = act.value;
  return (
    <PaneLayout ev={ev}>
      <div className="files-view">
        <TimelineCharts ev={ev} />
        <div className="fs-lower">
          <section
            className="card fs-overflow"
            aria-label="overflow windows"
            data-windows={a?.overflowWindows ?? ''}
            data-held-back={a?.overflowHeldBack ?? ''}
          >
            <h3>
              Overflow windows: <span className={a?.overflowWindows ? 'bad' : ''}>{a?.overflowWindows ?? '…'}</span>,{' '}
              {a ? countLabel(a.overflowHeldBack) : '…'} changes held back
            </h3>
            <p className="note">
              When the file monitor cannot keep up it writes an <span className="code">overflow</span> row instead of the changes: their
              number is the row’s size. They are not lost but deferred — a later scan derived them, and they appear as the rows that follow.
            </p>
            {a && a.windows.length > 0 && (
              <table className="mini" aria-label="overflow window list">
                <thead>
                  <tr>
                    <th>window (overflow row)</th>
                    <th className="num">held back</th>
                    <th>falls in turn</th>
                    <th>derived by the later scan</th>
                  </tr>
                </thead>
                <tbody>
                  {a.windows.map((w) => (
                    <tr key={w.id} data-window={w.id}>
                      <td className="mono">
                        <RowLink ev={ev} table="fs_events" rowid={w.id}>
                          #{w.id}
                        </RowLink>
                        <WalOnlyIf row={{ table: 'fs_events', rowid: w.id }} />{' '}
                        {w.timestamp ? formatCell(w.timestamp, 'timestamp', time) : '—'}
                      </td>
                      <td className="num">{countLabel(w.heldBack)}</td>
                      <td className="mono" data-window-turn={w.turnId ?? ''}>
                        {w.turnId ? (
                          <>
                            <IdLink ev={ev} column="turn_id" value={w.turnId} ctx={{ traceId: w.traceId }} />
                            {w.turnBy === 'time' && (
                              <span
                                className="muted"
                                title="the window's row names no turn; this is the turn of the last file event before it"
                              >
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
                            {visibleText(w.heldFor.action)} {visibleText(w.heldFor.path)}
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
            )}
            {a && a.windows.length < a.overflowWindows && <p className="muted">First {a.windows.length} windows listed.</p>}
          </section>
          <section className="card fs-paths" aria-label="paths">
            <div className="toolbar">
              <h3>Paths</h3>
              <span className="muted" data-paths-total={paths.totals?.total ?? ''} data-persist-total={paths.totals?.persistTotal ?? ''}>
                {paths.totals ? `${countLabel(paths.totals.total)} paths, ${paths.totals.persistTotal} where a compromise persists` : ''}
              </span>
              <span className="spacer" />
              <GoToRow
                noun="path"
                labelClass="goto-path"
                inputClass="goto-path-input"
                total={paths.total}
                onGo={(n) => setJump((j) => ({ seq: (j?.seq ?? 0) + 1, position: n }))}
              />
              <label>
                <input
                  type="checkbox"
                  checked={persistOnly}
                  onChange={(e) => navigate({ view: 'files', ev, persistOnly: e.target.checked })}
                />{' '}
                persistence paths only
              </label>
            </div>
            {paths.error && <ErrorNote error={paths.error} />}
            <PathsTable
              ev={ev}
              rows={paths.rows}
              start={paths.start}
              total={paths.total}
              sort={sort}
              onSort={setSort}
              more={paths.more}
              less={paths.less}
              seek={paths.seek}
              {...(jump ? { scrollTo: jump } : {})}
            />
          </section>
        </div>
      </div>
    </PaneLayout>
  );
}

/**
 * File activity: fs_events over time by action and kind, every overflow row as a window (when, how many
 * changes were held back, the scan that later derived them), and the paths list with the places where a
 * compromise persists marked.
 */
import { useState } from 'react';
import { useCall } from '../../api/use-call.js';
import { ErrorNote } from '../../components/ErrorNote.js';
import { countLabel } from '../../components/format.js';
import { navigate } from '../../router.js';
import { PaneLayout } from '../../pane/PaneLayout.js';
import { PathsTable } from './PathsTable.js';
import { TimelineCharts } from './TimelineCharts.js';
import type { PathSort } from './use-path-window.js';
import { usePathWindow } from './use-path-window.js';
import './files.css';
import { OverflowWindowList } from './OverflowWindowList.js';
import { GoToRow } from '../../components/GoToRow.js';

export function FilesView(props: { ev: string; persistOnly: boolean }) {
  const { ev, persistOnly } = props;
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
              number is the row’s size, held over to a later scan. The ledger records only that number: which of the changes the later scan
              reported, if any, it does not say, so the rows after a window are not an account of them.
            </p>
            {a && a.windows.length > 0 && <OverflowWindowList ev={ev} windows={a.windows} />}
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

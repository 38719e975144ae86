/**
 * The paths list as a plain table (paths need the width a grid column cannot give them), fed page by page by
 * the keyset channel; persistence paths carry a marker first so they stand out.
 */
import type { FsPathRow, PersistKind } from '../../../../shared/contract/fs.js';
import { useRef } from 'react';
import { useApp } from '../../app-context.js';
import { useListKeys } from '../../components/use-list-keys.js';
import { RowLink } from '../../links/RowLink.js';
import { bytesLabel, countLabel, formatCell } from '../../components/format.js';
import { visibleText } from '../../components/visible-text.js';
import { WalOnlyAnyIf } from '../../components/WalOnlyScope.js';

const PERSIST_LABEL: Record<PersistKind, string> = {
  git_hooks: 'git hook',
  git_config: 'git config',
  node_modules: 'node_modules',
  venv: 'virtualenv',
  target: 'build output',
};

export function PathsTable(props: { ev: string; rows: readonly FsPathRow[]; more: (() => void) | null }) {
  const { time } = useApp();
  const box = useRef<HTMLDivElement>(null);
  useListKeys(box, 'tbody tr');
  return (
    <div className="paths-scroll" ref={box}>
      <table className="mini paths" aria-label="paths list">
        <thead>
          <tr>
            <th>path</th>
            <th>last action</th>
            <th>kind</th>
            <th className="num">size</th>
            <th className="num">events</th>
            <th>last seen</th>
          </tr>
        </thead>
        <tbody>
          {props.rows.map((r) => (
            <tr key={r.path} data-path={r.path} data-persist={r.persist ?? ''} className={r.persist ? 'persist' : ''}>
              <td className="mono path">
                {r.persist && (
                  <span className="persist-mark" title="a compromise written here outlives the session">
                    ⚠ {PERSIST_LABEL[r.persist]}
                  </span>
                )}
                <RowLink ev={props.ev} table="fs_events" rowid={r.lastRowid}>
                  {visibleText(r.path)}
                </RowLink>
                <WalOnlyAnyIf lastRowids={{ fs_events: r.lastRowid }} what="this path's latest event" />
              </td>
              <td>{visibleText(r.lastAction)}</td>
              <td>{r.kind !== null ? visibleText(r.kind) : '—'}</td>
              <td className="num">{r.size === null ? '—' : bytesLabel(r.size)}</td>
              <td className="num">{countLabel(r.events)}</td>
              <td className="mono nowrap">{r.lastTimestamp ? formatCell(r.lastTimestamp, 'timestamp', time) : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {props.more && (
        <button type="button" onClick={props.more}>
          Load more paths
        </button>
      )}
    </div>
  );
}

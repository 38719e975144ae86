/**
 * The sessions of a library as a table that fits the window (every column of the seed lister visible at once).
 * Select a row (click, j/k); Enter or double-click opens a session still on disk; headers sort.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { SortSpec } from '../../../../shared/contract.js';
import type { LibrarySession } from '../../../../shared/contract/library.js';
import { useApp, useRowNav } from '../../app-context.js';
import { formatCell } from '../../components/format.js';
import { shortTime } from './library-format.js';
import type { SessionColumn } from './session-rows.js';
import { NUMERIC_COLUMNS, onDiskTitle, SESSION_COLUMNS, sessionTexts, sortSessions } from './session-rows.js';
import { visibleText, visibleTitle } from '../../components/visible-text.js';

export interface SessionTableProps {
  readonly sessions: readonly LibrarySession[];
  readonly selectedId: string | null;
  onSelect(id: string): void;
  onOpen(s: LibrarySession): void;
}

function Cell({ s, column }: { s: LibrarySession; column: SessionColumn }) {
  const { time } = useApp();
  if (column === 'created' || column === 'stopped') {
    const ms = column === 'created' ? s.createdMs : s.stoppedMs;
    return (
      <td className="mono" title={ms === null ? undefined : formatCell(ms, 'unix_ms', time)}>
        {shortTime(ms, time)}
      </td>
    );
  }
  const text = sessionTexts(s)[column];
  return (
    <td
      className={`${NUMERIC_COLUMNS.has(column) ? 'num ' : ''}${column === 'id' || column === 'on disk' ? 'mono' : ''}`}
      title={column === 'on disk' ? visibleTitle(onDiskTitle(s)) : undefined}
    >
      {visibleText(text)}
    </td>
  );
}

export function SessionTable(p: SessionTableProps) {
  const [sort, setSort] = useState<SortSpec | null>(null);
  const rows = useMemo(() => sortSessions(p.sessions, sort), [p.sessions, sort]);
  const at = rows.findIndex((s) => s.id === p.selectedId);
  const body = useRef<HTMLTableSectionElement>(null);
  const { onSelect, onOpen } = p;
  useRowNav(
    useCallback(
      (nav) => {
        if (nav === 'open') {
          if (at >= 0) onOpen(rows[at]!);
          return;
        }
        const next = Math.max(0, Math.min(rows.length - 1, at + (nav === 'next' ? 1 : -1)));
        if (rows[next]) onSelect(rows[next].id);
      },
      [at, rows, onSelect, onOpen],
    ),
  );
  useEffect(() => {
    body.current?.children[at]?.scrollIntoView({ block: 'nearest' });
  }, [at]);
  const onSort = (column: string): void =>
    setSort((s) => (s?.column !== column ? { column, direction: 'desc' } : s.direction === 'desc' ? { column, direction: 'asc' } : null));
  return (
    <div className="session-scroll" data-testid="session-table" data-rows={rows.length}>
      <table className="mini sessions" aria-label="sessions">
        <thead>
          <tr>
            {SESSION_COLUMNS.map((c) => {
              const dir = sort?.column === c ? sort.direction : null;
              return (
                <th
                  key={c}
                  className={NUMERIC_COLUMNS.has(c) ? 'num' : ''}
                  aria-sort={dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : 'none'}
                >
                  <button type="button" className="gh-sort" onClick={() => onSort(c)}>
                    {c}
                    {'\u00a0'}
                    <span className="arrow">{dir === 'asc' ? '▲' : dir === 'desc' ? '▼' : '↕'}</span>
                  </button>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody ref={body}>
          {rows.map((s, i) => (
            <tr
              key={s.id}
              data-rowkey={s.id}
              aria-selected={i === at}
              className={`${i === at ? 'sel' : ''}${s.canOpen ? ' on-disk' : ''}`}
              onClick={() => onSelect(s.id)}
              onDoubleClick={() => onOpen(s)}
            >
              {SESSION_COLUMNS.map((c) => (
                <Cell key={c} s={s} column={c} />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

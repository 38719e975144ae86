/** The -wal marks every view shares (see wal-only-context.ts): the scope App puts around the views, and the marks. */
import type { ReactNode } from 'react';
import { useContext } from 'react';
import { WAL_ONLY_TITLE, useWalOnlyFrom } from '../api/use-wal-only.js';
import { WalOnlyMark } from './WalOnlyMark.js';
import type { WalRow } from './wal-only-context.js';
import { WalOnlyContext, useWalOnly, useWalOnlyAny } from './wal-only-context.js';

/** Learns the thresholds for `ev` once, for every view under it. `data-wal-known` says they have arrived. */
export function WalOnlyScope(props: { ev: string | null; children: ReactNode }) {
  const from = useWalOnlyFrom(props.ev);
  return (
    <WalOnlyContext.Provider value={{ from }}>
      <div className="wal-scope" data-wal-known={from !== null ? 'true' : 'false'}>
        {props.children}
      </div>
    </WalOnlyContext.Provider>
  );
}

/** The "only in -wal" badge, shown when `row` exists only in the -wal. */
export function WalOnlyIf(props: { row: WalRow }) {
  return useWalOnly(props.row?.table, props.row?.rowid) ? <WalOnlyMark /> : null;
}

/** The badge for an aggregate line (a trace, a model) that counts rows only in the -wal. */
export function WalOnlyAnyIf(props: { lastRowids: Readonly<Record<string, number>> | null | undefined; what: string }) {
  return useWalOnlyAny(props.lastRowids) ? (
    <WalOnlyMark title={`counts rows only in session.db-wal: a copy without the -wal loses ${props.what}`} />
  ) : null;
}

/** In SVG (graph nodes, waterfall rows): a warning stripe down the left edge, with the same title. */
export function WalOnlyStripe(props: { row: WalRow; height: number; x?: number }) {
  if (!useWalOnly(props.row?.table, props.row?.rowid)) return null;
  return (
    <rect className="wal-only-stripe" data-testid="wal-only" x={props.x ?? 0} y={0} width={4} height={props.height}>
      <title>{WAL_ONLY_TITLE}</title>
    </rect>
  );
}

/** The badge for a table that holds rows only in the -wal (the overview's rows per table). */
export function WalOnlyTableIf(props: { table: string }) {
  const { from } = useContext(WalOnlyContext);
  return from?.[props.table] !== undefined ? (
    <WalOnlyMark title={`some rows of ${props.table} are only in session.db-wal: a copy without the -wal loses them`} />
  ) : null;
}

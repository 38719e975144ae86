/**
 * Tool lifecycles: one row per logical tool call, from the model call that emitted it to the one that consumed
 * its response; orphans and MCP traffic without a logical call flagged (the integrity report's counts, shown
 * beside them); a swimlane per tool; filters by origin, status, decision and tool; the doctor's usage breakdown.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import type { Cell } from '../../../../shared/contract.js';
import type { LifecycleFilters, LifecycleRow } from '../../../../shared/contract/lifecycle.js';
import { useCall } from '../../api/use-call.js';
import type { RowNav } from '../../app-context.js';
import { useApp, useRowNav } from '../../app-context.js';
import type { GridColumn } from '../../components/DataGrid.js';
import { DataGrid } from '../../components/DataGrid.js';
import { ErrorNote } from '../../components/ErrorNote.js';
import { href, navigate } from '../../router.js';
import { PaneHostContext } from '../../pane/pane-host.js';
import { SidePaneSlot, usePane } from '../../pane/PaneLayout.js';
import { samePaneSelection } from '../../pane/selection.js';
import { IdLink } from '../../links/IdLink.js';
import { LaneChart } from './LaneChart.js';
import { UsageTables } from './UsageTables.js';
import { useLifecycleRows } from './use-lifecycle-rows.js';
import './lifecycle.css';
import { GoToRow } from '../../components/GoToRow.js';
import { GapMarks } from '../../components/GapMarks.js';
import { CaseMark } from '../case/CaseMark.js';
import { useCaseTags } from '../case/CaseTagsScope.js';
import { taggedKey } from '../case/use-tagged-events.js';
import { visibleText } from '../../components/visible-text.js';
import { countLabel } from '../../components/format.js';
import { WalOnlyIf } from '../../components/WalOnlyScope.js';
import { useWalOnlyThreshold } from '../../components/wal-only-context.js';

/**
 * "recorded status" is what Capsem wrote (tool_calls.status); "our findings" is what this inspector found by the
 * report's rules. They can disagree (a call recorded as responded with no response row in its trace), and the two
 * columns are named apart so neither reads as the other.
 */
const COLUMNS: readonly GridColumn[] = [
  { name: 'id', kind: 'integer' },
  { name: 'our findings' },
  { name: 'gaps' },
  { name: 'tool' },
  { name: 'origin' },
  { name: 'emitted by' },
  { name: 'consumed by' },
  { name: 'recorded status' },
  { name: 'decision' },
  { name: 'duration_ms', kind: 'integer' },
  { name: 'is_error' },
  { name: 'server' },
  { name: 'call_id' },
  { name: 'arguments' },
  { name: 'response' },
  { name: 'policy' },
  { name: 'credential_ref' },
  { name: 'timestamp', kind: 'timestamp' },
];

/** Our findings as short codes, so a cell never cuts them (three fit in the narrowest column); FINDING_LEGEND says each. */
export const FINDING_CODES = [
  ['NR', 'no response with the same call_id in the same trace'],
  ['MCP', 'MCP traffic without a logical tool call'],
  ['DMC', 'model_call_id names no model call'],
] as const;

export function flagsOf(r: LifecycleRow): string {
  const f: string[] = [];
  if (r.orphan) f.push('⚠ NR');
  if (r.mcpWithoutLogicalCall) f.push('⚠ MCP');
  if (!r.modelCallExists) f.push('⚠ DMC');
  return f.join(' ');
}

function toCells(r: LifecycleRow): Cell[] {
  const policy = [r.policyMode, r.policyAction, r.policyRule, r.policyReason].filter((x) => x !== null).join(' · ');
  return [
    r.id,
    flagsOf(r),
    r.gaps.length ? r.gaps.map((g) => g.says).join(' · ') : '—',
    r.toolName,
    r.origin,
    r.modelCallId === null ? 'no model call' : `model call #${r.modelCallId}`,
    r.consumedBy.length ? r.consumedBy.map((m) => `model call #${m}`).join(', ') : '—',
    r.status,
    r.decision,
    r.durationMs,
    r.isError ? 'yes' : r.responses ? 'no' : '—',
    r.serverName,
    r.callId,
    r.arguments,
    r.responsePreview ?? r.errorMessage,
    policy || null,
    r.credentialRef,
    r.timestamp,
  ];
}

function Select(props: { label: string; value: string | undefined; values: readonly string[]; onChange(v: string | undefined): void }) {
  return (
    <label className="lc-filter">
      {props.label}{' '}
      <select
        aria-label={`filter by ${props.label}`}
        value={props.value ?? ''}
        onChange={(e) => props.onChange(e.target.value === '' ? undefined : e.target.value)}
      >
        <option value="">all</option>
        {props.values.map((v) => (
          <option key={v} value={v}>
            {visibleText(v)}
          </option>
        ))}
      </select>
    </label>
  );
}

export function LifecycleView(props: { ev: string; filters: LifecycleFilters }) {
  const { ev, filters } = props;
  const { time } = useApp();
  const data = useLifecycleRows(ev, filters);
  // The ledger-wide summary (made once per connection, seconds at a million events) is asked for after the rows, so
  // the server answers the filtered rows and lanes first instead of queueing them behind it.
  const summary = useCall('lifecycle.summary', data.total === null && !data.error ? undefined : { evidenceId: ev });
  const [sel, setSel] = useState<{ row: number; col: number } | null>(null);
  const [jump, setJump] = useState<{ seq: number; position: number } | undefined>(undefined);
  const cells = useMemo(() => data.rows.map(toCells), [data.rows]);
  const keys = useMemo(() => data.rows.map((r) => r.id), [data.rows]);
  const walOnlyFrom = useWalOnlyThreshold('tool_calls');
  const setFilter = (patch: Partial<LifecycleFilters>): void => navigate({ view: 'lifecycle', ev, filters: { ...filters, ...patch } });
  // A row (or a swimlane mark) opens its call in the side pane, where the usage tables were; the list stays.
  const pane = usePane();
  const open = (id: number): void => pane.host.select({ kind: 'row', table: 'tool_calls', rowid: id });
  // Ids in the grid are links: the call, its call_id, the model call that emitted it and those that consumed it.
  const byId = useMemo(() => new Map(data.rows.map((r) => [r.id, r])), [data.rows]);
  const tagged = useCaseTags();
  const linkCell = useCallback(
    (col: GridColumn, _cell: Cell, row: readonly Cell[], text: string) => {
      const r = byId.get(Number(row[0]));
      if (!r) return null;
      const ctx = { table: 'tool_calls', traceId: r.traceId };
      switch (col.name) {
        case 'id': {
          const tags = r.eventId === null ? undefined : tagged.get(taggedKey('tool_calls', r.eventId));
          return (
            <>
              {tags && <CaseMark tags={tags} />}
              <IdLink ev={ev} column="id" value={r.id} ctx={ctx}>
                {text}
              </IdLink>
            </>
          );
        }
        case 'call_id':
          return (
            <IdLink ev={ev} column="call_id" value={r.callId} ctx={ctx}>
              {text}
            </IdLink>
          );
        case 'emitted by':
          return r.modelCallId !== null && r.modelCallExists ? (
            <IdLink ev={ev} column="model_call_id" value={r.modelCallId}>
              {text}
            </IdLink>
          ) : null;
        case 'gaps':
          // The amber label per gap (its sentence on hover), then the sentences as far as the cell shows them.
          return r.gaps.length === 0 ? null : (
            <span data-gaps={r.gaps.length}>
              <GapMarks gaps={r.gaps} compact /> {text}
            </span>
          );
        case 'consumed by':
          return r.consumedBy.length === 0 ? null : (
            <>
              {r.consumedBy.map((m, i) => (
                <span key={m}>
                  {i > 0 && ', '}
                  <IdLink ev={ev} column="model_call_id" value={m}>
                    model call #{m}
                  </IdLink>
                </span>
              ))}
            </>
          );
        default:
          return null;
      }
    },
    [byId, ev, tagged],
  );
  // j / k move through the calls, Enter opens the one reached in the pane. Keys can come faster than renders, so
  // each move starts from (and Enter reads) the latest selection kept in a ref, not the render's.
  const selRef = useRef(sel);
  selRef.current = sel;
  const onNav = useCallback(
    (nav: RowNav) => {
      const n = data.rows.length;
      if (n === 0) return;
      if (nav === 'open') {
        const cur = selRef.current;
        const r = cur ? data.rows[cur.row] : undefined;
        if (r) pane.host.select({ kind: 'row', table: 'tool_calls', rowid: r.id });
        return;
      }
      const prev = selRef.current;
      const next = { row: Math.max(0, Math.min(n - 1, (prev?.row ?? -1) + (nav === 'next' ? 1 : -1))), col: prev?.col ?? 0 };
      selRef.current = next;
      setSel(next);
    },
    [data.rows, pane.host],
  );
  useRowNav(onNav);
  const selectedRow = data.rows.findIndex((r) => samePaneSelection(pane.state.sel, { kind: 'row', table: 'tool_calls', rowid: r.id }));
  if (summary.error) return <ErrorNote error={summary.error} />;
  const s = summary.value;
  return (
    <PaneHostContext.Provider value={pane.host}>
      <div className={`lifecycle-view${pane.state.sel ? ' with-pane' : ''}`}>
        <div className="lc-top">
          <div className="lc-counts" aria-label="lifecycle counts" data-counts-loaded={s ? 'yes' : 'no'}>
            <span className="stat" data-stat="calls">
              <b>{s ? countLabel(s.calls) : '…'}</b> tool calls
            </span>
            <span className="stat" data-stat="responses">
              <b>{s ? countLabel(s.responses) : '…'}</b> responses
            </span>
            <span
              className={`stat${s?.orphanCalls ? ' flagged' : ''}`}
              data-stat="orphan-calls"
              title="no response with the same call_id in the same trace"
            >
              <b>{s?.orphanCalls ?? '…'}</b> calls without a response
            </span>
            <span
              className={`stat${s?.orphanResponses ? ' flagged' : ''}`}
              data-stat="orphan-responses"
              title="no call with the same call_id in the same trace"
            >
              <b>{s?.orphanResponses ?? '…'}</b> responses without a call
            </span>
            <span className={`stat${s?.mcpWithoutLogicalCall ? ' flagged' : ''}`} data-stat="mcp-without-call">
              <b>{s?.mcpWithoutLogicalCall ?? '…'}</b> MCP without a logical call
            </span>
            {s && s.orphanCallsByCallId !== s.orphanCalls && (
              <span className="muted">(Capsem's check_session, matching call_id only: {s.orphanCallsByCallId})</span>
            )}
            <span className="muted lc-legend" aria-label="our findings codes">
              our findings:{' '}
              {FINDING_CODES.map(([c, what]) => (
                <span key={c} title={what}>
                  <b>⚠ {c}</b> {what}
                </span>
              ))}
            </span>
          </div>
          <div className="lc-filters">
            <Select label="origin" value={filters.origin} values={s?.values.origins ?? []} onChange={(v) => setFilter({ origin: v })} />
            <Select label="status" value={filters.status} values={s?.values.statuses ?? []} onChange={(v) => setFilter({ status: v })} />
            <Select
              label="decision"
              value={filters.decision}
              values={s?.values.decisions ?? []}
              onChange={(v) => setFilter({ decision: v })}
            />
            <Select label="tool" value={filters.tool} values={s?.values.tools ?? []} onChange={(v) => setFilter({ tool: v })} />
            <TextFilter label="trace" value={filters.trace} onChange={(v) => setFilter({ trace: v })} />
            <TextFilter label="turn" value={filters.turn} onChange={(v) => setFilter({ turn: v })} />
            <label className="lc-filter">
              <input
                type="checkbox"
                checked={!!filters.flaggedOnly}
                onChange={(e) => setFilter({ flaggedOnly: e.target.checked || undefined })}
              />{' '}
              flagged only
            </label>
            <span className="muted" data-rows-total={data.total ?? ''}>
              {data.total === null ? '' : `${countLabel(data.total)} matching`}
            </span>
            <GoToRow
              noun="call"
              labelClass="lc-filter"
              inputClass="lc-goto"
              total={data.total}
              onGo={(position) => setJump((j) => ({ seq: (j?.seq ?? 0) + 1, position }))}
            />
          </div>
        </div>
        <div className="lc-main">
          <div className="lc-left">
            <LaneChart key={JSON.stringify([ev, filters])} ev={ev} filters={filters} onPick={open} />
            {data.error && <ErrorNote error={data.error} />}
            <DataGrid
              columns={COLUMNS}
              rows={cells}
              rowKeys={keys}
              time={time}
              selected={sel ?? (selectedRow >= 0 ? { row: selectedRow, col: 0 } : null)}
              onSelect={setSel}
              onOpen={(i) => data.rows[i] && open(data.rows[i]!.id)}
              onNearEnd={data.more}
              onNearStart={data.less}
              {...(data.total !== null ? { total: data.total, windowStart: data.start, onSeek: data.seek } : {})}
              {...(jump ? { scrollTo: jump } : {})}
              linkCell={linkCell}
              walOnlyFrom={walOnlyFrom}
              label="tool lifecycles"
            />
          </div>
          {pane.state.sel ? (
            <SidePaneSlot ev={ev} state={pane.state} />
          ) : (
            <aside className="lc-side">
              <section className="card">
                <h3>Usage</h3>
                {s ? <UsageTables usage={s.usage} /> : <p className="muted">Loading…</p>}
              </section>
              {s && s.orphanResponseRows.length > 0 && (
                <section className="card" aria-label="responses without a call">
                  <h3 className="bad">Responses without a call</h3>
                  <ul className="lc-orphans">
                    {s.orphanResponseRows.map((r) => (
                      <li key={r.id}>
                        <a href={href({ view: 'row', ev, table: 'tool_responses', rowid: r.id, body: null, mode: 'text' })}>
                          tool_responses {r.id}
                        </a>
                        <WalOnlyIf row={{ table: 'tool_responses', rowid: r.id }} /> <span className="mono">{visibleText(r.callId)}</span>
                        {r.modelCallId !== null && <span className="muted"> → model call #{r.modelCallId}</span>}
                      </li>
                    ))}
                  </ul>
                </section>
              )}
            </aside>
          )}
        </div>
      </div>
    </PaneHostContext.Provider>
  );
}

/** A trace or turn id typed or pasted; Enter applies it, an empty box clears it. */
function TextFilter(props: { label: string; value: string | undefined; onChange(v: string | undefined): void }) {
  return (
    <label className="lc-filter">
      {props.label}{' '}
      <input
        key={props.value ?? ''}
        className="lc-id-filter"
        aria-label={`${props.label} filter`}
        placeholder={`${props.label} id`}
        defaultValue={props.value ?? ''}
        onKeyDown={(e) => {
          if (e.key === 'Enter') props.onChange(e.currentTarget.value.trim() || undefined);
        }}
      />
    </label>
  );
}

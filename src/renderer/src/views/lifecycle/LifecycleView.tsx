/**
 * Tool lifecycles: one row per logical tool call, from the model call that emitted it to the one that consumed
 * its response; orphans and MCP traffic without a logical call flagged (the integrity report's counts, shown
 * beside them); a swimlane per tool; filters by origin, status, decision and tool; the doctor's usage breakdown.
 */
import { useMemo, useState } from 'react';
import type { Cell } from '../../../../shared/contract.js';
import type { LifecycleFilters, LifecycleRow } from '../../../../shared/contract/lifecycle.js';
import { useCall } from '../../api/use-call.js';
import { useApp } from '../../app-context.js';
import type { GridColumn } from '../../components/DataGrid.js';
import { DataGrid } from '../../components/DataGrid.js';
import { ErrorNote } from '../../components/ErrorNote.js';
import { href, navigate } from '../../router.js';
import { Swimlanes } from './Swimlanes.js';
import { UsageTables } from './UsageTables.js';
import { useLifecycleRows } from './use-lifecycle-rows.js';
import './lifecycle.css';
import { visibleText } from '../../components/visible-text.js';
import { countLabel } from '../../components/format.js';

const COLUMNS: readonly GridColumn[] = [
  { name: 'id', kind: 'integer' }, { name: 'flags' }, { name: 'tool' }, { name: 'origin' }, { name: 'emitted by' }, { name: 'consumed by' }, { name: 'status' },
  { name: 'decision' }, { name: 'duration_ms', kind: 'integer' }, { name: 'is_error' }, { name: 'server' }, { name: 'call_id' },
  { name: 'arguments' }, { name: 'response' }, { name: 'policy' }, { name: 'credential_ref' }, { name: 'timestamp', kind: 'timestamp' },
];

export function flagsOf(r: LifecycleRow): string {
  const f: string[] = [];
  if (r.orphan) f.push('⚠ NO RESPONSE');
  if (r.mcpWithoutLogicalCall) f.push('⚠ MCP WITHOUT CALL');
  if (!r.modelCallExists) f.push('⚠ DANGLING MODEL CALL');
  return f.join(' ');
}

function toCells(r: LifecycleRow): Cell[] {
  const policy = [r.policyMode, r.policyAction, r.policyRule, r.policyReason].filter((x) => x !== null).join(' · ');
  return [
    r.id, flagsOf(r), r.toolName, r.origin,
    r.modelCallId === null ? 'no model call' : `model call #${r.modelCallId}`, r.consumedBy.length ? r.consumedBy.map((m) => `model call #${m}`).join(', ') : '—',
    r.status, r.decision, r.durationMs, r.isError ? 'yes' : r.responses ? 'no' : '—', r.serverName, r.callId, r.arguments, r.responsePreview ?? r.errorMessage, policy || null, r.credentialRef, r.timestamp,
  ];
}

function Select(props: { label: string; value: string | undefined; values: readonly string[]; onChange(v: string | undefined): void }) {
  return (
    <label className="lc-filter">
      {props.label}{' '}
      <select aria-label={`filter by ${props.label}`} value={props.value ?? ''} onChange={(e) => props.onChange(e.target.value === '' ? undefined : e.target.value)}>
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
  const summary = useCall('lifecycle.summary', { evidenceId: ev });
  const lanes = useCall('lifecycle.swimlanes', { evidenceId: ev, filters });
  const data = useLifecycleRows(ev, filters);
  const [sel, setSel] = useState<{ row: number; col: number } | null>(null);
  const cells = useMemo(() => data.rows.map(toCells), [data.rows]);
  const keys = useMemo(() => data.rows.map((r) => r.id), [data.rows]);
  const setFilter = (patch: Partial<LifecycleFilters>): void => navigate({ view: 'lifecycle', ev, filters: { ...filters, ...patch } });
  const open = (id: number): void => navigate({ view: 'row', ev, table: 'tool_calls', rowid: id, body: null, mode: 'text' });
  if (summary.error) return <ErrorNote error={summary.error} />;
  const s = summary.value;
  return (
    <div className="lifecycle-view">
      <div className="lc-top">
        <div className="lc-counts" aria-label="lifecycle counts">
          <span className="stat" data-stat="calls"><b>{s ? countLabel(s.calls) : '…'}</b> tool calls</span>
          <span className="stat" data-stat="responses"><b>{s ? countLabel(s.responses) : '…'}</b> responses</span>
          <span className={`stat${s?.orphanCalls ? ' flagged' : ''}`} data-stat="orphan-calls" title="no response with the same call_id in the same trace">
            <b>{s?.orphanCalls ?? '…'}</b> calls without a response
          </span>
          <span className={`stat${s?.orphanResponses ? ' flagged' : ''}`} data-stat="orphan-responses" title="no call with the same call_id in the same trace">
            <b>{s?.orphanResponses ?? '…'}</b> responses without a call
          </span>
          <span className={`stat${s?.mcpWithoutLogicalCall ? ' flagged' : ''}`} data-stat="mcp-without-call">
            <b>{s?.mcpWithoutLogicalCall ?? '…'}</b> MCP without a logical call
          </span>
          {s && s.orphanCallsByCallId !== s.orphanCalls && <span className="muted">(the doctor, matching call_id only: {s.orphanCallsByCallId})</span>}
        </div>
        <div className="lc-filters">
          <Select label="origin" value={filters.origin} values={s?.values.origins ?? []} onChange={(v) => setFilter({ origin: v })} />
          <Select label="status" value={filters.status} values={s?.values.statuses ?? []} onChange={(v) => setFilter({ status: v })} />
          <Select label="decision" value={filters.decision} values={s?.values.decisions ?? []} onChange={(v) => setFilter({ decision: v })} />
          <Select label="tool" value={filters.tool} values={s?.values.tools ?? []} onChange={(v) => setFilter({ tool: v })} />
          <TextFilter label="trace" value={filters.trace} onChange={(v) => setFilter({ trace: v })} />
          <TextFilter label="turn" value={filters.turn} onChange={(v) => setFilter({ turn: v })} />
          <label className="lc-filter">
            <input type="checkbox" checked={!!filters.flaggedOnly} onChange={(e) => setFilter({ flaggedOnly: e.target.checked || undefined })} /> flagged only
          </label>
          <span className="muted" data-rows-total={data.total ?? ''}>
            {data.total === null ? '' : `${countLabel(data.total)} matching`}
          </span>
        </div>
      </div>
      <div className="lc-main">
        <div className="lc-left">
          <section className="card lc-lanes" aria-label="swimlanes">
            {lanes.value ? <Swimlanes lanes={lanes.value} width={720} onPick={open} /> : <p className="muted">Loading…</p>}
            {lanes.value?.truncated && <p className="warn">Only the first {countLabel(lanes.value.points.length)} calls are drawn.</p>}
          </section>
          {data.error && <ErrorNote error={data.error} />}
          <DataGrid
            columns={COLUMNS}
            rows={cells}
            rowKeys={keys}
            time={time}
            selected={sel}
            onSelect={setSel}
            onOpen={(i) => data.rows[i] && open(data.rows[i]!.id)}
            onNearEnd={data.more}
            label="tool lifecycles"
          />
        </div>
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
                    </a>{' '}
                    <span className="mono">{visibleText(r.callId)}</span>
                    {r.modelCallId !== null && <span className="muted"> → model call #{r.modelCallId}</span>}
                  </li>
                ))}
              </ul>
            </section>
          )}
        </aside>
      </div>
    </div>
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

/**
 * Search inside every body: each body is verified before it is searched (the job is a verification with a search
 * attached), results stream in grouped by event with progress and cancel, and each match opens the body viewer
 * scrolled to it and highlighted. Bodies that fail verification are listed as not searched.
 */
import { useMemo, useState } from 'react';
import type { BodyPatternKind, SearchMatch } from '../../../../shared/contract.js';
import { BODY_PATTERN_KINDS, MAX_FORWARDED_MATCHES } from '../../../../shared/contract.js';
import { ErrorNote } from '../../components/ErrorNote.js';
import { bytesLabel, countLabel } from '../../components/format.js';
import { visibleText } from '../../components/visible-text.js';
import { href } from '../../router.js';
import { useBodySearch } from './use-body-search.js';
import { CaseMarkIf } from '../case/CaseTagsScope.js';

const KIND_LABELS: Record<BodyPatternKind, string> = { fixed: 'Text', regex: 'Regular expression', hex: 'Hex bytes' };

/** Matches by event_id, in the order their first match arrived. */
function byEvent(matches: readonly SearchMatch[]): [string, SearchMatch[]][] {
  const groups = new Map<string, SearchMatch[]>();
  for (const m of matches) {
    const list = groups.get(m.eventId);
    if (list) list.push(m);
    else groups.set(m.eventId, [m]);
  }
  return [...groups];
}

export function BodySearch(props: { ev: string; q: string }) {
  const { ev, q } = props;
  const [kind, setKind] = useState<BodyPatternKind>('fixed');
  const [ignoreCase, setIgnoreCase] = useState(false);
  const { state, start, cancel } = useBodySearch(ev);
  const groups = useMemo(() => byEvent(state.matches), [state.matches]);
  const running = state.phase === 'starting' || state.phase === 'running';
  const p = state.progress;
  const frac = p && p.bytesTotal > 0 ? p.bytesDone / p.bytesTotal : 0;
  return (
    <section className="body-search" aria-label="search bodies">
      <h3>Inside the bodies</h3>
      <div className="body-search-tools">
        <select aria-label="pattern kind" value={kind} onChange={(e) => setKind(e.target.value as BodyPatternKind)}>
          {BODY_PATTERN_KINDS.map((k) => (
            <option key={k} value={k}>
              {KIND_LABELS[k]}
            </option>
          ))}
        </select>
        <label>
          <input type="checkbox" checked={ignoreCase} disabled={kind === 'hex'} onChange={(e) => setIgnoreCase(e.target.checked)} /> ignore
          case
        </label>
        <button type="button" className="primary" disabled={!q || running} onClick={() => start(kind, q, ignoreCase && kind !== 'hex')}>
          Search every body for “{visibleText(q.length > 40 ? `${q.slice(0, 40)}…` : q)}”
        </button>
        {running && (
          <button type="button" onClick={cancel}>
            Cancel
          </button>
        )}
      </div>
      {state.phase !== 'idle' && (
        <div className="body-search-status" role="status" data-phase={state.phase}>
          {running && <progress max={1} value={frac} aria-label="body search progress" />}
          <span>
            {p
              ? `${countLabel(p.itemsDone)} of ${countLabel(p.itemsTotal)} bodies checked (${bytesLabel(p.bytesDone)} of ${bytesLabel(p.bytesTotal)})`
              : running
                ? 'starting…'
                : ''}
            {' · '}
            <strong className="match-total">{countLabel(state.total)}</strong> match{state.total === 1 ? '' : 'es'} in {groups.length} event
            {groups.length === 1 ? '' : 's'}
            {state.total > state.matches.length && ` (the first ${MAX_FORWARDED_MATCHES} are listed)`}
          </span>
          {state.phase === 'failed' && state.error?.code === 'CANCELLED' && <span className="muted"> · cancelled</span>}
        </div>
      )}
      {state.phase === 'failed' && state.error && state.error.code !== 'CANCELLED' && <ErrorNote error={state.error} />}
      {state.summary && state.summary.failures.length > 0 && (
        <div className="not-searched" role="alert">
          <strong>{state.summary.failed + state.summary.unreadable} bodies failed verification and were not searched:</strong>
          <ul>
            {state.summary.failures.slice(0, 50).map((f) => (
              <li key={`${f.eventId}/${f.sourceTable}/${f.direction}`}>
                <code>{visibleText(f.eventId)}</code> {visibleText(f.sourceTable)}/{visibleText(f.direction)} — {f.code}
              </li>
            ))}
          </ul>
        </div>
      )}
      {groups.length > 0 && (
        <ol className="body-hits" aria-label="body matches">
          {groups.map(([eventId, ms]) => (
            <li key={eventId} className="hit-group" data-event={eventId}>
              <div className="hit-event">
                <CaseMarkIf table={ms[0]!.source.kind === 'body' ? ms[0]!.source.sourceTable : ms[0]!.source.table} eventId={eventId} />
                <code>{visibleText(eventId)}</code>{' '}
                <span className="muted">
                  {ms.length} match{ms.length === 1 ? '' : 'es'}
                </span>
              </div>
              <ul>
                {ms.slice(0, 100).map((m) => (
                  <li key={`${m.source.kind === 'body' ? `${m.source.sourceTable}/${m.source.direction}` : ''}/${m.offset}`}>
                    {m.source.kind === 'body' && (
                      <a
                        className="hit"
                        href={href({
                          view: 'event',
                          ev,
                          eventId,
                          body: { sourceTable: m.source.sourceTable, direction: m.source.direction },
                          mode: null,
                          at: { offset: m.offset, length: m.length },
                        })}
                      >
                        <span className="where">
                          {visibleText(m.source.sourceTable)}/{visibleText(m.source.direction)} @{m.offset}
                        </span>
                        <span className="ctx mono">
                          {visibleText(m.before)}
                          <mark>{visibleText(m.match)}</mark>
                          {visibleText(m.after)}
                        </span>
                        {m.cut && (
                          <span className="cut-note" data-cut="true">
                            match cut at {m.length} bytes: it runs on past what one window holds
                          </span>
                        )}
                      </a>
                    )}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

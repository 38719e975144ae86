/**
 * The Library: every session the host ledger records, its chain checked first. Sessions still on disk open by id
 * (the server finds the folder); any two sessions can be compared side by side.
 */
import { useCallback, useState } from 'react';
import type { LibrarySession, LibraryView as LibraryData } from '../../../../shared/contract/library.js';
import { compareRefText } from '../../../../shared/contract/library.js';
import { client } from '../../api/client.js';
import { useCall } from '../../api/use-call.js';
import { useApp } from '../../app-context.js';
import { ErrorNote } from '../../components/ErrorNote.js';
import { href, navigate } from '../../router.js';
import { ChainBanner } from './ChainBanner.js';
import { ServiceTimeline } from './ServiceTimeline.js';
import { SessionTable } from './SessionTable.js';
import { SessionCard } from './SessionCard.js';
import './library.css';
import { visibleText } from '../../components/visible-text.js';
import { countLabel } from '../../components/format.js';

export function LibraryView(props: { lib: string }) {
  const v = useCall('library.view', { libraryId: props.lib });
  if (v.error) return <ErrorNote error={v.error} />;
  if (!v.value) return <p className="hint">Reading the host ledger…</p>;
  return <Library data={v.value} />;
}

function Library({ data }: { data: LibraryData }) {
  const { refreshEvidence, time } = useApp();
  const [selected, setSelected] = useState<string | null>(data.sessions[0]?.id ?? null);
  const [picks, setPicks] = useState<{ a: string | null; b: string | null }>({ a: null, b: null });
  const [error, setError] = useState<{ code: string; message: string } | null>(null);
  const [opening, setOpening] = useState(false);
  const libraryId = data.library.id;

  const open = useCallback(
    (s: LibrarySession) => {
      if (!s.canOpen)
        return setError({
          code: 'NOT_FOUND',
          message: `session ${s.id} has no session.db under the run directory any more; only the host ledger's record of it is left`,
        });
      setOpening(true);
      setError(null);
      void client.call('library.openSession', { libraryId, sessionId: s.id }).then((r) => {
        setOpening(false);
        if (!r.ok) return setError(r.error);
        refreshEvidence();
        navigate({ view: 'overview', ev: r.value.id });
      });
    },
    [libraryId, refreshEvidence],
  );
  const current = data.sessions.find((s) => s.id === selected) ?? null;
  const ref = (id: string | null): string | null => (id === null ? null : compareRefText({ kind: 'library', libraryId, sessionId: id }));
  const onDisk = data.sessions.filter((s) => s.canOpen).length;
  return (
    <div className="library" data-testid="library">
      <ChainBanner chain={data.chain} />
      <section className="card">
        <div className="lib-head">
          <h2>Sessions</h2>
          <span className="muted">
            {countLabel(data.sessions.length)} recorded · {countLabel(onDisk)} still on disk (<span className="mono">*</span>) · newest
            first · times in {time === 'utc' ? 'UTC' : 'local time'}
          </span>
          <span className="spacer" />
          <a className="button" data-testid="library-hunt" href={href({ view: 'hunt', lib: libraryId })}>
            Hunt across sessions →
          </a>
          <span className="muted mono lib-label" title={data.library.label}>
            <bdi>{visibleText(data.library.label)}</bdi>
          </span>
        </div>
        {data.sessions.length === 0 ? (
          <p className="muted">The host ledger records no session.</p>
        ) : (
          <SessionTable sessions={data.sessions} selectedId={selected} onSelect={setSelected} onOpen={open} />
        )}
        {error && <ErrorNote error={error} />}
        {current && (
          <SessionCard
            session={current}
            opening={opening}
            onOpen={() => open(current)}
            picks={picks}
            onPick={(side) => setPicks((p) => ({ ...p, [side]: current.id }))}
          />
        )}
        <div className="compare-bar" data-testid="compare-bar">
          <span>Compare:</span>
          <span className={picks.a ? 'pick' : 'pick empty'}>A {picks.a !== null ? visibleText(picks.a) : '—'}</span>
          <span className={picks.b ? 'pick' : 'pick empty'}>B {picks.b !== null ? visibleText(picks.b) : '—'}</span>
          {picks.a && picks.b ? (
            <a className="button primary-link" href={href({ view: 'compare', a: ref(picks.a), b: ref(picks.b) })}>
              Compare A ↔ B →
            </a>
          ) : (
            <span className="muted">pick two sessions (select a row, then “Set as A” / “Set as B”)</span>
          )}
        </div>
      </section>
      <div className="lib-grid">
        <section className="card">
          <h3>Service timeline</h3>
          <ServiceTimeline events={data.service} />
        </section>
        <section className="card">
          <h3>Settings edits (policy_mutation_events)</h3>
          {!data.policy.present ? (
            <p className="muted">This host ledger has no policy_mutation_events table.</p>
          ) : (
            <p>
              {data.policy.mutations} edits: {data.policy.applied} applied, {data.policy.failed} failed ·{' '}
              {data.policy.settingsChainBreaks.length === 0 ? (
                <span className="good">settings hash chain holds</span>
              ) : (
                <span className="bad">{data.policy.settingsChainBreaks.length} breaks in the settings hash chain</span>
              )}
            </p>
          )}
          {data.policy.settingsChainBreaks.length > 0 && (
            <ul className="notes">
              {data.policy.settingsChainBreaks.map((m, i) => (
                <li key={i}>{visibleText(m)}</li>
              ))}
            </ul>
          )}
          {data.notes.length > 0 && (
            <>
              <h3>Notes</h3>
              <ul className="notes">
                {data.notes.map((n, i) => (
                  <li key={i}>{visibleText(n)}</li>
                ))}
              </ul>
            </>
          )}
        </section>
      </div>
    </div>
  );
}

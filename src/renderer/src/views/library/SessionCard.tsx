/** The selected session: what the host ledger says about it, and what can be done with it. */
import type { LibrarySession } from '../../../../shared/contract/library.js';
import { useApp } from '../../app-context.js';
import { formatCell } from '../../components/format.js';
import { visibleText } from '../../components/visible-text.js';
import { VerdictBadge } from '../../components/VerdictBadge.js';
import { useVerdict } from '../../api/use-verdict.js';

export interface SessionCardProps {
  readonly session: LibrarySession;
  readonly opening: boolean;
  onOpen(): void;
  readonly picks: { readonly a: string | null; readonly b: string | null };
  onPick(side: 'a' | 'b'): void;
}

export function SessionCard({ session: s, opening, onOpen, picks, onPick }: SessionCardProps) {
  const { time, evidence } = useApp();
  // A session opened in this window carries the same verdict as its header (checking until every body is verified).
  const opened = evidence.find((e) => e.sessionId === s.id) ?? null;
  const verdict = useVerdict(opened ? opened.id : null);
  const when = (ms: number | null): string => (ms === null ? '—' : formatCell(ms, 'unix_ms', time));
  return (
    <div className="session-card" data-testid="session-card" data-session={s.id}>
      <div className="sc-id">
        <span className="mono">{visibleText(s.id)}</span>
        <span className={`badge ${s.status === 'stopped' ? '' : 'warn'}`}>{visibleText(s.status)}</span>
        {s.persistent && <span className="badge">persistent</span>}
        {s.forkedFrom && (
          <span className="muted">
            forked from <span className="mono">{visibleText(s.forkedFrom)}</span>
          </span>
        )}
        {opened && <VerdictBadge ev={opened.id} verdict={verdict} progress />}
      </div>
      <div className="sc-facts muted">
        created <span className="mono">{when(s.createdMs)}</span> · stopped <span className="mono">{when(s.stoppedMs)}</span> ·{' '}
        {s.canOpen ? (
          <span className="good">session.db on disk (run/{visibleText(s.onDisk ?? '')})</span>
        ) : s.onDisk ? (
          <span className="warn">folder run/{visibleText(s.onDisk)} is there but holds no session.db</span>
        ) : (
          <span>ledger no longer on disk</span>
        )}
        {!s.hasCounters && <> · no final counters recorded</>}
      </div>
      <div className="sc-actions">
        <button
          type="button"
          className="primary"
          disabled={!s.canOpen || opening}
          onClick={onOpen}
          title={s.canOpen ? 'open this session ledger (Enter)' : 'its session.db is gone'}
        >
          {opening ? 'Opening…' : 'Open ledger'}
        </button>
        <button type="button" onClick={() => onPick('a')} aria-pressed={picks.a === s.id}>
          Set as A
        </button>
        <button type="button" onClick={() => onPick('b')} aria-pressed={picks.b === s.id}>
          Set as B
        </button>
      </div>
    </div>
  );
}

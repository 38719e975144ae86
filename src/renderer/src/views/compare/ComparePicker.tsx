/** Choose the two sides: any opened ledger, or any session of an open library. */
import { useEffect, useState } from 'react';
import type { LibrarySummary } from '../../../../shared/contract/library.js';
import { compareRefText } from '../../../../shared/contract/library.js';
import { useCall } from '../../api/use-call.js';
import { useApp } from '../../app-context.js';
import { navigate } from '../../router.js';
import { visibleText } from '../../components/visible-text.js';
import { copyLabel } from '../../components/copy-label.js';

function LibraryOptions({ lib }: { lib: LibrarySummary }) {
  const v = useCall('library.view', { libraryId: lib.id });
  if (!v.value) return null;
  return (
    <optgroup label={`library ${visibleText(lib.label)}`}>
      {v.value.sessions.map((s) => (
        <option key={s.id} value={compareRefText({ kind: 'library', libraryId: lib.id, sessionId: s.id })}>
          {visibleText(s.id)} ({visibleText(s.status)}
          {s.canOpen ? ', on disk' : ''})
        </option>
      ))}
    </optgroup>
  );
}

export function ComparePicker(props: { a: string | null; b: string | null }) {
  const { evidence, refreshEvidence } = useApp();
  // Ledgers may have been opened since the app last asked (from the Library, or by a comparison).
  useEffect(refreshEvidence, [refreshEvidence]);
  const libs = useCall('library.list', null);
  const [a, setA] = useState(props.a ?? '');
  const [b, setB] = useState(props.b ?? '');
  const options = (
    <>
      <option value="">choose…</option>
      {evidence.length > 0 && (
        <optgroup label="opened ledgers">
          {evidence.map((e) => (
            <option key={e.id} value={compareRefText({ kind: 'evidence', evidenceId: e.id })}>
              {visibleText(e.sessionId)} ({e.generation ?? 'unknown'}){e.copy ? ` — ${visibleText(copyLabel(e))}` : ''}
            </option>
          ))}
        </optgroup>
      )}
      {(libs.value ?? []).map((l) => (
        <LibraryOptions key={l.id} lib={l} />
      ))}
    </>
  );
  return (
    <section className="card compare-picker" data-testid="compare-picker">
      <h2>Compare two sessions</h2>
      <p className="muted">
        Counters, rows per table, models and cost, tools used, domains contacted and integrity findings, side by side, differences marked.
      </p>
      <div className="picker-row">
        <label>
          A{' '}
          <select aria-label="side A" value={a} onChange={(e) => setA(e.target.value)}>
            {options}
          </select>
        </label>
        <label>
          B{' '}
          <select aria-label="side B" value={b} onChange={(e) => setB(e.target.value)}>
            {options}
          </select>
        </label>
        <button type="button" className="primary" disabled={!a || !b} onClick={() => navigate({ view: 'compare', a, b })}>
          Compare
        </button>
      </div>
      {evidence.length === 0 && (libs.value ?? []).length === 0 && (
        <p className="muted">Nothing is open yet: open two session ledgers, or start the inspector on a Capsem home.</p>
      )}
    </section>
  );
}

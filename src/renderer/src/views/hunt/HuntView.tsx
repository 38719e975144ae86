/**
 * Hunt: one question over every session of a library (the app's face of `capsem-inspect hunt`). The form starts a
 * hunt in the core; the progress line and the results follow its hunt.changed events; a hit opens its session there.
 */
import { useState } from 'react';
import type { HuntHitView, HuntResults } from '../../../../shared/contract/hunt.js';
import { MAX_HUNT_HITS } from '../../../../shared/contract/hunt.js';
import type { Failure } from '../../../../shared/errors.js';
import { useApp } from '../../app-context.js';
import { ErrorNote } from '../../components/ErrorNote.js';
import { countLabel } from '../../components/format.js';
import { visibleText } from '../../components/visible-text.js';
import { href } from '../../router.js';
import { HuntForm } from './HuntForm.js';
import { HuntResultsList } from './HuntResultsList.js';
import { openHit } from './hunt-open.js';
import { useHunt } from './use-hunt.js';
import './hunt.css';

function progressText(r: HuntResults): string {
  const sessions = new Set(r.hits.map((h) => h.session)).size;
  const found = `${countLabel(r.hitCount)} hits in ${countLabel(sessions)} sessions`;
  if (!r.done)
    return `Hunting${r.current ? ` ${r.current}` : ''}: ${countLabel(r.sessionsDone)} of ${countLabel(r.sessionsTotal)} sessions done · ${found}`;
  const end = r.cancelled ? 'Cancelled' : r.error ? 'Failed' : r.capped ? `Stopped at ${countLabel(MAX_HUNT_HITS)} hits` : 'Done';
  return `${end}: ${countLabel(r.sessionsDone)} of ${countLabel(r.sessionsTotal)} sessions searched or listed · ${found}`;
}

export function HuntView(props: { lib: string }) {
  const { refreshEvidence } = useApp();
  const { state, start, cancel } = useHunt(props.lib);
  const [openError, setOpenError] = useState<Failure | null>(null);
  const r = state.results;
  const running = state.starting || (r !== null && !r.done);
  const open = (h: HuntHitView): void => {
    setOpenError(null);
    void openHit(props.lib, h, refreshEvidence).then(setOpenError);
  };
  return (
    <div className="hunt" data-testid="hunt">
      <section className="card">
        <div className="lib-head">
          <h2>Hunt across sessions</h2>
          <span className="muted">every session the host ledger lists, each opened read-only; damaged bodies are never searched</span>
          <span className="spacer" />
          <a href={href({ view: 'library', lib: props.lib })}>← Library</a>
        </div>
        <HuntForm running={running} onRun={(arg) => void start(arg)} onCancel={cancel} />
        {state.error && <ErrorNote error={state.error} />}
        {r && (
          <p className="hunt-progress" data-testid="hunt-progress" data-done={r.done ? 'true' : 'false'} aria-live="polite">
            {visibleText(progressText(r))}
            {r.capped && <span className="bad"> · the cap of {countLabel(MAX_HUNT_HITS)} hits was reached: narrow the indicators</span>}
          </p>
        )}
        {r?.error && <ErrorNote error={r.error} />}
        {openError && <ErrorNote error={openError} />}
      </section>
      {r && <HuntResultsList results={r} onOpen={open} />}
      {r?.done && r.hitCount === 0 && (
        <p className="muted" data-testid="hunt-none">
          No session holds any of these indicators.
        </p>
      )}
    </div>
  );
}

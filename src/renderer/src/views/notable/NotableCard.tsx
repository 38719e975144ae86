/**
 * The Overview's line on the notable set: which of the saved indicators this session contains. The core runs the
 * set when the session opens and says notable.changed when it starts and ends; this card asks notable.status then
 * (a read: it starts nothing). Each entry found opens to its hits, every one a link to its event or row. Nothing
 * is shown when no set is kept (serve without --notable) or the set is empty.
 */
import type { HuntHitView } from '../../../../shared/contract/hunt.js';
import type { NotableFoundView } from '../../../../shared/contract/notable.js';
import { plural } from '../../../../shared/plural.js';
import { useCall } from '../../api/use-call.js';
import { useEvidenceEvent } from '../../api/use-evidence-event.js';
import { ErrorNote } from '../../components/ErrorNote.js';
import { visibleText } from '../../components/visible-text.js';
import { href } from '../../router.js';
import { hitRoute } from '../hunt/hunt-open.js';
import './notable.css';

const placeOf = (h: HuntHitView): string =>
  h.in === 'body' ? `${h.table} / ${h.direction ?? ''} body` : `${h.table}.${h.column ?? ''}${h.rowid !== null ? ` #${h.rowid}` : ''}`;

function Found(props: { ev: string; f: NotableFoundView }) {
  const { f } = props;
  return (
    <li data-testid="notable-found" data-name={f.name}>
      <details>
        <summary>
          <b className="mono">{visibleText(f.name)}</b> <span className="muted mono">{f.indicators.map(visibleText).join(' · ')}</span> —{' '}
          {plural(f.hitCount, 'hit')}
        </summary>
        <ul className="notable-hits">
          {f.hits.map((h, i) => (
            <li key={i}>
              <a href={href(hitRoute(props.ev, h))} data-testid="notable-hit" data-event={h.eventId}>
                <span className="mono">{visibleText(placeOf(h))}</span>
                {h.eventId && <span className="mono muted"> {visibleText(h.eventId)}</span>}
              </a>{' '}
              <span className="mono notable-excerpt">
                {visibleText(h.before)}
                <mark>{visibleText(h.match)}</mark>
                {visibleText(h.after)}
              </span>
            </li>
          ))}
          {f.hits.length < f.hitCount && <li className="muted">and {plural(f.hitCount - f.hits.length, 'more hit')} not listed</li>}
        </ul>
      </details>
    </li>
  );
}

export function NotableCard(props: { ev: string }) {
  const status = useCall('notable.status', { evidenceId: props.ev });
  useEvidenceEvent('notable.changed', props.ev, status.reload);
  const s = status.value;
  if (status.error) return <ErrorNote error={status.error} />;
  if (!s || s.state === 'not-kept' || (s.state === 'done' && s.entries === 0)) return null;
  const saved = plural(s.entries, 'saved indicator');
  return (
    <section className="card notable" data-testid="notable-card" data-state={s.state}>
      {s.state === 'waiting' || s.state === 'running' ? (
        <p className="muted">Notable: looking for {s.entries > 0 ? `the ${saved}` : 'the saved indicators'} in this session…</p>
      ) : s.state === 'failed' && s.entries === 0 ? (
        <p data-testid="notable-summary">Notable: the saved set could not be read</p>
      ) : (
        <p data-testid="notable-summary" className={s.found.length > 0 ? 'notable-found' : undefined}>
          <b>
            Notable: {s.found.length} of {saved} found here
          </b>
          {s.damaged > 0 && <span className="muted"> ({plural(s.damaged, 'damaged body', 'damaged bodies')} not searched)</span>}
        </p>
      )}
      {s.error && <ErrorNote error={s.error} />}
      {s.found.length > 0 && (
        <ul className="notable-list">
          {s.found.map((f) => (
            <Found key={f.name} ev={props.ev} f={f} />
          ))}
        </ul>
      )}
    </section>
  );
}

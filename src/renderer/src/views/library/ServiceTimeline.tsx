/** When the Capsem service started and stopped, in chain order, with the time each run lasted. */
import type { LibraryServiceEvent } from '../../../../shared/contract/library.js';
import { useApp } from '../../app-context.js';
import { formatCell } from '../../components/format.js';
import { durationText } from './library-format.js';

export function ServiceTimeline({ events }: { events: readonly LibraryServiceEvent[] }) {
  const { time } = useApp();
  if (events.length === 0) return <p className="muted">The host ledger records no service start or stop.</p>;
  return (
    <ol className="service-timeline" data-testid="service-timeline">
      {events.map((e, i) => {
        const prev = events[i - 1];
        const ran =
          e.kind === 'service_stopped' && prev?.kind === 'service_started' && prev.timestampUnixMs !== null && e.timestampUnixMs !== null
            ? e.timestampUnixMs - prev.timestampUnixMs
            : null;
        return (
          <li key={e.index} className={e.kind === 'service_started' ? 'started' : 'stopped'}>
            <span className="dot" aria-hidden="true" />
            <span className="what">{e.kind === 'service_started' ? 'service started' : 'service stopped'}</span>
            <span className="mono when">{e.timestampUnixMs === null ? 'no time' : formatCell(e.timestampUnixMs, 'unix_ms', time)}</span>
            <span className="muted">event #{e.index}</span>
            {ran !== null && <span className="muted">ran {durationText(ran)}</span>}
          </li>
        );
      })}
    </ol>
  );
}

/**
 * One destination of the Egress table: domain:port with its resolved addresses and processes underneath, the counts
 * linked to their net_events rows, and, when a credential went to a host that is not its provider's, a warning
 * line under the row with the report's own sentence.
 */
import type { EgressDestination } from '../../../../shared/contract.js';
import { useApp } from '../../app-context.js';
import type { TimeMode } from '../../components/format.js';
import { bytesLabel, countLabel, formatCell } from '../../components/format.js';
import { href } from '../../router.js';
import { visibleText } from '../../components/visible-text.js';
import { CountLink, NotRecorded } from './CountLink.js';
import { netRowsRoute } from './egress-links.js';
import { secretsAlarm, secretsFound, secretsWays } from './secrets-flags.js';

const DECISIONS = ['allowed', 'denied', 'error', 'redirected'] as const;

export function destinationLabel(d: EgressDestination): string {
  return `${d.domain === null ? '(no domain)' : visibleText(d.domain)}:${d.port === null ? '?' : d.port}`;
}

/** A timestamp that may break after its date (at the `T`, or the local form's space), so the column stays narrow. */
function Seen(props: { at: string | null; time: TimeMode }) {
  if (props.at === null) return <div>—</div>;
  const text = formatCell(props.at, 'timestamp', props.time);
  const cut = text.search(/[T ]/) + 1;
  return (
    <div className="eg-at">
      {cut > 0 ? (
        <>
          {text.slice(0, cut)}
          <wbr />
          {text.slice(cut)}
        </>
      ) : (
        text
      )}
    </div>
  );
}

/** A host name that may wrap only after its dots, never inside a label (a narrow window keeps names readable). */
function BreakableDomain(props: { domain: string | null }) {
  if (props.domain === null) return <>(no domain)</>;
  const labels = visibleText(props.domain).split('.');
  return (
    <>
      {labels.map((l, i) => (
        <span key={i}>
          {i > 0 && '.'}
          {i > 0 && <wbr />}
          {l}
        </span>
      ))}
    </>
  );
}

function Bytes(props: { n: number | null }) {
  return props.n === null ? <NotRecorded /> : <>{bytesLabel(props.n)}</>;
}

/** Credentials sent to the wrong host listed one per row, then counted: a destination can carry hundreds. */
const FOREIGN_SHOWN = 5;

/** A credential_ref is a long hash: its head names it on screen, the whole is its tooltip and its rows' filter. */
function shortRef(ref: string): string {
  return visibleText(ref.length > 32 ? `${ref.slice(0, 30)}…` : ref);
}

/** Addresses and processes, short: the full lists are in the net_events and dns_events rows. */
function subline(d: EgressDestination): string {
  const parts: string[] = [];
  if (d.addresses && d.addresses.items.length > 0)
    parts.push(`→ ${d.addresses.items.map(visibleText).join(', ')}${d.addresses.more ? ` +${d.addresses.more}` : ''}`);
  if (d.processes && d.processes.items.length > 0)
    parts.push(`by ${d.processes.items.map((p) => visibleText(p.name)).join(', ')}${d.processes.more ? ` +${d.processes.more}` : ''}`);
  return parts.join(' · ');
}

export function DestinationRow(props: { ev: string; d: EgressDestination; columns: number }) {
  const { ev, d, columns } = props;
  const { time } = useApp();
  const foreign = d.credentials?.filter((c) => c.verdict === 'elsewhere') ?? [];
  const sub = subline(d);
  const found = secretsFound(d);
  return (
    <>
      <tr
        data-destination={destinationLabel(d)}
        data-credential-elsewhere={d.credentialElsewhere ? '1' : undefined}
        data-secrets-found={found > 0 ? found : undefined}
      >
        <td className="eg-dest">
          <span className="mono">
            <BreakableDomain domain={d.domain} />
            <wbr />:{d.port === null ? '?' : d.port}
          </span>
          {d.credentialElsewhere && (
            <span className="bad eg-mark" title="a credential went to a host that is not its provider's">
              {' '}
              ⚠
            </span>
          )}
          {found > 0 && (
            <span className={`${secretsAlarm(d) ? 'bad' : 'warn'} eg-secrets-mark`} title={secretsWays(d)}>
              {' '}
              ✱
            </span>
          )}
          {sub && (
            <div className="muted eg-sub" title={sub}>
              {sub}
            </div>
          )}
        </td>
        <td className="num">
          <CountLink n={d.requests} to={netRowsRoute(ev, d)} what="requests" />
        </td>
        <td className="num">
          <Bytes n={d.bytesSent} />
        </td>
        <td className="num">
          <Bytes n={d.bytesReceived} />
        </td>
        {DECISIONS.map((k) => (
          <td key={k} className={`num${k === 'denied' && d.decisions?.denied ? ' bad' : ''}`}>
            <CountLink
              n={d.decisions ? d.decisions[k] : null}
              to={netRowsRoute(ev, d, [{ column: 'decision', op: 'eq', value: k }])}
              what={k}
            />
          </td>
        ))}
        <td className="num">
          <CountLink n={d.traces} to={netRowsRoute(ev, d, [{ column: 'trace_id', op: 'notnull' }])} what="traces" />
          {' / '}
          <CountLink n={d.turns} to={netRowsRoute(ev, d, [{ column: 'turn_id', op: 'notnull' }])} what="turns" />
        </td>
        <td className="mono eg-seen">
          <Seen at={d.firstSeen} time={time} />
          <Seen at={d.lastSeen} time={time} />
        </td>
      </tr>
      {foreign.slice(0, FOREIGN_SHOWN).map((c) => (
        <tr key={c.ref} className="eg-foreign" data-foreign-for={destinationLabel(d)}>
          <td colSpan={columns} className="bad">
            ⚠ credential{' '}
            <span className="mono" title={visibleText(c.ref)}>
              {shortRef(c.ref)}
            </span>{' '}
            of {visibleText(c.provider ?? '?')} sent in{' '}
            <CountLink n={c.requests} to={netRowsRoute(ev, d, [{ column: 'credential_ref', op: 'eq', value: c.ref }])} what="credential" />{' '}
            request{c.requests === 1 ? '' : 's'}: {visibleText(c.why ?? '')}
          </td>
        </tr>
      ))}
      {foreign.length > FOREIGN_SHOWN && (
        <tr className="eg-foreign" data-foreign-more={foreign.length - FOREIGN_SHOWN}>
          <td colSpan={columns} className="bad">
            ⚠ {countLabel(foreign.length - FOREIGN_SHOWN)} more credentials sent here that are not this host’s provider’s:{' '}
            <a href={href(netRowsRoute(ev, d, [{ column: 'credential_ref', op: 'notnull' }]))}>its requests that carry a credential</a>
          </td>
        </tr>
      )}
      {found > 0 && (
        <tr className="eg-foreign" data-secrets-for={destinationLabel(d)}>
          <td colSpan={columns} className={secretsAlarm(d) ? 'bad' : 'warn'}>
            ✱ {countLabel(found)} credential-shaped {found === 1 ? 'string' : 'strings'} in its exchanges: {secretsWays(d)} (each listed,
            masked, in <a href={href({ view: 'integrity', ev })}>Integrity › Credentials</a>)
          </td>
        </tr>
      )}
    </>
  );
}

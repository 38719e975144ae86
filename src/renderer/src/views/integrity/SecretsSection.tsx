/**
 * The report's credentials section: on a click (it is a full pass over every body), the report is asked for again
 * with `secrets: true` and its credential-shaped strings are listed worst first, masked, each with where it was seen
 * (a link to the body at the match, or to the row of a column value), which way it went and to which host.
 */
import { useState } from 'react';
import type { IntegrityReportView, ReportedSecretView, SecretVerdictView, SecretsView } from '../../../../shared/contract.js';
import { SECRET_WAY_WORDS } from '../../../../shared/contract/search.js';
import { client } from '../../api/client.js';
import { ErrorNote } from '../../components/ErrorNote.js';
import { countLabel } from '../../components/format.js';
import { visibleText } from '../../components/visible-text.js';
import { href } from '../../router.js';
import type { Route } from '../../router.js';
import { CaseMarkIf } from '../case/CaseTagsScope.js';

type State =
  | { readonly phase: 'idle' }
  | { readonly phase: 'running' }
  | { readonly phase: 'done'; readonly secrets: SecretsView }
  | { readonly phase: 'failed'; readonly error: { code: string; message: string } };

/** `onReport`: the report with the section's findings folded in, so the findings above show them too. */
export function SecretsSection(props: { ev: string; onReport: (r: IntegrityReportView) => void }) {
  const { ev, onReport } = props;
  const [state, setState] = useState<State>({ phase: 'idle' });
  const run = async (): Promise<void> => {
    setState({ phase: 'running' });
    const r = await client.call('integrity.report', { evidenceId: ev, secrets: true });
    if (!r.ok) return setState({ phase: 'failed', error: r.error });
    if (r.value.secrets) {
      setState({ phase: 'done', secrets: r.value.secrets });
      onReport(r.value);
    } else setState({ phase: 'failed', error: { code: 'INTERNAL', message: 'the report came back without its credentials section' } });
  };
  return (
    <section className="card secrets" aria-label="credentials" data-state={state.phase}>
      <div className="toolbar">
        <h3>Credentials</h3>
        <span className="spacer" />
        <button type="button" onClick={() => void run()} disabled={state.phase === 'running'}>
          {state.phase === 'done' ? 'Search again' : 'Search bodies for credentials'}
        </button>
      </div>
      {state.phase === 'idle' && (
        <p className="muted">
          Credential-shaped strings (API keys, cloud keys, tokens, private keys, passwords in URLs) in every verified body and text column,
          with where each went. Reads every body once.
        </p>
      )}
      {state.phase === 'running' && <p className="muted">Searching every body…</p>}
      {state.phase === 'failed' && <ErrorNote error={state.error} />}
      {state.phase === 'done' && <SecretsList ev={ev} s={state.secrets} />}
    </section>
  );
}

function SecretsList({ ev, s }: { ev: string; s: SecretsView }) {
  return (
    <>
      <p className="facts">
        <span>{countLabel(s.bodiesSearched)} bodies searched</span>
        {s.bodiesNotSearched > 0 && <span className="bad">{countLabel(s.bodiesNotSearched)} failed verification, not searched</span>}
        <span>{countLabel(s.columnValues)} column values</span>
        {(Object.keys(SECRET_WAY_WORDS) as SecretVerdictView[])
          .filter((v) => s.counts[v] > 0)
          .map((v) => (
            <span key={v} data-verdict={v}>
              {countLabel(s.counts[v])} {SECRET_WAY_WORDS[v]}
            </span>
          ))}
      </p>
      {s.error && <ErrorNote error={s.error} />}
      {s.findings.length === 0 ? (
        <p className="muted">No credential-shaped strings found.</p>
      ) : (
        <table className="mini secrets-list">
          <thead>
            <tr>
              <th>which way</th>
              <th>pattern</th>
              <th>value (masked)</th>
              <th>host</th>
              <th>where</th>
            </tr>
          </thead>
          <tbody>
            {s.findings.map((f, i) => (
              <tr key={i} data-verdict={f.verdict} className={f.verdict === 'elsewhere' ? 'bad' : undefined}>
                <td>{SECRET_WAY_WORDS[f.verdict]}</td>
                <td className="code">{f.pattern}</td>
                <td className="mono">{visibleText(f.masked)}</td>
                <td>{f.host === null ? <span className="muted">unknown</span> : visibleText(f.host)}</td>
                <td>
                  <CaseMarkIf table={/^[A-Za-z_][A-Za-z0-9_]*/.exec(f.where)?.[0]} eventId={f.eventId || null} />
                  <WhereLink ev={ev} f={f} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {s.omitted > 0 && <p className="muted">{countLabel(s.omitted)} more counted, not listed.</p>}
    </>
  );
}

/** A body match opens the body viewer at the match; a column match opens its row. */
function whereRoute(ev: string, f: ReportedSecretView): Route | null {
  const column = /^([A-Za-z_][A-Za-z0-9_]*)\.[A-Za-z_][A-Za-z0-9_]*#(\d+)$/.exec(f.where);
  if (column) return { view: 'row', ev, table: column[1]!, rowid: Number(column[2]), body: null, mode: 'text' };
  const body = /^([A-Za-z_][A-Za-z0-9_]*)\/([A-Za-z_][A-Za-z0-9_]*)$/.exec(f.where);
  if (body && f.eventId)
    return {
      view: 'event',
      ev,
      eventId: f.eventId,
      body: { sourceTable: body[1]!, direction: body[2]! },
      mode: 'text',
      at: { offset: f.offset, length: f.length },
    };
  return null;
}

function WhereLink({ ev, f }: { ev: string; f: ReportedSecretView }) {
  const route = whereRoute(ev, f);
  const label = `${f.eventId ? `${f.eventId} ` : ''}${f.where} @${f.offset}`;
  return route ? <a href={href(route)}>{visibleText(label)}</a> : <span>{visibleText(label)}</span>;
}

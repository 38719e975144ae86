/** One finding of the check report: its code and message with linked ids, a link to its rows, its causes and evidence. */
import type { FindingLink, IntegrityFinding } from '../../../../shared/contract.js';
import { visibleText } from '../../components/visible-text.js';
import { LinkedText } from '../../links/LinkedText.js';
import type { Route } from '../../router.js';
import { href } from '../../router.js';

function linkRoute(ev: string, link: FindingLink): Route | null {
  switch (link.kind) {
    case 'table':
      return { view: 'tables', ev, table: link.table, sort: null, filters: link.filters };
    case 'canned':
      return { view: 'sql', ev, canned: link.queryId };
    case 'failures':
      return null;
  }
}

export function FindingItem({ f, ev, tables }: { f: IntegrityFinding; ev: string; tables: ReadonlySet<string> }) {
  const route = f.link ? linkRoute(ev, f.link) : null;
  return (
    <div className="finding">
      <div>
        <span className="code">{f.code}</span> <LinkedText ev={ev} text={f.message} tables={tables} />
        {route && (
          <>
            {' '}
            <a href={href(route)}>show rows →</a>
          </>
        )}
        {f.link?.kind === 'failures' && <span className="muted"> (the failing bodies are listed above)</span>}
      </div>
      {(f.causes.length > 0 || f.evidence.length > 0) && (
        <details>
          <summary>likely causes and evidence</summary>
          <ul>
            {f.causes.map((c, i) => (
              <li key={`c${i}`}>{visibleText(c)}</li>
            ))}
            {f.evidence.map((c, i) => (
              <li key={`e${i}`} className="mono">
                <LinkedText ev={ev} text={c} tables={tables} />
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}

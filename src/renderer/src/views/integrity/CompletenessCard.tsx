/**
 * The second verdict, beside integrity's: COMPLETE, or GAPS with each kind named and counted, where it is and what
 * the evidence can and cannot show (the same words as `check`), its example ids linked to their rows.
 */
import type { CompletenessSection } from '../../../../shared/contract/completeness.js';
import { bytesLabel, countLabel } from '../../components/format.js';
import { visibleText } from '../../components/visible-text.js';
import { LinkedText } from '../../links/LinkedText.js';
import { CompletenessChip, briefOf } from '../../components/CompletenessChip.js';

export function CompletenessCard({ c, ev, tables }: { c: CompletenessSection; ev: string; tables: ReadonlySet<string> }) {
  return (
    <section className="card completeness-card" aria-label="completeness">
      <h3>
        Completeness <CompletenessChip c={briefOf(c)} />
      </h3>
      <p className="muted">
        INTACT says what the ledger holds was not altered; complete says nothing the ledger itself tells of is missing from it. A gap never
        changes the verdict.
      </p>
      {c.gaps.map((g) => (
        <div key={g.kind} className="gap" data-gap={g.kind}>
          <div>
            <span className="code">{g.kind}</span> {countLabel(g.rows)}
            {g.bytesMissing !== null && g.bytesMissing > 0 ? ` · ${bytesLabel(g.bytesMissing)} not kept` : ''}
          </div>
          <p>{visibleText(g.says)}</p>
          <ul className="gap-places">
            {g.places.map((p) => (
              <li key={p.place} className="mono">
                {visibleText(p.place)}: {countLabel(p.rows)}
                {p.bytesMissing !== null && p.bytesMissing > 0 ? ` · ${bytesLabel(p.bytesMissing)}` : ''}
              </li>
            ))}
          </ul>
          {g.examples.length > 0 && (
            <p className="mono">
              e.g. <LinkedText ev={ev} text={g.examples.join(', ')} tables={tables} />
            </p>
          )}
        </div>
      ))}
      {c.notChecked.map((n) => (
        <p key={n} className="muted">
          Not compared: {visibleText(n)}
        </p>
      ))}
    </section>
  );
}

/** One compared section: key, side A, side B; rows that differ are marked (colour and a ≠ sign, for no-colour readers). */
import type { CompareSection } from '../../../../shared/contract/library.js';
import { groupedDecimal } from '../library/library-format.js';
import { visibleText } from '../../components/visible-text.js';

/** What a table shows of a section (findings are built in the view and have no section id). */
export type ShownSection = Pick<CompareSection, 'title' | 'rows' | 'unknownA' | 'unknownB' | 'truncated'>;

export function CompareTable(props: { section: ShownSection; testId: string; onlyDiffs: boolean; titles?: ReadonlyMap<string, string> }) {
  const s = props.section;
  const differing = s.rows.filter((r) => r.differs).length;
  const rows = props.onlyDiffs ? s.rows.filter((r) => r.differs) : s.rows;
  return (
    <section className="card cmp-section" data-testid={props.testId} data-differs={differing}>
      <h3>
        {s.title} <span className={differing ? 'badge warn' : 'badge'}>{differing ? `${differing} differ` : 'same'}</span>
      </h3>
      {(s.unknownA || s.unknownB) && (
        <ul className="notes cmp-unknown">
          {s.unknownA && <li>A: {visibleText(s.unknownA)}</li>}
          {s.unknownB && <li>B: {visibleText(s.unknownB)}</li>}
        </ul>
      )}
      {rows.length === 0 ? (
        <p className="muted">{s.rows.length === 0 ? 'Nothing recorded on either side.' : 'No differences.'}</p>
      ) : (
        <table className="mini cmp-table">
          <thead>
            <tr>
              <th />
              <th>A</th>
              <th>B</th>
              <th aria-label="differs" />
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.key} className={r.differs ? 'differs' : ''} data-key={r.key} title={props.titles?.get(r.key)}>
                <td className="cmp-key">{visibleText(r.key)}</td>
                <td className={`num${r.a === null ? ' muted' : ''}${isPhrase(r.a) ? ' phrase' : ''}`}>{groupedDecimal(r.a)}</td>
                <td className={`num${r.b === null ? ' muted' : ''}${isPhrase(r.b) ? ' phrase' : ''}`}>{groupedDecimal(r.b)}</td>
                <td className="cmp-mark">{r.differs ? '≠' : ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {s.truncated && <p className="muted">Only the most frequent entries are shown on a side that had more.</p>}
    </section>
  );
}

/** A value that is a phrase (words between spaces), not one number: it may wrap. */
function isPhrase(v: string | null): boolean {
  return v !== null && v.includes(' ');
}

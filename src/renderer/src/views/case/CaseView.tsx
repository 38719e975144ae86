/**
 * The case (issue 39): every tag and note of the case file laid over this evidence, in the order they were added,
 * with what each names and whether this copy still holds it, filtered by tag. The tag filter is in the route
 * (`?tag=`), so a filtered case can be linked to. Read from `case.list`; asked again on `case.changed`. The case is
 * handed on from here as a .zip (CaseExport.tsx).
 */
import type { CaseEntry } from '../../../../shared/contract.js';
import { ErrorNote } from '../../components/ErrorNote.js';
import { countLabel } from '../../components/format.js';
import { visibleText } from '../../components/visible-text.js';
import { PaneLayout } from '../../pane/PaneLayout.js';
import { navigate } from '../../router.js';
import { CaseExport } from './CaseExport.js';
import { CaseItemRow } from './CaseItemRow.js';
import { CaseNotKept } from './CaseNotKept.js';
import { notKept, useCase } from './use-case.js';
import './case.css';

const byTime = (a: CaseEntry, b: CaseEntry): number =>
  a.item.createdAt < b.item.createdAt ? -1 : a.item.createdAt > b.item.createdAt ? 1 : 0;

function countOf(entries: readonly CaseEntry[], status: CaseEntry['status']): number {
  return entries.filter((e) => e.status === status).length;
}

export function CaseView(props: { ev: string; tag: string | null }) {
  const { ev, tag } = props;
  const listed = useCase(ev);
  if (notKept(listed.error))
    return (
      <section className="card case-view">
        <h2>Case</h2>
        <CaseNotKept />
      </section>
    );
  if (listed.error) return <ErrorNote error={listed.error} />;
  if (!listed.value) return <p className="hint">Loading the case…</p>;
  const all = [...listed.value.entries].sort(byTime);
  const tags = [...new Set(all.map((e) => e.item.tag))].sort();
  const shown = tag === null ? all : all.filter((e) => e.item.tag === tag);
  const unsound = countOf(all, 'missing') + countOf(all, 'changed');
  return (
    <PaneLayout ev={ev}>
      <div className="case-view" data-case-ready={all.length}>
        <section className="card case-head">
          <h2>Case</h2>
          <p className="muted">
            {countLabel(all.length)} item{all.length === 1 ? '' : 's'} in <code>{visibleText(listed.value.file)}</code>, kept beside the
            evidence, never in it.
          </p>
          {unsound > 0 && (
            <p className="warn" data-case-unsound={unsound}>
              {countOf(all, 'missing')} missing and {countOf(all, 'changed')} changed: this copy no longer holds what those items were
              written about.
            </p>
          )}
          {all.length === 0 && <p className="muted">Nothing tagged yet: open an event and use Tag… on it.</p>}
          <CaseExport ev={ev} items={all.length} />
          {tags.length > 0 && (
            <label className="case-filter">
              Tag{' '}
              <select
                aria-label="filter by tag"
                value={tag ?? ''}
                onChange={(e) => navigate({ view: 'case', ev, tag: e.target.value || null }, true)}
              >
                <option value="">all tags</option>
                {tags.map((t) => (
                  <option key={t} value={t}>
                    {t}
                  </option>
                ))}
              </select>
            </label>
          )}
        </section>
        {shown.length > 0 && (
          <section className="card">
            <table className="case-table" data-shown={shown.length}>
              <thead>
                <tr>
                  <th>Added (UTC)</th>
                  <th>Tag</th>
                  <th>Note</th>
                  <th>Names</th>
                  <th>State</th>
                </tr>
              </thead>
              <tbody>
                {shown.map((e) => (
                  <CaseItemRow key={e.item.id} ev={ev} entry={e} />
                ))}
              </tbody>
            </table>
          </section>
        )}
      </div>
    </PaneLayout>
  );
}

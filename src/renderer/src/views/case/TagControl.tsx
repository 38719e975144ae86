/**
 * "Tag…" on one event: pick notable / benign / follow-up or type a tag, add a note if wanted, tag the body shown
 * (or only the byte span the view was opened at, a search hit's), save → case.add. The
 * case file is the service's (serve's --case, the desktop's data folder); when none is kept the control says so and
 * offers nothing, so the app never writes anywhere the user did not choose.
 */
import { useState } from 'react';
import type { FormEvent } from 'react';
import { CASE_TAGS, TAG_TEXT } from '../../../../shared/contract/case.js';
import { client } from '../../api/client.js';
import { ErrorNote } from '../../components/ErrorNote.js';
import { visibleText } from '../../components/visible-text.js';
import { CaseNotKept } from './CaseNotKept.js';
import { notKept, useCase } from './use-case.js';
import './case.css';

export interface TagTarget {
  readonly eventId: string;
  readonly table: string;
  /** The body being shown, when it is the row's own (the case names a body by the row's table). */
  readonly direction?: string | null;
  /** The byte span of that body the view was opened at (a search hit), [start, end): offered as the range to tag. */
  readonly range?: readonly [number, number] | null;
}

export function TagControl(props: { ev: string; target: TagTarget }) {
  const { ev, target } = props;
  const listed = useCase(ev);
  const [open, setOpen] = useState(false);
  const [tag, setTag] = useState<string>('notable');
  const [note, setNote] = useState('');
  const [withBody, setWithBody] = useState(false);
  const [onlyRange, setOnlyRange] = useState(false);
  const [error, setError] = useState<{ code: string; message: string } | null>(null);
  const [saving, setSaving] = useState(false);
  if (notKept(listed.error)) return <CaseNotKept />;
  const tags = (listed.value?.entries ?? [])
    .filter((e) => e.item.eventId === target.eventId && e.item.table === target.table)
    .map((e) => e.item.tag);
  const valid = TAG_TEXT.test(tag);
  const save = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    setSaving(true);
    const range = onlyRange && target.range ? { range: target.range } : {};
    const body = withBody && target.direction ? { body: { direction: target.direction, ...range } } : {};
    const r = await client.call('case.add', {
      evidenceId: ev,
      eventId: target.eventId,
      table: target.table,
      tag,
      ...(note.trim() ? { note: note.trim() } : {}),
      ...body,
    });
    setSaving(false);
    if (!r.ok) return setError(r.error);
    setError(null);
    setNote('');
    setOpen(false);
  };
  return (
    <div className="tag-control" data-case-kept="true" data-tags={tags.join(' ')}>
      {tags.length > 0 && (
        <span className="case-tags">
          {[...new Set(tags)].map((t) => (
            <span key={t} className="case-tag" data-tag={t}>
              {visibleText(t)}
            </span>
          ))}
        </span>
      )}
      {!open && (
        <button type="button" className="tag-open" onClick={() => setOpen(true)}>
          Tag…
        </button>
      )}
      {open && (
        <form className="tag-form" onSubmit={(e) => void save(e)} aria-label="tag this event">
          <span className="tag-picks" role="radiogroup" aria-label="tag">
            {CASE_TAGS.map((t) => (
              <button
                key={t}
                type="button"
                role="radio"
                aria-checked={tag === t}
                className={tag === t ? 'chip on' : 'chip'}
                onClick={() => setTag(t)}
              >
                {t}
              </button>
            ))}
          </span>
          <input
            className="tag-text"
            aria-label="tag text"
            value={tag}
            maxLength={40}
            onChange={(e) => setTag(e.target.value.toLowerCase())}
            aria-invalid={!valid}
            title="lower-case letters, digits and dashes"
          />
          <textarea
            className="tag-note"
            aria-label="note"
            placeholder="note (optional)"
            value={note}
            maxLength={10_000}
            onChange={(e) => setNote(e.target.value)}
          />
          {target.direction && (
            <label className="tag-body">
              <input type="checkbox" checked={withBody} onChange={(e) => setWithBody(e.target.checked)} /> this body (
              {visibleText(target.direction)})
            </label>
          )}
          {target.direction && target.range && (
            <label className="tag-body">
              <input
                type="checkbox"
                aria-label="only the span shown"
                checked={withBody && onlyRange}
                disabled={!withBody}
                onChange={(e) => setOnlyRange(e.target.checked)}
              />{' '}
              only bytes {target.range[0]}–{target.range[1]} of it (the span shown)
            </label>
          )}
          <span className="tag-actions">
            <button type="submit" disabled={!valid || saving}>
              Save tag
            </button>
            <button type="button" onClick={() => setOpen(false)}>
              Cancel
            </button>
          </span>
          {!valid && <span className="warn">A tag is lower-case letters, digits and dashes (at most 40).</span>}
        </form>
      )}
      {error && <ErrorNote error={error} />}
    </div>
  );
}

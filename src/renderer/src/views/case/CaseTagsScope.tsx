/**
 * The case's marks every view shares (issue 39): the scope App puts around the views learns which rows the case
 * tags once per evidence (and again on `case.changed`), and a row shown anywhere (a transcript line, a graph node, a
 * lifecycle call, a table row) asks it for its tags by table and event_id.
 */
import type { ReactNode } from 'react';
import { createContext, useContext } from 'react';
import { visibleText } from '../../components/visible-text.js';
import { CaseMark } from './CaseMark.js';
import type { TaggedEvents } from './use-tagged-events.js';
import { taggedKey, useTaggedEvents } from './use-tagged-events.js';

const CaseTagsContext = createContext<TaggedEvents>(new Map());

export function CaseTagsScope(props: { ev: string | null; children: ReactNode }) {
  return <CaseTagsContext.Provider value={useTaggedEvents(props.ev)}>{props.children}</CaseTagsContext.Provider>;
}

/** The tags the case puts on this row, or undefined (also for a row without an event_id, which no item can name). */
export function useRowTags(table: string | null | undefined, eventId: string | null | undefined): readonly string[] | undefined {
  const tagged = useContext(CaseTagsContext);
  return table && eventId ? tagged.get(taggedKey(table, eventId)) : undefined;
}

/** Every tagged row's tags, for a grid that marks many rows in one callback. */
export function useCaseTags(): TaggedEvents {
  return useContext(CaseTagsContext);
}

/** The case's mark for this row, where it is tagged. */
export function CaseMarkIf(props: { table: string | null | undefined; eventId: string | null | undefined }) {
  const tags = useRowTags(props.table, props.eventId);
  return tags ? <CaseMark tags={tags} /> : null;
}

/** In SVG (graph nodes): the same mark as a small diamond at the node's bottom right, its tags in its title. */
export function CaseMarkSvg(props: { table: string | null | undefined; eventId: string | null | undefined; x: number; y: number }) {
  const tags = useRowTags(props.table, props.eventId);
  if (!tags) return null;
  const text = [...new Set(tags)].map(visibleText).join(', ');
  return (
    <text x={props.x} y={props.y} className="n-case" textAnchor="end" data-case-mark={tags.join(' ')}>
      ◆<title>{`in the case: ${text}`}</title>
    </text>
  );
}

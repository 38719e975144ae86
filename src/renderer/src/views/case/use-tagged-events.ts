/**
 * Which rows of this evidence the case tags, by table and event_id, for a mark wherever rows are shown
 * (CaseTagsScope hands it to every view). Empty when no case is kept or it cannot be read: a missing mark is then
 * no claim, the Case view says why.
 */
import { useMemo } from 'react';
import { useCase } from './use-case.js';

/** `${table}\0${eventId}` → the tags on that row, attached items only (a missing row has nowhere to be marked). */
export type TaggedEvents = ReadonlyMap<string, readonly string[]>;

export const taggedKey = (table: string, eventId: string): string => `${table}\0${eventId}`;

export function useTaggedEvents(ev: string | null): TaggedEvents {
  const listed = useCase(ev);
  const entries = listed.value?.entries;
  return useMemo(() => {
    const m = new Map<string, string[]>();
    for (const e of entries ?? []) {
      if (e.status === 'other-session' || e.item.eventId === null) continue;
      const k = taggedKey(e.item.table, e.item.eventId);
      m.set(k, [...(m.get(k) ?? []), e.item.tag]);
    }
    return m;
  }, [entries]);
}

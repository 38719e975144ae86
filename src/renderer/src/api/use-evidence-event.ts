/**
 * Hears an event about one evidence (overview.changed, say) for as long as a view is mounted, and the event
 * stream's (re)connection, after which what came before was not heard: both call `heard`, which asks again.
 * Subscribed in the view's first commit, beside its first ask, so nothing said after that ask goes unheard.
 */
import { useEffect, useRef } from 'react';
import type { EvidenceChanged, EventName, Events } from '../../../shared/contract.js';
import { client } from './client.js';

type EvidenceEventName = { [E in EventName]: Events[E] extends EvidenceChanged ? E : never }[EventName];

export function useEvidenceEvent(name: EvidenceEventName, ev: string, heard: () => void): void {
  const latest = useRef(heard);
  latest.current = heard;
  useEffect(() => {
    const offEvents = client.onEvent((e) => {
      if (e.name === name && e.payload.evidenceId === ev) latest.current();
    });
    const offConnected = client.onEventsConnected(() => latest.current());
    return () => {
      offEvents();
      offConnected();
    };
  }, [name, ev]);
}

/**
 * Hears an event about one evidence (overview.changed, say) for as long as a view is mounted, and the event
 * stream's (re)connection, after which what came before was not heard: both call `heard`, which asks again.
 * Subscribed in the view's first commit, beside its first ask, so nothing said after that ask goes unheard.
 */
import { useEffect, useRef } from 'react';
import type { EvidenceChanged, EventName, Events } from '../../../shared/contract.js';
import { client } from './client.js';

type EvidenceEventName = { [E in EventName]: Events[E] extends EvidenceChanged ? E : never }[EventName];

/** `heard` gets the event's payload, or null after a (re)connection (anything may have changed). */
export function useEvidenceEvent<E extends EvidenceEventName>(name: E, ev: string, heard: (said: Events[E] | null) => void): void {
  const latest = useRef(heard);
  latest.current = heard;
  useEffect(() => {
    const offEvents = client.onEvent((e) => {
      if (e.name === name && e.payload.evidenceId === ev) latest.current(e.payload as Events[E]);
    });
    const offConnected = client.onEventsConnected(() => latest.current(null));
    return () => {
      offEvents();
      offConnected();
    };
  }, [name, ev]);
}

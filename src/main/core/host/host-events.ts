/**
 * Decoded host events, the session list and the service timeline (docs/formats/host-ledger.md#detail-encodings,
 * #reading-it; docs/formats/session-check.md#listing-sessions). Sessions come from session_created; a later
 * session_stopped of the same id closes it. Unlike the doctor, odd cases are not silently dropped: they become notes.
 */
import type { HostEvent, HostEventRow, ServiceEvent, SessionRecord } from './types.js';
import type { Notes } from './sparse-fields.js';
import { decodeHostSessionDetail } from './host-detail.js';
import { smallInt } from './read-host-tables.js';
import { locateSession } from './session-location.js';

const SESSION_DETAIL_KINDS = new Set(['session_created', 'session_stopped']);

export function decodeHostEvents(rows: readonly HostEventRow[], notes: Notes): HostEvent[] {
  return rows.map((row, index) => {
    const bytes = row.detail ?? new Uint8Array(0);
    const label = `host_events id ${row.id} (${row.kind ?? 'NULL kind'}) detail`;
    // Service events carry an empty detail by design; only session events are expected to have one.
    const wantDetail = row.kind !== null && SESSION_DETAIL_KINDS.has(row.kind);
    const detail = wantDetail || bytes.length > 0 ? decodeHostSessionDetail(bytes, label, notes) : null;
    return {
      index,
      id: row.id,
      timestampUnixMs: row.timestampUnixMs === null ? null : smallInt(row.timestampUnixMs),
      kind: row.kind,
      sessionId: row.sessionId,
      actor: row.actor,
      traceId: row.traceId,
      detailBytes: bytes.length,
      detail,
    };
  });
}

interface Building {
  created: HostEvent;
  stopped: HostEvent | null;
}

/** Sessions newest first (by created timestamp, then by event id). */
export function buildSessions(events: readonly HostEvent[], runDir: string, notes: Notes): SessionRecord[] {
  const byId = new Map<string, Building>();
  for (const e of events) {
    if (e.kind !== 'session_created' && e.kind !== 'session_stopped') continue;
    if (e.sessionId === null) {
      notes.push(`host_events id ${e.id}: ${e.kind} without a session_id; ignored`);
      continue;
    }
    const known = byId.get(e.sessionId);
    if (e.kind === 'session_created') {
      if (known)
        notes.push(
          `session ${e.sessionId} is created again at host_events id ${e.id} (first at id ${known.created.id}); the later creation is listed`,
        );
      byId.set(e.sessionId, { created: e, stopped: null });
    } else if (!known) {
      notes.push(`host_events id ${e.id}: session_stopped for ${e.sessionId}, which was never created; ignored`);
    } else {
      if (known.stopped) notes.push(`session ${e.sessionId} is stopped again at host_events id ${e.id}; the later stop is listed`);
      known.stopped = e;
    }
  }
  const sessions: SessionRecord[] = [];
  for (const [id, { created, stopped }] of byId) {
    sessions.push({
      id,
      status: stopped ? (stopped.detail?.status ?? 'stopped') : 'running',
      createdMs: created.timestampUnixMs,
      stoppedMs: stopped?.timestampUnixMs ?? null,
      createdEventId: created.id,
      stoppedEventId: stopped?.id ?? null,
      created: created.detail,
      stopped: stopped?.detail ?? null,
      counters: stopped?.detail?.counters ?? null,
      location: locateSession(runDir, id),
    });
  }
  return sessions.sort((a, b) => (b.createdMs ?? -Infinity) - (a.createdMs ?? -Infinity) || b.createdEventId - a.createdEventId);
}

export function serviceTimeline(events: readonly HostEvent[]): ServiceEvent[] {
  const out: ServiceEvent[] = [];
  for (const e of events) {
    if (e.kind === 'service_started' || e.kind === 'service_stopped') {
      out.push({ kind: e.kind, index: e.index, id: e.id, timestampUnixMs: e.timestampUnixMs });
    }
  }
  return out;
}

/**
 * A Capsem home whose host ledger (sessions/host.db) carries hostile strings wherever its format allows text:
 * session ids, status, storage_mode, rootfs_version, forked_from, actor and trace ids, and the names inside the
 * final counters (providers, models, tools, file actions, rules); settings edits with hostile target keys and
 * errors. The chain is computed over the hostile rows as written, so it is intact. One session (a safe folder
 * name) has a real hostile ledger under run/sessions, so it can be opened from the Library.
 */
import { join } from 'node:path';
import type { HostEventInput, PolicyMutationInput, WrittenHostEvent } from '../../fixtures/writer/host/host-writer.js';
import { appendHostEvents, insertPolicyMutations, openFixtureDb } from '../../fixtures/writer/host/host-writer.js';
import type { HostileSessionLedger } from './hostile-session-ledger.js';
import { HOSTILE_SESSION_ID, writeHostileSessionLedger } from './hostile-session-ledger.js';
import { hostileStrings, LONG_UNBROKEN, PWN_FLAG } from './hostile-strings.js';

const T0 = 1_791_000_000_000;
const PWN = `window.${PWN_FLAG}=(window.${PWN_FLAG}||0)+1`;

/** Session ids of the hostile home, newest last. Only the first is a safe folder name with a ledger on disk. */
export const HOSTILE_HOME_SESSIONS = [
  HOSTILE_SESSION_ID,
  `<script>${PWN}</script>`,
  'admin\u202Egnp.exe \u2066LRI\u2069 pay\u200Bpal \u001b[31mred\u001b[0m',
  `<iframe srcdoc="<script>parent.${PWN}</script>"></iframe>`,
  LONG_UNBROKEN,
] as const;

export interface HostileHome {
  readonly home: string;
  readonly hostDbPath: string;
  readonly runDir: string;
  readonly rows: WrittenHostEvent[];
  readonly ledger: HostileSessionLedger;
  /** Every hostile text written into host.db (ids, detail strings, counter keys, policy fields). */
  readonly strings: readonly string[];
}

function counters(pick: (label: string) => string): Record<string, unknown> {
  const usage = { calls: 3, input_tokens: 1000, output_tokens: 200, duration_ms: 900, cost_micro_usd: 12_340 };
  return {
    net: { total: 10, allowed: 8, denied: 1, error: 1, bytes_sent: 2048, bytes_received: 4096 },
    model: { total: usage, by_model: { [pick('provider')]: { [pick('model')]: usage }, anthropic: { [pick('model 2')]: usage } } },
    tools: {
      calls: 4,
      by_tool: { [pick('tool')]: { calls: 3, duration_ms: 40 }, [pick('tool 2')]: { calls: 1 } },
      mcp: { [pick('mcp server')]: { [pick('mcp tool')]: { calls: 1 } } },
    },
    files: { events: 7, by_action: { [pick('file action')]: 4, created: 3 } },
    exec: { started: 2, completed: 2 },
    audit: {
      events: 3,
      by_exe: { [pick('exe')]: { count: 3, first_seen: '2026-10-01T00:00:00.000000Z', last_seen: '2026-10-01T00:01:00.000000Z' } },
    },
    security: {
      matches: 1,
      by_action: { block: 1 },
      by_rule: { [pick('rule')]: { block: { high: { count: 1, latest_event_id: 'aabbccddeeff', latest_timestamp_unix_ms: T0 + 5 } } } },
    },
  };
}

export async function writeHostileHome(home: string): Promise<HostileHome> {
  const hostDbPath = join(home, 'sessions', 'host.db');
  const runDir = join(home, 'run');
  const ledger = await writeHostileSessionLedger(join(runDir, 'sessions'), HOSTILE_SESSION_ID, 50);
  const pool = hostileStrings();
  const strings: string[] = [...HOSTILE_HOME_SESSIONS];
  let n = 0;
  const pick = (label: string): string => {
    const s = `${pool[n++ % pool.length]!.text} ‹${label}›`;
    strings.push(s);
    return s;
  };
  const events: HostEventInput[] = [
    { timestampUnixMs: T0 - 1_000, kind: 'service_started', sessionId: null, actor: pick('actor'), detail: new Uint8Array(0) },
  ];
  HOSTILE_HOME_SESSIONS.forEach((id, i) => {
    const at = T0 + i * 100_000;
    events.push({
      timestampUnixMs: at,
      kind: 'session_created',
      sessionId: id,
      traceId: pick(`trace ${i}`),
      detail: {
        persistent: i === 2,
        ram_bytes: 2048 * 2 ** 20,
        scratch_disk_size_gb: 16,
        storage_mode: pick(`storage_mode ${i}`),
        rootfs_hash: 'blake3:00ff',
        rootfs_version: pick(`rootfs_version ${i}`),
        forked_from: i === 0 ? undefined : i === 2 ? HOSTILE_SESSION_ID : pick(`forked_from ${i}`),
      },
    });
    // The last session never stops (shown as running); the others stop with hostile statuses and counter names.
    if (i < HOSTILE_HOME_SESSIONS.length - 1) {
      events.push({
        timestampUnixMs: at + 60_000,
        kind: 'session_stopped',
        sessionId: id,
        detail: { status: i === 0 ? 'stopped' : pick(`status ${i}`), counters: counters(pick) },
      });
    }
  });
  events.push({ timestampUnixMs: T0 + 900_000, kind: 'service_stopped', sessionId: null, detail: new Uint8Array(0) });
  const hash = (k: number): string => `blake3:${k.toString(16).padStart(64, '0')}`;
  const policy: PolicyMutationInput[] = [
    {
      timestampUnixMs: T0 + 10,
      mutationId: '000000000001',
      category: pick('category'),
      targetKind: 'mcp_tool',
      targetKey: pick('target_key'),
      operation: 'permission',
      oldHash: hash(1),
      newHash: hash(2),
      status: 'applied',
    },
    {
      timestampUnixMs: T0 + 20,
      mutationId: '000000000002',
      category: 'mcp',
      targetKind: pick('target_kind'),
      targetKey: pick('target_key 2'),
      operation: 'edit',
      oldHash: hash(2),
      newHash: null,
      status: 'failed',
      error: pick('error'),
    },
    // A break in the settings chain (old hash is not the last new hash), so its message is shown too.
    {
      timestampUnixMs: T0 + 30,
      mutationId: '000000000003',
      category: 'plugin',
      targetKind: 'plugin',
      targetKey: pick('target_key 3'),
      operation: pick('operation'),
      oldHash: hash(9),
      newHash: hash(3),
      status: 'applied',
    },
  ];
  const db = openFixtureDb(hostDbPath);
  try {
    const rows = await appendHostEvents(db, events);
    insertPolicyMutations(db, policy);
    return { home, hostDbPath, runDir, rows, ledger, strings };
  } finally {
    db.close();
  }
}

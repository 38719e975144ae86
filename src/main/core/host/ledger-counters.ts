/**
 * Typed `LedgerCounters` (docs/formats/host-ledger.md#ledgercounters) from a decoded sparse map. Same type as the
 * `ledger_counters.counters` BLOB of every session ledger, so session views can reuse it.
 */
import type { CredentialUsage, LedgerCounters, ModelUsage, PluginUsage, ProcessUsage, RuleUsage, ToolUsage } from './types.js';
import type { Notes } from './sparse-fields.js';
import { SparseFields } from './sparse-fields.js';

function modelUsage(f: SparseFields): ModelUsage {
  return {
    calls: f.u64('calls'),
    inputTokens: f.u64('input_tokens'),
    outputTokens: f.u64('output_tokens'),
    durationMs: f.u64('duration_ms'),
    costMicroUsd: f.u64('cost_micro_usd'),
  };
}

function toolUsage(f: SparseFields): ToolUsage {
  return {
    calls: f.u64('calls'),
    durationMs: f.u64('duration_ms'),
    bytesSent: f.u64('bytes_sent'),
    bytesReceived: f.u64('bytes_received'),
  };
}

function processUsage(f: SparseFields): ProcessUsage {
  return { count: f.u64('count'), firstSeen: f.str('first_seen'), lastSeen: f.str('last_seen') };
}

function ruleUsage(f: SparseFields): RuleUsage {
  return { count: f.u64('count'), latestEventId: f.textOrInt('latest_event_id'), latestTimestampUnixMs: f.i64('latest_timestamp_unix_ms') };
}

function pluginUsage(f: SparseFields): PluginUsage {
  return {
    executions: f.u64('executions'),
    applied: f.u64('applied'),
    skipped: f.u64('skipped'),
    totalDurationUs: f.u64('total_duration_us'),
    maxDurationUs: f.u64('max_duration_us'),
    detections: f.u64('detections'),
  };
}

function credentialUsage(f: SparseFields): CredentialUsage {
  return {
    provider: f.optStr('provider'),
    substitutions: f.u64('substitutions'),
    injectedSubstitutions: f.u64('injected_substitutions'),
    observations: f.u64('observations'),
    injections: f.u64('injections'),
    lastSeenUnixMs: f.i64('last_seen_unix_ms'),
  };
}

/** Reads LedgerCounters from its sparse struct; missing parts are all-default. */
export function readLedgerCounters(root: SparseFields, notes: Notes): LedgerCounters {
  const el = (v: unknown, p: string) => SparseFields.element(v, p, notes);
  const u64 = (v: unknown, p: string) => SparseFields.u64Element(v, p, notes);
  const net = root.struct('net');
  const model = root.struct('model');
  const tools = root.struct('tools');
  const files = root.struct('files');
  const exec = root.struct('exec');
  const audit = root.struct('audit');
  const sec = root.struct('security');
  return {
    net: {
      total: net.u64('total'),
      allowed: net.u64('allowed'),
      denied: net.u64('denied'),
      error: net.u64('error'),
      bytesSent: net.u64('bytes_sent'),
      bytesReceived: net.u64('bytes_received'),
    },
    model: {
      total: modelUsage(model.struct('total')),
      usageDetails: model.names('usage_details', u64),
      byModel: model.names('by_model', (v, p) => el(v, p).namesOf((m, mp) => modelUsage(el(m, mp)))),
    },
    tools: {
      calls: tools.u64('calls'),
      byTool: tools.names('by_tool', (v, p) => toolUsage(el(v, p))),
      mcp: tools.names('mcp', (v, p) => el(v, p).namesOf((t, tp) => toolUsage(el(t, tp)))),
    },
    files: { events: files.u64('events'), byAction: files.names('by_action', u64) },
    exec: { started: exec.u64('started'), completed: exec.u64('completed') },
    audit: { events: audit.u64('events'), byExe: audit.names('by_exe', (v, p) => processUsage(el(v, p))) },
    security: {
      matches: sec.u64('matches'),
      byAction: sec.names('by_action', u64),
      byEventType: sec.names('by_event_type', u64),
      byLevel: sec.names('by_level', u64),
      byRule: sec.names('by_rule', (v, p) => el(v, p).namesOf((a, ap) => el(a, ap).namesOf((l, lp) => ruleUsage(el(l, lp))))),
      openAsks: sec.strings('open_asks'),
      openAsksOverflow: sec.u64('open_asks_overflow'),
    },
    plugins: root.names('plugins', (v, p) => pluginUsage(el(v, p))),
    credentials: root.names('credentials', (v, p) => credentialUsage(el(v, p))),
  };
}

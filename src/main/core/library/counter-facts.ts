/**
 * A LedgerCounters snapshot as comparable rows: flat dotted names (as docs/formats/host-ledger.md#ledgercounters
 * names the fields) with exact decimal values, plus models and tools keyed by name. Used for both the host ledger's
 * final counters and a session ledger's own ledger_counters.
 */
import type { ModelUsage as LedgerModelUsage } from '../../../shared/contract.js';
import type { Count, LedgerCounters, ModelUsage } from '../host/types.js';
import { countText } from '../host/count.js';
import { groupDigits } from '../../../shared/group-digits.js';

/** micro-USD as exact dollars with six decimals: 12340 → "$0.012340". */
export function usdFromMicro(v: Count): string {
  const t = countText(v).padStart(7, '0');
  return `$${groupDigits(t.slice(0, -6))}.${t.slice(-6)}`;
}

export function flattenCounters(c: LedgerCounters): Map<string, string> {
  const m = new Map<string, string>();
  const put = (k: string, v: Count): void => void m.set(k, countText(v));
  put('net.total', c.net.total);
  put('net.allowed', c.net.allowed);
  put('net.denied', c.net.denied);
  put('net.error', c.net.error);
  put('net.bytes_sent', c.net.bytesSent);
  put('net.bytes_received', c.net.bytesReceived);
  put('model.calls', c.model.total.calls);
  put('model.input_tokens', c.model.total.inputTokens);
  put('model.output_tokens', c.model.total.outputTokens);
  put('model.duration_ms', c.model.total.durationMs);
  m.set('model.cost_usd', usdFromMicro(c.model.total.costMicroUsd));
  put('tools.calls', c.tools.calls);
  put('files.events', c.files.events);
  for (const [action, n] of Object.entries(c.files.byAction).sort(([x], [y]) => x.localeCompare(y))) put(`files.${action}`, n);
  put('exec.started', c.exec.started);
  put('exec.completed', c.exec.completed);
  put('audit.events', c.audit.events);
  put('security.matches', c.security.matches);
  put('security.open_asks', c.security.openAsks.length);
  put('plugins', Object.keys(c.plugins).length);
  put('credentials', Object.keys(c.credentials).length);
  return m;
}

/** "1 call", "2 calls": the count as the ledger holds it (a u64 may pass a JS number), in the right number. */
const callsText = (n: string): string => `${groupDigits(n)} ${n === '1' ? 'call' : 'calls'}`;

const modelText = (u: ModelUsage): string =>
  `${callsText(countText(u.calls))} · ${groupDigits(countText(u.inputTokens))} in · ${groupDigits(countText(u.outputTokens))} out · ${usdFromMicro(u.costMicroUsd)}`;

export function modelsFromCounters(c: LedgerCounters): Map<string, string> {
  const m = new Map<string, string>();
  for (const [provider, models] of Object.entries(c.model.byModel)) {
    for (const [model, usage] of Object.entries(models)) m.set(`${provider} · ${model}`, modelText(usage));
  }
  return m;
}

/** Models from a ledger's model_calls rows (estimated_cost_usd is a REAL there: six decimals shown). */
export function modelsFromRows(rows: readonly LedgerModelUsage[]): Map<string, string> {
  return new Map(
    rows.map((r) => [
      `${r.provider} · ${r.model ?? 'unknown'}`,
      `${callsText(String(r.calls))} · ${groupDigits(String(r.inputTokens))} in · ${groupDigits(String(r.outputTokens))} out · $${r.costUsd.toFixed(6)}`,
    ]),
  );
}

export function toolsFromCounters(c: LedgerCounters): Map<string, string> {
  const entries = Object.entries(c.tools.byTool).map(([name, u]) => [name, countText(u.calls)] as const);
  entries.sort((x, y) => (BigInt(y[1]) > BigInt(x[1]) ? 1 : BigInt(y[1]) < BigInt(x[1]) ? -1 : x[0].localeCompare(y[0])));
  return new Map(entries);
}

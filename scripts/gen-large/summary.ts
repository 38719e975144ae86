// The generator's closing summary: what was written, how big, how fast, how much memory.
import type { LargeLedgerSummary } from './generate.js';

const MiB = 1024 * 1024;
const n = (v: number): string => v.toLocaleString('en-US');

export function formatSummary(s: LargeLedgerSummary): string {
  const tables = Object.entries(s.rowCounts)
    .filter(([, c]) => c > 0)
    .map(([t, c]) => `    ${t.padEnd(26)} ${n(c).padStart(10)}`);
  return [
    `wrote ${s.sessionDir}`,
    `  events            ${n(s.events)} (rows of the telemetry tables)`,
    `  bodies            ${n(s.uniqueBodies)} stored, ${n(s.indexRows)} index rows (HTTP and model-call rows share spans)`,
    `  blocks            ${n(s.blocks)} (${n(s.deflateBlocks)} deflate, rest zstd), ${n(s.segments)} segments`,
    `  raw body bytes    ${(s.rawBytes / MiB).toFixed(1)} MiB`,
    `  on disk           session.bodies ${(s.archiveBytes / MiB).toFixed(1)} MiB (ratio ${(s.rawBytes / Math.max(1, s.archiveBytes)).toFixed(2)}), session.db ${(s.dbBytes / MiB).toFixed(1)} MiB`,
    `  traces            ${n(s.traces)}${s.bigTrace ? `; big trace ${s.bigTrace.traceId}: ${n(s.bigTrace.modelCalls)} model calls, ${n(s.bigTrace.toolCalls)} tool calls` : ''}`,
    `  time              ${(s.elapsedMs / 1000).toFixed(1)} s`,
    `  peak RSS          ${(s.peakRssBytes / MiB).toFixed(0)} MiB`,
    '  rows per table:',
    ...tables,
  ].join('\n');
}

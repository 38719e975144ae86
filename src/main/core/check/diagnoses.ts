// Findings for the informational sections (docs/formats/session-check.md#overflow-windows to #tool-usage), each
// warning carrying the seed docs' likely causes and the evidence that tells them apart. None of these change the
// verdict, exactly as the doctor.
import type Database from 'better-sqlite3';
import { aiRequestsNamed, nullModelEvidence, zeroCostModels } from './diagnose-models.js';
import { KNOWN_PROVIDERS } from './providers.js';
import { hasTable } from '../queries/schema.js';
import { columnsOf, scalarOrNull } from '../queries/ledger-reads.js';
import { orphanCallSamples } from './tools.js';
import type { ArchiveSection, Finding, NullsSection, OverflowSection, ProvidersSection, ToolsSection } from './types.js';

const SAMPLE = 5;

export interface DiagnoseInput {
  readonly db: Database.Database;
  readonly archive: ArchiveSection;
  readonly overflow: OverflowSection;
  readonly tools: ToolsSection;
  readonly providers: ProvidersSection;
  readonly nulls: NullsSection;
  readonly tables: Readonly<Record<string, number>>;
}

export function diagnose(input: DiagnoseInput): Finding[] {
  return [
    ...overflowFindings(input.overflow),
    ...toolFindings(input.db, input.tools),
    ...providerFindings(input.db, input.providers),
    ...nullFindings(input.db, input.nulls),
    ...costFindings(input.db),
    ...noBodiesFindings(input),
  ];
}

function overflowFindings(o: OverflowSection): Finding[] {
  if (o.windows === 0) return [];
  return [
    {
      severity: 'note',
      code: 'OVERFLOW_WINDOWS',
      message: `File monitor held ${o.heldBack} changes over to a later scan in ${o.windows} overflowing windows (fs_events action 'overflow')`,
      evidence: o.list
        .slice(0, SAMPLE)
        .map(
          (w) =>
            `fs_events ${w.id} at ${w.timestamp ?? '?'} held ${w.heldBack} changes for ` +
            (w.heldFor
              ? `the scan that reported fs_events ${w.heldFor.id} (${w.heldFor.action} ${w.heldFor.path}) at ${w.heldFor.timestamp ?? '?'}`
              : 'a scan the ledger never recorded'),
        ),
    },
  ];
}

function toolFindings(db: Database.Database, t: ToolsSection): Finding[] {
  const out: Finding[] = [];
  if (t.orphanCalls > 0) {
    out.push({
      severity: 'warning',
      code: 'ORPHAN_TOOL_CALLS',
      message: `tool_calls without responses: ${t.orphanCalls}/${t.calls} (same call_id in the same trace; by call_id alone, as Capsem's check_session counts: ${t.orphanCallsByCallId})`,
      causes: [
        'the session ended before the next model call carried the tool result back (benign)',
        'the tool response was lost or recorded under another trace',
      ],
      evidence: orphanEvidence(db),
    });
  }
  if (t.orphanResponses > 0) {
    out.push({
      severity: 'warning',
      code: 'ORPHAN_TOOL_RESPONSES',
      message: `tool_responses without a call: ${t.orphanResponses}/${t.responses} name a call_id no tool_calls row has in the same trace`,
      causes: [
        'the model call that requested the tool was not parsed (its tool_calls rows are missing)',
        'the call was recorded under another trace',
      ],
    });
  }
  if (t.mcpWithoutLogicalCall > 0) {
    out.push({
      severity: 'warning',
      code: 'MCP_WITHOUT_LOGICAL_CALL',
      message: `${t.mcpWithoutLogicalCall} MCP tool invocations resolve to no logical tool call (a security finding: every MCP invocation should belong to a logical tool call)`,
      causes: [
        'a process in the VM invoked an MCP tool that no model turn requested',
        'the logical call was lost or recorded under another trace',
      ],
    });
  }
  return out;
}

function orphanEvidence(db: Database.Database): string[] {
  const hasModelCalls = hasTable(db, 'model_calls');
  const traced = hasModelCalls && columnsOf(db, 'model_calls').has('trace_id');
  return orphanCallSamples(db, SAMPLE).map((o) => {
    const row = `tool_calls ${o.id}${o.eventId ? ` (event_id ${o.eventId})` : ''}`;
    if (!hasModelCalls || o.modelCallId === null) return `${row} ${o.toolName ?? '?'} call_id ${o.callId}: not tied to a model call`;
    const later = traced
      ? scalarOrNull(db, 'SELECT MIN(id) FROM model_calls WHERE id > ? AND trace_id IS ?', o.modelCallId, o.traceId)
      : scalarOrNull(db, 'SELECT MIN(id) FROM model_calls WHERE id > ?', o.modelCallId);
    return later === null
      ? `${row} ${o.toolName ?? '?'} call_id ${o.callId}: no model call after model_calls ${o.modelCallId}${traced ? ' in its trace' : ''}: the session ended first`
      : `${row} ${o.toolName ?? '?'} call_id ${o.callId}: model_calls ${later} came later${traced ? ' in the same trace' : ''} yet carried no response: lost`;
  });
}

function providerFindings(db: Database.Database, p: ProvidersSection): Finding[] {
  const out: Finding[] = [];
  if (p.aiNetEvents > 0 && p.modelCalls === 0) {
    out.push({
      severity: 'warning',
      code: 'AI_TRAFFIC_WITHOUT_MODEL_CALLS',
      message: `Found ${p.aiNetEvents} AI-provider net_events but 0 model_calls -- stream parsing may have failed`,
      causes: ['the provider stream was not parsed into model_calls', 'the requests were denied or failed before a model answered'],
      evidence: aiRequestsNamed(db, 10),
    });
  }
  if (p.aiNetEventsBareDomain > 0) {
    out.push({
      severity: 'note',
      code: 'AI_BARE_DOMAINS',
      message: `${p.aiNetEventsBareDomain} net_events go to a bare provider domain (e.g. anthropic.com) that Capsem's check_session patterns (which require a subdomain) do not count`,
    });
  }
  const unknown = p.providers.filter((x) => !(KNOWN_PROVIDERS as readonly string[]).includes(x.provider.toLowerCase()));
  if (unknown.length > 0) {
    out.push({
      severity: 'note',
      code: 'UNKNOWN_PROVIDERS',
      message: `model_calls from providers whose traffic the correlation does not count: ${unknown.map((u) => `${u.provider || '(empty)'} (${u.count})`).join(', ')}`,
    });
  }
  return out;
}

function nullFindings(db: Database.Database, n: NullsSection): Finding[] {
  const out: Finding[] = [];
  const causes = [
    'the matching response was gzip-encoded and parsed undecoded',
    'the call was streaming and the parser missed the event carrying the model or usage',
  ];
  // Both samples' responses are matched in one pass over the provider traffic.
  const wheres = [...(n.model > 0 ? ['model IS NULL'] : []), ...(n.tokens > 0 ? ['input_tokens IS NULL AND output_tokens IS NULL'] : [])];
  const evidence = nullModelEvidence(db, wheres);
  if (n.model > 0) {
    out.push({ severity: 'warning', code: 'NULL_MODEL', message: `NULL model: ${n.model}/${n.total}`, causes, evidence: evidence[0]! });
  }
  if (n.tokens > 0) {
    out.push({
      severity: 'warning',
      code: 'NULL_TOKENS',
      message: `NULL tokens: ${n.tokens}/${n.total}`,
      causes,
      evidence: evidence[n.model > 0 ? 1 : 0]!,
    });
  }
  if (n.requestBodyPreview > 0) {
    out.push({
      severity: 'warning',
      code: 'NULL_REQUEST_PREVIEW',
      message: `NULL request_body_preview: ${n.requestBodyPreview}/${n.total}`,
    });
  }
  return out;
}

function costFindings(db: Database.Database): Finding[] {
  const models = zeroCostModels(db);
  if (models.length === 0) return [];
  const calls = models.reduce((s, m) => s + m.calls, 0);
  return [
    {
      severity: 'warning',
      code: 'ZERO_COST',
      message: `${calls} model_calls have tokens but zero estimated cost`,
      causes: ['the model is missing from the pricing data'],
      evidence: [`models missing from the pricing data: ${models.map((m) => `${m.model} (${m.calls})`).join(', ')}`],
    },
  ];
}

function noBodiesFindings(input: DiagnoseInput): Finding[] {
  const a = input.archive;
  const traffic = (input.tables.net_events ?? 0) + (input.tables.model_calls ?? 0);
  if (!a.indexed || a.bodies > 0 || traffic === 0) return [];
  return [
    {
      severity: 'note',
      code: 'NO_BODIES',
      message: `no bodies are archived although the ledger records ${traffic} network/model events`,
      causes: [
        'body_blocks is empty: the writer stored no bodies',
        'the index names bytes past the end of the archive, so the writer stopped storing bodies',
      ],
      evidence: [
        `body_blocks rows: ${a.blocks}`,
        a.archiveBytes === null ? 'no archive file' : `archive ${a.archiveBytes} bytes, blocks end at ${a.blocksEnd ?? 'n/a'}`,
      ],
    },
  ];
}

/** The check report (src/main/core/check) reduced to what the Integrity view draws, with links to the rows. */
import type { FindingLink, IntegrityReportView } from '../../../shared/contract.js';
import type { CheckReport, FindingCode } from '../check/types.js';
import { disjointCounts } from '../jobs/body-failure.js';
import { secretsFindings } from '../check/secrets-section.js';
import type { SecretsSection } from '../check/secrets-types.js';

function linkFor(code: FindingCode): FindingLink | null {
  switch (code) {
    case 'BODIES_FAILED':
    case 'VERIFY_INCOMPLETE':
      return { kind: 'failures' };
    case 'ARCHIVE_PROBLEM':
    case 'NO_BODIES':
    case 'BODIES_UNVERIFIED':
      return { kind: 'canned', queryId: 'archive-health' };
    case 'OVERFLOW_WINDOWS':
      return { kind: 'table', table: 'fs_events', filters: [{ column: 'action', op: 'eq', value: 'overflow' }] };
    case 'ORPHAN_TOOL_CALLS':
      return { kind: 'canned', queryId: 'orphan-tool-calls' };
    case 'ORPHAN_TOOL_RESPONSES':
      return { kind: 'table', table: 'tool_responses', filters: [] };
    case 'MCP_WITHOUT_LOGICAL_CALL':
      return { kind: 'canned', queryId: 'mcp-tool-usage' };
    case 'NULL_MODEL':
      return { kind: 'table', table: 'model_calls', filters: [{ column: 'model', op: 'null' }] };
    case 'NULL_TOKENS':
      return {
        kind: 'table',
        table: 'model_calls',
        filters: [
          { column: 'input_tokens', op: 'null' },
          { column: 'output_tokens', op: 'null' },
        ],
      };
    case 'NULL_REQUEST_PREVIEW':
      return { kind: 'table', table: 'model_calls', filters: [{ column: 'request_body_preview', op: 'null' }] };
    case 'ZERO_COST':
    case 'UNKNOWN_PROVIDERS':
      return { kind: 'canned', queryId: 'tokens-by-provider' };
    case 'AI_TRAFFIC_WITHOUT_MODEL_CALLS':
    case 'AI_BARE_DOMAINS':
      return { kind: 'table', table: 'net_events', filters: [{ column: 'domain', op: 'contains', value: 'anthropic.com' }] };
    case 'CREDENTIALS_SENT_ELSEWHERE':
    case 'CREDENTIALS_NOT_SUBSTITUTED':
    case 'CREDENTIALS_SEEN':
      return { kind: 'table', table: 'substitution_events', filters: [] };
    case 'PAGES_DAMAGED':
    case 'TABLES_MISSING':
    case 'PRE_ARCHIVE_LEDGER':
    case 'OLDER_A4_BUILD':
    case 'WAL_NOT_REPLAYED':
    case 'WAL_ONLY_ROWS':
      return null;
  }
}

export function toIntegrityView(r: CheckReport): IntegrityReportView {
  return {
    verdict: r.verdict,
    generation: r.generation,
    help: r.help,
    pages: { ok: r.pages.ok, messages: r.pages.messages },
    missingTables: r.missingTables,
    archive: {
      bodies: r.archive.bodies,
      blocks: r.archive.blocks,
      archiveBytes: r.archive.archiveBytes,
      blocksEnd: r.archive.blocksEnd,
      problems: r.archive.problems.map((p) => `${p.code}: ${p.message}`),
      // The report counts every body that did not verify as failed; the view splits off the unreadable ones.
      ...(r.archive.verified === null || r.archive.failed === null
        ? { verified: null, failed: null, unreadable: null }
        : disjointCounts({ verified: r.archive.verified, failed: r.archive.failed, unreadable: r.archive.unreadable ?? 0 })),
      failures: r.archive.failures.map((f) => ({
        eventId: f.eventId,
        sourceTable: f.sourceTable,
        direction: f.direction,
        code: f.code,
        message: f.message,
      })),
    },
    overflow: { windows: r.overflow.windows, heldBack: r.overflow.heldBack },
    tools: {
      calls: r.tools.calls,
      responses: r.tools.responses,
      orphanCalls: r.tools.orphanCalls,
      orphanResponses: r.tools.orphanResponses,
      mcpWithoutLogicalCall: r.tools.mcpWithoutLogicalCall,
    },
    providers: { aiNetEvents: r.providers.aiNetEvents, modelCalls: r.providers.modelCalls },
    findings: r.findings.map((f) => ({
      severity: f.severity,
      code: f.code,
      message: f.message,
      causes: f.causes ?? [],
      evidence: f.evidence ?? [],
      link: linkFor(f.code),
    })),
    walOnlyFrom: r.wal?.firstRowidOnlyInWal ?? {},
    completeness: r.completeness,
    ...(r.secrets ? { secrets: r.secrets } : {}),
  };
}

/**
 * The view with the report's credentials section and the findings it adds (`check --secrets`'s, the same code),
 * the "sent to a host that is not its provider" warning first among them.
 */
export function withSecretsView(view: IntegrityReportView, secrets: SecretsSection): IntegrityReportView {
  const added = secretsFindings(secrets).map((f) => ({
    severity: f.severity,
    code: f.code,
    message: f.message,
    causes: f.causes ?? [],
    evidence: f.evidence ?? [],
    link: linkFor(f.code),
  }));
  return { ...view, secrets, findings: [...added, ...view.findings] };
}

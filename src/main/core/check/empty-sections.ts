// Empty section values, for a report that stops at page damage and for sections whose tables are absent.
import type { ArchiveSection, NullsSection, OverflowSection, ProvidersSection, ToolsSection } from './types.js';

export const EMPTY_ARCHIVE: ArchiveSection = {
  indexed: false,
  storage: 'none',
  bodies: 0,
  blocks: 0,
  archivePath: null,
  archiveBytes: null,
  blocksEnd: null,
  committedEnd: null,
  fileVersion: null,
  problems: [],
  verified: null,
  failed: null,
  unreadable: null,
  failures: [],
  failuresOmitted: 0,
  verifyError: null,
};
export const EMPTY_OVERFLOW: OverflowSection = { windows: 0, heldBack: 0, list: [] };
export const EMPTY_TOOLS: ToolsSection = {
  calls: 0,
  responses: 0,
  orphanCalls: 0,
  orphanCallsByCallId: 0,
  orphanResponses: 0,
  mcpWithoutLogicalCall: 0,
  origins: [],
  usage: [],
};
export const EMPTY_PROVIDERS: ProvidersSection = { aiNetEvents: 0, aiNetEventsBareDomain: 0, modelCalls: 0, providers: [] };
export const EMPTY_NULLS: NullsSection = { model: 0, tokens: 0, requestBodyPreview: 0, total: 0 };

/**
 * Where we part from Capsem's check_session (docs/formats/session-check.md#where-the-inspector-differs), said in the
 * report itself.
 */
export const HELP_NOTES: readonly string[] = [
  "A tool_call is orphaned when no response with the same call_id is in the same trace (Capsem's check_session matches call_id only; its count is kept as orphanCallsByCallId).",
  "Orphaned tool_responses (no call) are checked; Capsem's check_session does not check them.",
  "Blocks end per generation: A1 at block_offset + 44 + comp_len, A2 and later at block_offset + disk_len; v3 archives are measured on the selected generation file and against archive_state.committed_end (Capsem's check_session measures the directory).",
  'Bodies are verified even when the index has problems: rows naming an unrecorded block or a missing archive count as failed, so verified + failed = bodies; problems and failures are both kept.',
  'A pre-archive (L0) ledger keeps its bodies in SQLite; Capsem\'s check_session calls it damaged ("No body index"), we report it intact and verify those bodies against body_hash.',
  "AI-provider correlation uses Capsem's check_session patterns (a subdomain of googleapis.com, anthropic.com or openai.com); bare domains and other providers are noted separately.",
  'An overflow window is held for the next non-overflow fs_events row after it (by id).',
];

// Words every saved transcript uses: the kind before a line's title (the title names only the thing, a host, a
// rule, a path, so the kind is said once, never "DNS DNS …"), and its findings summed up in its head.
import type { TranscriptBlock, TranscriptFindingKind, TranscriptLine } from '../../../../shared/contract/transcript.js';

const LABELS: Partial<Record<TranscriptLine['kind'], string>> = {
  model_call: 'model call',
  tool_call: 'tool call',
  tool_response: 'tool response',
  security_rule: 'security rule',
  security_decision: 'security decision',
  security_ask: 'security ask',
};

export const kindLabel = (kind: TranscriptLine['kind']): string => LABELS[kind] ?? kind;

/** `body_failed ×15, null_model ×1`, or `none`. */
export function findingsSentence(findings: Readonly<Partial<Record<TranscriptFindingKind, number>>>): string {
  const parts = Object.entries(findings)
    .filter(([, n]) => (n ?? 0) > 0)
    .map(([k, n]) => `${k} ×${(n ?? 0).toLocaleString('en-US')}`);
  return parts.length ? parts.join(', ') : 'none';
}

/** How an excerpt is marked: cut, with how much of the whole it shows when the ledger says, and where the rest is. */
export function cutNote(b: TranscriptBlock): string {
  const sizes =
    b.wholeBytes === undefined
      ? ''
      : ` to ${Buffer.byteLength(b.text, 'utf8').toLocaleString('en-US')} of ${b.wholeBytes.toLocaleString('en-US')} bytes`;
  const rest = b.wholeBody ? `; the whole is the verified ${b.wholeBody.sourceTable}/${b.wholeBody.direction} body` : '';
  return `cut${sizes}${rest}`;
}

/**
 * Chain verification from genesis (docs/formats/host-ledger.md#hash-chain, reliability LOG-1/LOG-2).
 * Every row is checked on its own two conditions, so every break is listed, not only the first:
 * a link break (stored prev_hash ≠ previous row's stored hash) and a hash break (stored hash ≠
 * hash recomputed from the row's own stored prev_hash and fields). Truncation of the tail leaves
 * no break; only an outside anchor (head hash or count) can show it.
 */
import type { AnchorFinding, ChainAnchor, ChainBreak, ChainReport, HostEventRow } from './types.js';
import type { ChainHasher } from './chain-hash.js';
import { GENESIS, bytesEqual, createChainHasher, toHex } from './chain-hash.js';

function recompute(row: HostEventRow, hasher: ChainHasher): Uint8Array | null {
  if (row.prevHash === null || row.timestampUnixMs === null) return null;
  return hasher(row.prevHash, { ...row, timestampUnixMs: row.timestampUnixMs });
}

function checkRow(row: HostEventRow, index: number, previousHash: Uint8Array | null, hasher: ChainHasher): ChainBreak[] {
  const breaks: ChainBreak[] = [];
  const at = `event ${index} (host_events id ${row.id})`;
  if (!bytesEqual(row.prevHash, previousHash)) {
    const what = index === 0 ? 'the genesis hash (32 zero bytes)' : `the hash of event ${index - 1}`;
    breaks.push({
      index,
      id: row.id,
      kind: 'link',
      expected: toHex(previousHash),
      found: toHex(row.prevHash),
      message: `host event chain is broken at ${at}: prev_hash is not ${what}`,
    });
  }
  const expected = recompute(row, hasher);
  if (expected === null || !bytesEqual(row.hash, expected)) {
    const why =
      expected === null
        ? `its ${row.prevHash === null ? 'prev_hash is NULL' : 'timestamp_unix_ms is not an integer'}, so its hash cannot be recomputed`
        : 'its stored hash differs from the hash of its own fields';
    breaks.push({
      index,
      id: row.id,
      kind: 'hash',
      expected: expected === null ? null : toHex(expected),
      found: toHex(row.hash),
      message: `host event chain is broken at ${at}: ${why}`,
    });
  }
  return breaks;
}

function checkAnchor(rows: readonly HostEventRow[], anchor: ChainAnchor): AnchorFinding[] {
  const findings: AnchorFinding[] = [];
  const count = rows.length;
  if (anchor.expectCount !== undefined && count < anchor.expectCount) {
    findings.push({
      kind: 'count-mismatch',
      expected: String(anchor.expectCount),
      found: String(count),
      message: `the anchor records ${anchor.expectCount} events but host_events holds ${count}: ${anchor.expectCount - count} event(s) are missing (tail truncated or rows deleted)`,
    });
  }
  if (anchor.expectHead !== undefined) {
    const want = anchor.expectHead.toLowerCase();
    const at = rows.findIndex((r) => toHex(r.hash) === want);
    const wantAt = anchor.expectCount !== undefined ? anchor.expectCount - 1 : null;
    if (at < 0) {
      findings.push({
        kind: 'head-mismatch',
        expected: want,
        found: toHex(rows[count - 1]?.hash ?? null),
        message: `no event carries the anchored head hash ${want}: the events it covered were truncated or rewritten`,
      });
    } else if (wantAt !== null && at !== wantAt) {
      findings.push({
        kind: 'head-mismatch',
        expected: `event ${wantAt}`,
        found: `event ${at}`,
        message: `the anchored head hash is event ${at}, but the anchor's count puts it at event ${wantAt}`,
      });
    }
  }
  return findings;
}

function summarize(
  events: number,
  breaks: readonly ChainBreak[],
  intactPrefix: number,
  anchor: ChainAnchor | null,
  findings: readonly AnchorFinding[],
): string {
  const parts: string[] = [];
  if (breaks.length === 0) parts.push(`All ${events} events chain from genesis.`);
  else
    parts.push(
      `The chain is broken at ${new Set(breaks.map((b) => b.index)).size} event(s); intact up to event ${intactPrefix} (the first ${intactPrefix} events).`,
    );
  if (anchor === null)
    parts.push('Whether events were removed from the end cannot be shown without an outside anchor (a recorded head hash or event count).');
  else if (findings.length === 0) parts.push('The outside anchor matches: no events are missing from the end it covers.');
  else parts.push(`The outside anchor does not match: ${findings.map((f) => f.message).join('; ')}.`);
  return parts.join(' ');
}

/** Verifies rows given in id order. `hasher` may be passed to avoid re-instantiating BLAKE3 in loops. */
export async function verifyChain(
  rows: readonly HostEventRow[],
  anchor: ChainAnchor | null = null,
  hasher?: ChainHasher,
): Promise<ChainReport> {
  const hash = hasher ?? (await createChainHasher());
  const breaks: ChainBreak[] = [];
  let previous: Uint8Array | null = GENESIS;
  rows.forEach((row, index) => {
    breaks.push(...checkRow(row, index, previous, hash));
    previous = row.hash;
  });
  const intactPrefix = breaks[0]?.index ?? rows.length;
  const anchorFindings = anchor ? checkAnchor(rows, anchor) : [];
  return {
    events: rows.length,
    intact: breaks.length === 0 && anchorFindings.length === 0,
    breaks,
    intactPrefix,
    head: rows.length > 0 ? toHex(rows[rows.length - 1]!.hash) : null,
    anchor,
    anchorFindings,
    tail: anchor ? 'anchored' : 'unverifiable',
    summary: summarize(rows.length, breaks, intactPrefix, anchor, anchorFindings),
  };
}

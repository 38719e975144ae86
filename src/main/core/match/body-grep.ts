// Searches verified bodies and hands the matches on in batches. It is called by verification for each body that
// verified (verify-blocks' onVerified), so a body is searched only after its segment hashes and its own hash held:
// a body that fails is never searched (it is reported as a failure by verification itself).
//
// Naming a row (event_id, source_table, direction) costs a SQLite read, so it is done only for a body that matched,
// or for every body when the search is limited to one table or direction.
import type { BlockRow, BodyKey } from '../../../shared/ledger-types.js';
import { BlockHits } from './block-hits.js';
import type { ByteMatcher, MatchVisitor } from './byte-matcher.js';
import { compileMatcher } from './byte-matcher.js';
import { matchContext } from './match-context.js';
import type { GrepMatch, GrepSpec } from './grep-types.js';

/** Matches are handed on when this many wait, and when the caller flushes (at its progress cadence and at the end). */
const BATCH = 256;

export class BodyGrep {
  private readonly matcher: ByteMatcher;
  /** Fixed bytes: each block scanned once, its bodies given their occurrences (block-hits.ts). */
  private readonly blockHits: BlockHits | null;
  private pending: GrepMatch[] = [];
  /** Bodies with more matches than maxPerBody (the rest of their matches are not listed). */
  cappedBodies = 0;

  constructor(
    private readonly spec: GrepSpec,
    private readonly post: (matches: GrepMatch[]) => void,
  ) {
    this.matcher = compileMatcher(spec.pattern);
    this.blockHits = this.matcher.needle ? new BlockHits(Buffer.from(this.matcher.needle)) : null;
  }

  /**
   * Searches the verified body at raw[start, start + len) of `block`'s decoded bytes; `verifiedEnd` (at least the
   * body's end) is how far raw is verified, so that a fixed string is looked for in all of it at once, not body by body.
   */
  searchInBlock(raw: Uint8Array, start: number, len: number, block: BlockRow, name: () => BodyKey | null, verifiedEnd = start + len): void {
    const hits = this.blockHits?.inBody(raw, start, len, block.blockOffset, verifiedEnd) ?? null;
    // Most bodies hold no match: for them nothing is made, not even a view of their bytes.
    if (hits !== null && hits.length === 0) return;
    const body = raw.subarray(start, start + len);
    if (hits === null) return this.search(body, name);
    const n = this.matcher.needle!.length;
    this.report(body, name, (visit) => {
      for (const at of hits) if (!visit(at, n)) return;
    });
  }

  /** Searches one verified body; `name` gives its key (null: the row is gone, and nothing is reported for it). */
  search(bytes: Uint8Array, name: () => BodyKey | null): void {
    this.report(bytes, name, (visit) => this.matcher.scan(bytes, visit));
  }

  /** Lists the matches `find` visits in `bytes`, naming the body only once one is found (or first, when filtered). */
  private report(bytes: Uint8Array, name: () => BodyKey | null, find: (visit: MatchVisitor) => void): void {
    const filtered = this.spec.table !== null || this.spec.direction !== null;
    let key: BodyKey | null | undefined = filtered ? name() : undefined;
    if (filtered && (!key || !this.wanted(key))) return;
    let listed = 0;
    find((offset, length, pattern, cut) => {
      if (listed >= this.spec.maxPerBody) {
        this.cappedBodies += 1;
        return false;
      }
      if (key === undefined) key = name();
      if (!key) return false;
      listed += 1;
      this.pending.push({
        eventId: key.eventId,
        source: { kind: 'body', sourceTable: key.sourceTable, direction: key.direction },
        offset,
        length,
        ...matchContext(bytes, offset, length, this.spec.contextBytes),
        ...(pattern ? { pattern } : {}),
        ...(cut ? { cut: true as const } : {}),
      });
      if (this.pending.length >= BATCH) this.flush();
      return true;
    });
  }

  flush(): void {
    if (this.pending.length === 0) return;
    const out = this.pending;
    this.pending = [];
    this.post(out);
  }

  private wanted(key: BodyKey): boolean {
    return (
      (this.spec.table === null || key.sourceTable === this.spec.table) &&
      (this.spec.direction === null || key.direction === this.spec.direction)
    );
  }
}

// Searches verified bodies and hands the matches on in batches. It is called by verification for each body that
// verified (verify-blocks' onVerified), so a body is searched only after its segment hashes and its own hash held:
// a body that fails is never searched (it is reported as a failure by verification itself).
//
// Naming a row (event_id, source_table, direction) costs a SQLite read, so it is done only for a body that matched,
// or for every body when the search is limited to one table or direction.
//
// A spec may carry several patterns (a hunt's byte indicators): each is searched in the body in turn, the body named
// at most once and read as latin1 at most once for all of them, and each of their matches names its pattern.
import type { BlockRow, BodyKey } from '../../../shared/ledger-types.js';
import { BlockHits } from './block-hits.js';
import type { ByteMatcher, MatchVisitor } from './byte-matcher.js';
import { compileMatcher, latin1 } from './byte-matcher.js';
import { matchContext } from './match-context.js';
import type { GrepMatch, GrepSpec } from './grep-types.js';

/** Matches are handed on when this many wait, and when the caller flushes (at its progress cadence and at the end). */
const BATCH = 256;

/** One of the spec's patterns, compiled. */
interface PatternSearch {
  readonly index: number;
  readonly matcher: ByteMatcher;
  /** Fixed bytes: each block scanned once, its bodies given their occurrences (block-hits.ts). */
  readonly blockHits: BlockHits | null;
}

/** The body being searched: its name and its latin1 reading are made once, and only when a pattern needs them. */
class BodyAtHand {
  private named: BodyKey | null | undefined;
  private text: string | undefined;

  constructor(
    readonly bytes: Uint8Array,
    private readonly name: () => BodyKey | null,
  ) {}

  key(): BodyKey | null {
    if (this.named === undefined) this.named = this.name();
    return this.named;
  }

  latin1(): string {
    return (this.text ??= latin1(this.bytes));
  }
}

export class BodyGrep {
  private readonly searches: readonly PatternSearch[];
  /** Several patterns: each match says which found it. */
  private readonly tagged: boolean;
  private pending: GrepMatch[] = [];
  /** Bodies (per pattern) with more matches than maxPerBody (the rest of their matches are not listed). */
  cappedBodies = 0;

  constructor(
    private readonly spec: GrepSpec,
    private readonly post: (matches: GrepMatch[]) => void,
  ) {
    this.searches = spec.patterns.map((pattern, index) => {
      const matcher = compileMatcher(pattern);
      return { index, matcher, blockHits: matcher.needle ? new BlockHits(Buffer.from(matcher.needle)) : null };
    });
    this.tagged = spec.patterns.length > 1;
  }

  /**
   * Searches the verified body at raw[start, start + len) of `block`'s decoded bytes; `verifiedEnd` (at least the
   * body's end) is how far raw is verified, so that a fixed string is looked for in all of it at once, not body by body.
   */
  searchInBlock(raw: Uint8Array, start: number, len: number, block: BlockRow, name: () => BodyKey | null, verifiedEnd = start + len): void {
    // Most bodies hold no match: for them nothing is made, not even a view of their bytes.
    let body: BodyAtHand | undefined;
    for (const s of this.searches) {
      const hits = s.blockHits?.inBody(raw, start, len, block.blockOffset, verifiedEnd) ?? null;
      if (hits !== null && hits.length === 0) continue;
      body ??= new BodyAtHand(raw.subarray(start, start + len), name);
      if (hits === null) {
        this.scan(s, body);
        continue;
      }
      const n = s.matcher.needle!.length;
      this.report(s, body, (visit) => {
        for (const at of hits) if (!visit(at, n)) return;
      });
    }
  }

  /** Searches one verified body; `name` gives its key (null: the row is gone, and nothing is reported for it). */
  search(bytes: Uint8Array, name: () => BodyKey | null): void {
    const body = new BodyAtHand(bytes, name);
    for (const s of this.searches) this.scan(s, body);
  }

  private scan(s: PatternSearch, body: BodyAtHand): void {
    if (body.bytes.length === 0) return;
    const { matcher } = s;
    this.report(s, body, (visit) => (matcher.scanLatin1 ? matcher.scanLatin1(body.latin1(), visit) : matcher.scan(body.bytes, visit)));
  }

  /** Lists the matches `find` visits in the body, naming it only once one is found (or first, when filtered). */
  private report(s: PatternSearch, body: BodyAtHand, find: (visit: MatchVisitor) => void): void {
    if (this.spec.table !== null || this.spec.direction !== null) {
      const key = body.key();
      if (!key || !this.wanted(key)) return;
    }
    const { bytes } = body;
    let listed = 0;
    find((offset, length, pattern, cut) => {
      if (listed >= this.spec.maxPerBody) {
        this.cappedBodies += 1;
        return false;
      }
      const key = body.key();
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
        ...(this.tagged ? { patternIndex: s.index } : {}),
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

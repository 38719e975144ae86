// One hostile search in a child process of its own, so that its peak memory (maxRSS) is its own: builds the body,
// compiles the pattern as `grep` does and scans once. Prints one JSON line: matches, ms and maxRSS, or the refusal.
import { compileMatcher } from '../../../src/main/core/match/byte-matcher.js';
import { enableLinearRegExp } from '../../../src/main/core/match/linear-regexp.js';
import type { GrepPattern } from '../../../src/main/core/match/grep-types.js';
import { InspectorError } from '../../../src/shared/errors.js';
import { hostileBody, type RegexCase } from './regex-cases.js';

const c = JSON.parse(process.argv[2]!) as RegexCase;
enableLinearRegExp();
const body = hostileBody(c.body);
try {
  const pattern: GrepPattern =
    c.pattern.kind === 'secrets' ? { kind: 'secrets' } : { kind: 'regex', source: c.pattern.source, ignoreCase: c.pattern.ignoreCase };
  const matcher = compileMatcher(pattern);
  const started = performance.now();
  let matches = 0;
  matcher.scan(body, () => (matches++, true));
  const ms = Math.round(performance.now() - started);
  process.stdout.write(`${JSON.stringify({ matches, ms, maxRssMiB: Math.round(process.resourceUsage().maxRSS / 1024) })}\n`);
} catch (e) {
  if (!(e instanceof InspectorError)) throw e;
  process.stdout.write(`${JSON.stringify({ refused: e.code, message: e.message })}\n`);
}

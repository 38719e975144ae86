// The hostile searches of issue 35, as data: each body is built in the child that scans it (a 10 MiB body is not
// worth passing through argv), each pattern as `grep -E`, `grep -E -i` or `grep --secrets` gives it.

export interface RegexCase {
  readonly name: string;
  readonly body: { readonly fill: 'a' | 'base64'; readonly bytes: number };
  readonly pattern: { readonly kind: 'secrets' } | { readonly kind: 'regex'; readonly source: string; readonly ignoreCase: boolean };
  /** 'bounded': runs within the memory bound; 'refused': BAD_PATTERN, by name. */
  readonly expect: 'bounded' | 'refused';
}

const MiB = 1024 * 1024;
const regex = (source: string, ignoreCase = false) => ({ kind: 'regex' as const, source, ignoreCase });

export const REGEX_CASES: readonly RegexCase[] = [
  {
    name: 'grep --secrets, one 10 MiB base64 body',
    body: { fill: 'base64', bytes: 10 * MiB },
    pattern: { kind: 'secrets' },
    expect: 'bounded',
  },
  { name: 'grep --secrets, 512 KiB of a', body: { fill: 'a', bytes: 512 * 1024 }, pattern: { kind: 'secrets' }, expect: 'bounded' },
  {
    name: "grep -E '[a-z]{1,64}:', 2.5 MiB of a",
    body: { fill: 'a', bytes: 2.5 * MiB },
    pattern: regex('[a-z]{1,64}:'),
    expect: 'bounded',
  },
  { name: "grep -E '(a+)+b', 1 MiB of a", body: { fill: 'a', bytes: MiB }, pattern: regex('(a+)+b'), expect: 'bounded' },
  { name: "grep -E -i '(a+)+b', 40 a", body: { fill: 'a', bytes: 40 }, pattern: regex('(a+)+b', true), expect: 'bounded' },
  { name: "grep -E -i '(a+)+b', 1 MiB of a", body: { fill: 'a', bytes: MiB }, pattern: regex('(a+)+b', true), expect: 'bounded' },
  { name: "grep -E 'a{10000}b', 64 KiB of a", body: { fill: 'a', bytes: 64 * 1024 }, pattern: regex('a{10000}b'), expect: 'refused' },
  { name: 'a 100 KB pattern', body: { fill: 'a', bytes: 1024 }, pattern: regex('a'.repeat(100_000)), expect: 'refused' },
  // 4,001 characters: taken, and runs; nested deeper, a pattern is past the length a search pattern may have.
  { name: '2,000 nested groups', body: { fill: 'a', bytes: 1024 }, pattern: regex(nested(2000)), expect: 'bounded' },
  { name: '50,000 nested groups', body: { fill: 'a', bytes: 1024 }, pattern: regex(nested(50_000)), expect: 'refused' },
];

function nested(depth: number): string {
  return `${'('.repeat(depth)}a${')'.repeat(depth)}`;
}

/** The body a case names: a run of `a`, or base64 characters from a fixed sequence (no key prefix anywhere). */
export function hostileBody(b: RegexCase['body']): Uint8Array {
  const out = new Uint8Array(b.bytes);
  if (b.fill === 'a') return out.fill(0x61);
  const alphabet = Buffer.from('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/');
  let x = 0x9e3779b9;
  for (let i = 0; i < out.length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = alphabet[(x >>> 0) & 63]!;
  }
  return out;
}

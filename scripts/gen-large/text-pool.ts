// Fast realistic text: a few MiB of word soup made once from the seed, then sliced at random offsets. Slices of
// a large pool rarely repeat inside one 1 MiB block, so compression reflects word-level redundancy (about what
// prose, JSON and logs give), not copies. Incompressible bytes come straight from a seeded generator.
import type { Prng } from '../../test/fixtures/writer/prng.js';

const WORDS = (
  'the a of to and in is for on with that this it as be are from by at or an was file function return const ' +
  'value error request response model token stream message content tool call result data path line code test build run ' +
  'user assistant system json text type index delta event block stop reason usage input output config module import ' +
  'package install failed passed warning cache network ledger archive session trace turn compile src lib dist node ' +
  'python cargo rust typescript react render component state props hook effect query table column schema migrate'
).split(' ');

export class TextPool {
  private readonly pool: string;
  constructor(
    private readonly prng: Prng,
    chars = 4 * 1024 * 1024,
  ) {
    const parts: string[] = [];
    let n = 0;
    while (n < chars) {
      let w = WORDS[Math.floor(prng.next() * WORDS.length)]!;
      const r = prng.next();
      if (r < 0.06) w += '.';
      else if (r < 0.09) w += ',';
      else if (r < 0.1) w = `${w}_${Math.floor(prng.next() * 1000)}`;
      parts.push(w);
      n += w.length + 1;
    }
    this.pool = parts.join(' ');
  }

  /** About `chars` characters of prose (starts and ends on a word boundary when it can). */
  prose(chars: number): string {
    const n = Math.max(1, Math.min(chars, this.pool.length - 1));
    const at = Math.floor(this.prng.next() * (this.pool.length - n));
    const start = this.pool.indexOf(' ', at);
    const from = start < 0 || start + n > this.pool.length ? at : start + 1;
    return this.pool.slice(from, from + n);
  }

  /** Lines of tool output (compiler, test runner, ls): numbered, prefixed, newline-separated. */
  lines(bytes: number, prefix: string): string {
    const out: string[] = [];
    let size = 0;
    let i = 0;
    while (size < bytes) {
      const l = `${prefix} ${String(i++).padStart(5, '0')} ${this.prose(20 + Math.floor(this.prng.next() * 90))}`;
      out.push(l);
      size += l.length + 1;
    }
    return `${out.join('\n')}\n`;
  }

  /** Seeded random bytes: what a downloaded image or tarball looks like to a compressor. */
  randomBytes(n: number): Uint8Array {
    const words = new Uint32Array(Math.ceil(n / 4));
    let x = (this.prng.next() * 0xffffffff) >>> 0 || 1;
    for (let i = 0; i < words.length; i++) {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      words[i] = x >>> 0;
    }
    return new Uint8Array(words.buffer, 0, n);
  }
}

// Realistic body bytes for benchmarks: model-request JSON, SSE streams as providers send them, tool output,
// and a share of incompressible bytes (images, archives). Deterministic from a seed.
const WORDS = (
  'the a of to and in is for on with that this it as be are from by at or an was file function return ' +
  'const value error request response model token stream message content tool call result data path line code test ' +
  'build run user assistant system json text type index delta event block stop reason usage input output'
).split(' ');

export class BenchPrng {
  private s: number;
  constructor(seed: number) {
    this.s = seed >>> 0 || 1;
  }
  next(): number {
    // xorshift32: fast and good enough to vary text.
    let x = this.s;
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    this.s = x >>> 0;
    return this.s;
  }
  int(lo: number, hi: number): number {
    return lo + (this.next() % (hi - lo + 1));
  }
  word(): string {
    return WORDS[this.next() % WORDS.length]!;
  }
}

function sentence(p: BenchPrng, words: number): string {
  const out: string[] = [];
  for (let i = 0; i < words; i++) out.push(p.word());
  return out.join(' ');
}

function requestJson(p: BenchPrng, target: number): string {
  const messages: string[] = [];
  let size = 0;
  while (size < target) {
    const m = JSON.stringify({ role: p.next() % 2 ? 'user' : 'assistant', content: sentence(p, p.int(20, 200)) });
    messages.push(m);
    size += m.length;
  }
  return `{"model":"claude-sonnet-4","max_tokens":8192,"stream":true,"messages":[${messages.join(',')}]}`;
}

function sseStream(p: BenchPrng, target: number): string {
  const parts: string[] = ['event: message_start\ndata: {"type":"message_start","message":{"id":"msg_01","model":"claude-sonnet-4"}}\n\n'];
  let size = parts[0]!.length;
  let i = 0;
  while (size < target) {
    const chunk = `event: content_block_delta\ndata: {"type":"content_block_delta","index":${i++},"delta":{"type":"text_delta","text":${JSON.stringify(sentence(p, p.int(3, 14)))}}}\n\n`;
    parts.push(chunk);
    size += chunk.length;
  }
  parts.push('event: message_stop\ndata: {"type":"message_stop"}\n\n');
  return parts.join('');
}

function toolOutput(p: BenchPrng, target: number): string {
  const lines: string[] = [];
  let size = 0;
  while (size < target) {
    const l = `${p.int(1, 9999).toString().padStart(5)}: ${sentence(p, p.int(4, 16))}`;
    lines.push(l);
    size += l.length + 1;
  }
  return lines.join('\n');
}

const enc = new TextEncoder();

/** One body of about `target` bytes; every tenth body is random (incompressible). */
export function benchBody(p: BenchPrng, index: number, target: number): Uint8Array {
  switch (index % 10) {
    case 0: {
      const out = new Uint8Array(target);
      for (let i = 0; i < target; i += 4) {
        const v = p.next();
        out[i] = v & 0xff;
        out[i + 1] = (v >>> 8) & 0xff;
        out[i + 2] = (v >>> 16) & 0xff;
        out[i + 3] = v >>> 24;
      }
      return out;
    }
    case 1:
    case 2:
    case 3:
      return enc.encode(requestJson(p, target));
    case 4:
    case 5:
    case 6:
      return enc.encode(sseStream(p, target));
    default:
      return enc.encode(toolOutput(p, target));
  }
}

/**
 * MessagePack shown as indented text, decoded by a small iterative reader: every length is checked against the
 * bytes present, 64-bit integers print exactly, maps keep duplicate keys in order, binary and ext values show as
 * hex. Nothing is turned into JavaScript objects, so hostile keys have nowhere to go.
 */
export interface MsgpackResult {
  readonly lines: string[];
  /** Per line: the byte offset of the value (or key) it shows, so a byte match can be found among the lines. */
  readonly offsets: number[];
  readonly problem: string | null;
}

const MAX_INDENT = 32;
const MAX_BIN_HEX = 64;

class Reader {
  pos = 0;
  readonly view: DataView;
  constructor(readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
  need(n: number): void {
    if (this.pos + n > this.bytes.length)
      throw new Error(`needs ${n} more bytes at offset ${this.pos}, ${this.bytes.length - this.pos} left`);
  }
  u8(): number {
    this.need(1);
    return this.bytes[this.pos++]!;
  }
  u16(): number {
    this.need(2);
    const v = this.view.getUint16(this.pos);
    this.pos += 2;
    return v;
  }
  u32(): number {
    this.need(4);
    const v = this.view.getUint32(this.pos);
    this.pos += 4;
    return v;
  }
  take(n: number): Uint8Array {
    this.need(n);
    const s = this.bytes.subarray(this.pos, this.pos + n);
    this.pos += n;
    return s;
  }
}

type Head = { kind: 'scalar'; text: string } | { kind: 'array' | 'map'; count: number };

const hex = (b: Uint8Array): string =>
  Array.from(b.subarray(0, MAX_BIN_HEX), (x) => x.toString(16).padStart(2, '0')).join('') + (b.length > MAX_BIN_HEX ? '…' : '');
const utf8 = new TextDecoder('utf-8', { fatal: false });

function readHead(r: Reader): Head {
  const b = r.u8();
  const s = (text: string): Head => ({ kind: 'scalar', text });
  if (b <= 0x7f) return s(String(b));
  if (b >= 0xe0) return s(String(b - 256));
  if ((b & 0xf0) === 0x80) return { kind: 'map', count: b & 0x0f };
  if ((b & 0xf0) === 0x90) return { kind: 'array', count: b & 0x0f };
  if ((b & 0xe0) === 0xa0) return s(JSON.stringify(utf8.decode(r.take(b & 0x1f))));
  const v = r.view;
  switch (b) {
    case 0xc0:
      return s('nil');
    case 0xc2:
      return s('false');
    case 0xc3:
      return s('true');
    case 0xc4:
      return s(`<bin ${hexLen(r, r.u8())}>`);
    case 0xc5:
      return s(`<bin ${hexLen(r, r.u16())}>`);
    case 0xc6:
      return s(`<bin ${hexLen(r, r.u32())}>`);
    case 0xc7: {
      const n = r.u8();
      const t = v.getInt8((r.need(1), r.pos++));
      return s(`<ext ${t} ${hexLen(r, n)}>`);
    }
    case 0xc8: {
      const n = r.u16();
      const t = v.getInt8((r.need(1), r.pos++));
      return s(`<ext ${t} ${hexLen(r, n)}>`);
    }
    case 0xc9: {
      const n = r.u32();
      const t = v.getInt8((r.need(1), r.pos++));
      return s(`<ext ${t} ${hexLen(r, n)}>`);
    }
    case 0xca: {
      r.need(4);
      const x = v.getFloat32(r.pos);
      r.pos += 4;
      return s(String(x));
    }
    case 0xcb: {
      r.need(8);
      const x = v.getFloat64(r.pos);
      r.pos += 8;
      return s(String(x));
    }
    case 0xcc:
      return s(String(r.u8()));
    case 0xcd:
      return s(String(r.u16()));
    case 0xce:
      return s(String(r.u32()));
    case 0xcf: {
      r.need(8);
      const x = v.getBigUint64(r.pos);
      r.pos += 8;
      return s(x.toString());
    }
    case 0xd0: {
      r.need(1);
      const x = v.getInt8(r.pos);
      r.pos += 1;
      return s(String(x));
    }
    case 0xd1: {
      r.need(2);
      const x = v.getInt16(r.pos);
      r.pos += 2;
      return s(String(x));
    }
    case 0xd2: {
      r.need(4);
      const x = v.getInt32(r.pos);
      r.pos += 4;
      return s(String(x));
    }
    case 0xd3: {
      r.need(8);
      const x = v.getBigInt64(r.pos);
      r.pos += 8;
      return s(x.toString());
    }
    case 0xd4:
    case 0xd5:
    case 0xd6:
    case 0xd7:
    case 0xd8: {
      const n = 1 << (b - 0xd4);
      r.need(1);
      const t = v.getInt8(r.pos++);
      return s(`<ext ${t} ${hexLen(r, n)}>`);
    }
    case 0xd9:
      return s(JSON.stringify(utf8.decode(r.take(r.u8()))));
    case 0xda:
      return s(JSON.stringify(utf8.decode(r.take(r.u16()))));
    case 0xdb:
      return s(JSON.stringify(utf8.decode(r.take(r.u32()))));
    case 0xdc:
      return { kind: 'array', count: r.u16() };
    case 0xdd:
      return { kind: 'array', count: r.u32() };
    case 0xde:
      return { kind: 'map', count: r.u16() };
    case 0xdf:
      return { kind: 'map', count: r.u32() };
    default:
      throw new Error(`byte 0x${b.toString(16)} at offset ${r.pos - 1} is not MessagePack`);
  }
}

function hexLen(r: Reader, n: number): string {
  return `${n} bytes: ${hex(r.take(n))}`;
}

interface Frame {
  readonly kind: 'array' | 'map';
  remaining: number;
  /** For maps: true when the next value read is a key. */
  keyNext: boolean;
}

export function msgpackLines(bytes: Uint8Array): MsgpackResult {
  const r = new Reader(bytes);
  const lines: string[] = [];
  const offsets: number[] = [];
  const stack: Frame[] = [];
  let pendingKey: string | null = null;
  let keyStart = -1;
  let start = 0;
  let problem: string | null = null;
  const pad = (): string => (stack.length <= MAX_INDENT ? '  '.repeat(stack.length) : `${'  '.repeat(MAX_INDENT)}⟨depth ${stack.length}⟩ `);
  const emit = (text: string): void => {
    lines.push(`${pad()}${pendingKey !== null ? `${pendingKey}: ` : ''}${text}`);
    offsets.push(pendingKey !== null && keyStart >= 0 ? keyStart : start);
    pendingKey = null;
    keyStart = -1;
  };
  try {
    let roots = 0;
    while (r.pos < bytes.length || stack.length) {
      const top = stack[stack.length - 1];
      if (top && top.remaining === 0) {
        stack.pop();
        lines.push(`${pad()}${top.kind === 'map' ? '}' : ']'}`);
        offsets.push(r.pos);
        continue;
      }
      if (!top && roots > 0) {
        lines.push('── next value ──');
        offsets.push(r.pos);
      }
      if (!top) roots++;
      start = r.pos;
      const head = readHead(r);
      if (top && top.kind === 'map' && top.keyNext) {
        // A key: a scalar is printed inline before its value; a container key is printed as a block.
        top.keyNext = false;
        keyStart = start;
        if (head.kind === 'scalar') {
          pendingKey = head.text;
          continue;
        }
        pendingKey = '⟨key⟩';
      } else if (top) {
        top.remaining--;
        if (top.kind === 'map') top.keyNext = true;
      }
      if (head.kind === 'scalar') emit(head.text);
      else {
        emit(head.kind === 'map' ? `{  (${head.count} entries)` : `[  (${head.count} items)`);
        // A count can claim more entries than bytes exist; the reader fails at the first missing byte.
        stack.push({ kind: head.kind, remaining: head.count, keyNext: head.kind === 'map' });
      }
      if (lines.length > 2_000_000) throw new Error('more than 2,000,000 lines; stopped');
    }
    if (roots > 1) problem = `${roots} top-level values: this body is probably not MessagePack`;
  } catch (e) {
    problem = e instanceof Error ? e.message : String(e);
  }
  return { lines, offsets, problem };
}

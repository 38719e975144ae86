// IPv4 and IPv6 addresses and CIDR ranges as numbers, so that "is this address in 10.0.0.0/8" is arithmetic rather
// than text. An IPv4-mapped IPv6 address (::ffff:10.1.2.3) is taken as the IPv4 address it carries, so a v4 range
// meets it; a zone (%eth0) is dropped.

export interface IpAddress {
  readonly family: 4 | 6;
  readonly value: bigint;
}

export interface IpRange {
  readonly family: 4 | 6;
  /** The range's first address (host bits cleared). */
  readonly network: bigint;
  readonly prefix: number;
}

const widthOf = (family: 4 | 6): number => (family === 4 ? 32 : 128);

function parseV4(text: string): bigint | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  let value = 0n;
  for (const p of parts) {
    // No leading zeros: "010" is octal to some tools and decimal to others.
    if (!/^(0|[1-9]\d{0,2})$/.test(p) || Number(p) > 255) return null;
    value = (value << 8n) | BigInt(p);
  }
  return value;
}

function parseGroups(text: string): bigint[] | null {
  if (text === '') return [];
  const groups: bigint[] = [];
  for (const g of text.split(':')) {
    if (!/^[0-9a-fA-F]{1,4}$/.test(g)) return null;
    groups.push(BigInt(`0x${g}`));
  }
  return groups;
}

function parseV6(text: string): bigint | null {
  let body = text;
  let tail: bigint[] = [];
  const lastColon = text.lastIndexOf(':');
  if (text.slice(lastColon + 1).includes('.')) {
    // An IPv4 tail stands for the last two groups.
    const v4 = parseV4(text.slice(lastColon + 1));
    if (v4 === null) return null;
    tail = [v4 >> 16n, v4 & 0xffffn];
    body = text.slice(0, lastColon + 1);
    if (!body.endsWith('::')) body = body.slice(0, -1);
  }
  const halves = body.split('::');
  if (halves.length > 2) return null;
  const head = parseGroups(halves[0]!);
  const rest = halves.length === 2 ? parseGroups(halves[1]!) : [];
  if (head === null || rest === null) return null;
  const given = head.length + rest.length + tail.length;
  if (halves.length === 1 ? given !== 8 : given > 7) return null;
  const groups = [...head, ...Array<bigint>(8 - given).fill(0n), ...rest, ...tail];
  return groups.reduce((v, g) => (v << 16n) | g, 0n);
}

/** The address in `text` (IPv4 dotted quad or IPv6), or null when it is not one. */
export function parseIp(text: string): IpAddress | null {
  const bare = text.replace(/%[^%]*$/, '');
  if (!bare.includes(':')) {
    const v4 = parseV4(bare);
    return v4 === null ? null : { family: 4, value: v4 };
  }
  const v6 = parseV6(bare);
  if (v6 === null) return null;
  // ::ffff:a.b.c.d carries an IPv4 address.
  if (v6 >> 32n === 0xffffn) return { family: 4, value: v6 & 0xffffffffn };
  return { family: 6, value: v6 };
}

/** `A` (one address) or `A/N`, or null when either part is not valid. */
export function parseIpRange(text: string): IpRange | null {
  const slash = text.indexOf('/');
  const address = parseIp(slash < 0 ? text : text.slice(0, slash));
  if (!address) return null;
  const width = widthOf(address.family);
  let prefix = width;
  if (slash >= 0) {
    const digits = text.slice(slash + 1);
    if (!/^\d{1,3}$/.test(digits)) return null;
    // A mapped v4 address was given in v6 notation: its prefix counts from the v6 width.
    const given = Number(digits) - (text.slice(0, slash).includes(':') && address.family === 4 ? 96 : 0);
    if (given < 0 || given > width) return null;
    prefix = given;
  }
  const shift = BigInt(width - prefix);
  return { family: address.family, network: (address.value >> shift) << shift, prefix };
}

export function rangeContains(range: IpRange, address: IpAddress): boolean {
  if (range.family !== address.family) return false;
  const shift = BigInt(widthOf(range.family) - range.prefix);
  return address.value >> shift === range.network >> shift;
}

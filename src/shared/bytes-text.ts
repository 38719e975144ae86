/** A byte count in words a reader takes in at once: 1,024 bytes, 3.2 MiB. */
export function bytesText(n: number): string {
  if (n < 1024) return `${n.toLocaleString('en-US')} ${n === 1 ? 'byte' : 'bytes'}`;
  const units = ['KiB', 'MiB', 'GiB', 'TiB', 'PiB', 'EiB'];
  let v = n / 1024;
  let u = 0;
  while (v >= 1024 && u < units.length - 1) {
    v /= 1024;
    u += 1;
  }
  return `${v.toFixed(v < 10 ? 1 : 0)} ${units[u]}`;
}

// The machine a bench ran on, for the README table.
import { cpus, totalmem } from 'node:os';
import { readFileSync } from 'node:fs';

export function machineLine(): string {
  const c = cpus();
  let load = '';
  try {
    load = `, load average at start ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`;
  } catch {
    // Not Linux: no load figure.
  }
  return `${c[0]?.model.trim() ?? 'unknown CPU'}, ${c.length} cores, ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM, Node ${process.version}, ${process.platform}/${process.arch}${load}`;
}

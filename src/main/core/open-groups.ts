/**
 * Step two of intake (the desktop app's drops and launches, serve's command line): paths become open requests. A
 * `.db` and its `.bodies` named together (a drop, or a multi-select in Finder) are one session; a `-wal`/`-shm`/
 * `-journal` stands for its database; duplicates collapse.
 */
import { basename, dirname, join } from 'node:path';

const SIDECAR = /-(wal|shm|journal)$/;

function stem(path: string, ext: string): string | null {
  const name = basename(path);
  return name.endsWith(ext) && name.length > ext.length ? join(dirname(path), name.slice(0, -ext.length)) : null;
}

/** Each group is what the core's classifyPaths takes: one path, or a database and its archive. */
export function groupOpenRequests(paths: readonly string[]): string[][] {
  const unique: string[] = [];
  for (const path of paths) {
    // A sidecar named beside its database adds nothing; named alone, the core maps it to its database itself.
    if (SIDECAR.test(path) && paths.includes(path.replace(SIDECAR, ''))) continue;
    if (!unique.includes(path)) unique.push(path);
  }
  const groups: string[][] = [];
  const used = new Set<string>();
  for (const path of unique) {
    if (used.has(path)) continue;
    const dbStem = stem(path, '.db');
    const bodiesStem = stem(path, '.bodies');
    const partner = dbStem ? `${dbStem}.bodies` : bodiesStem ? `${bodiesStem}.db` : null;
    if (partner && unique.includes(partner) && !used.has(partner)) {
      used.add(path).add(partner);
      groups.push(dbStem ? [path, partner] : [partner, path]);
      continue;
    }
    used.add(path);
    groups.push([path]);
  }
  return groups;
}

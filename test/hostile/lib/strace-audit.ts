/**
 * Reads an `strace -f -y` log and lists every syscall that could change a path under the evidence folder:
 * write-capable opens, unlink/rename/truncate/chmod/chown/utime/link/mkdir/xattr on such a path, and
 * write/ftruncate/fchmod/fallocate on a descriptor strace shows as such a path (EVI-2).
 */
export const STRACE_CALLS = '%file,write,pwrite64,writev,pwritev,pwritev2,ftruncate,fchmod,fchown,fallocate,fsetxattr,fremovexattr';

const WRITE_FLAGS = /O_WRONLY|O_RDWR|O_CREAT|O_TRUNC|O_APPEND/;
const PATH_MUTATORS =
  /^(?:\[pid\s+\d+\]\s+|\d+\s+)?(unlink|unlinkat|rename|renameat|renameat2|truncate|truncate64|chmod|fchmodat|fchmodat2|chown|lchown|fchownat|utime|utimes|utimensat|futimesat|link|linkat|symlink|symlinkat|mkdir|mkdirat|rmdir|mknod|mknodat|setxattr|lsetxattr|removexattr|lremovexattr|creat)\(/;
const FD_WRITERS =
  /^(?:\[pid\s+\d+\]\s+|\d+\s+)?(write|pwrite64|writev|pwritev|pwritev2|ftruncate|fchmod|fchown|fallocate|fsetxattr|fremovexattr)\((\d+)<([^>]*)>/;
const OPENS = /^(?:\[pid\s+\d+\]\s+|\d+\s+)?(open|openat|openat2)\(/;

export interface StraceAudit {
  /** Lines naming the evidence folder at all (proves the trace saw the evidence being read). */
  readonly touching: number;
  readonly offending: readonly string[];
}

export function auditStraceLog(log: string, evidenceDir: string): StraceAudit {
  const inEvidence = (s: string): boolean => s === evidenceDir || s.startsWith(`${evidenceDir}/`);
  const quoted = new RegExp(`"(${evidenceDir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:/[^"]*)?)"`);
  let touching = 0;
  const offending: string[] = [];
  for (const line of log.split('\n')) {
    const fd = FD_WRITERS.exec(line);
    if (fd) {
      if (inEvidence(fd[3]!)) offending.push(line);
      continue;
    }
    const q = quoted.exec(line);
    if (!q) continue;
    touching++;
    if (OPENS.test(line) && WRITE_FLAGS.test(line)) offending.push(line);
    else if (PATH_MUTATORS.test(line)) offending.push(line);
  }
  return { touching, offending };
}

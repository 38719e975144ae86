/**
 * Step one of intake: every outside path is made absolute, resolved through its links (realpath) and must then
 * be a folder or a regular file (ELE-6). FIFOs, devices and sockets are refused before anything opens them,
 * because opening a FIFO blocks and a device is not evidence. Only stat-style calls are made here.
 */
import { promises as fsp } from 'node:fs';
import type { Stats } from 'node:fs';
import type { Failure } from '../../shared/errors.js';
import { fail } from '../../shared/errors.js';

export type NodeKind = 'file' | 'dir' | 'fifo' | 'char-device' | 'block-device' | 'socket' | 'other';

export interface ResolveFs {
  realpath(path: string): Promise<string>;
  /** stat (following links) reduced to a kind. */
  kind(path: string): Promise<NodeKind>;
}

export type ResolvedPath =
  | { readonly ok: true; readonly given: string; readonly path: string; readonly kind: 'file' | 'dir' }
  | { readonly ok: false; readonly given: string; readonly error: Failure };

const NOT_EVIDENCE: Readonly<Record<Exclude<NodeKind, 'file' | 'dir'>, string>> = {
  fifo: 'a FIFO (named pipe)',
  'char-device': 'a character device',
  'block-device': 'a block device',
  socket: 'a socket',
  other: 'neither a file nor a folder',
};

function describeError(given: string, error: unknown): Failure {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  switch (code) {
    case 'ENOENT':
    case 'ENOTDIR':
      return fail('NOT_FOUND', `${given} does not exist`);
    case 'ELOOP':
      return fail('UNSAFE_PATH', `${given} is a symbolic link loop; it leads nowhere`);
    case 'EACCES':
    case 'EPERM':
      return fail('NOT_FOUND', `${given} cannot be reached: permission denied`);
    default:
      return fail('NOT_FOUND', `${given} cannot be resolved (${code ?? (error instanceof Error ? error.message : String(error))})`);
  }
}

export async function resolveOutsidePath(given: string, fs: ResolveFs): Promise<ResolvedPath> {
  if (given.includes('\0')) return { ok: false, given, error: fail('BAD_REQUEST', 'a path with a NUL byte was refused') };
  let path: string;
  let kind: NodeKind;
  try {
    path = await fs.realpath(given);
    kind = await fs.kind(path);
  } catch (error) {
    return { ok: false, given, error: describeError(given, error) };
  }
  if (kind === 'file' || kind === 'dir') return { ok: true, given, path, kind };
  const shown = path === given ? given : `${given} (→ ${path})`;
  return { ok: false, given, error: fail('UNSAFE_PATH', `${shown} is ${NOT_EVIDENCE[kind]}, not evidence; it was not opened`) };
}

export function kindOfStats(stat: Stats): NodeKind {
  if (stat.isFile()) return 'file';
  if (stat.isDirectory()) return 'dir';
  if (stat.isFIFO()) return 'fifo';
  if (stat.isCharacterDevice()) return 'char-device';
  if (stat.isBlockDevice()) return 'block-device';
  if (stat.isSocket()) return 'socket';
  return 'other';
}

/** The real file system: realpath, then stat (which cannot block, even on a FIFO). */
export const nodeResolveFs: ResolveFs = {
  realpath: (path) => fsp.realpath(path),
  kind: async (path) => kindOfStats(await fsp.stat(path)),
};

/**
 * capsem-inspect body <path> <event_id> <source_table> <direction> [-o FILE]
 * Writes one body's verified bytes to stdout or FILE. Exit 0 on success; 1 when the body fails verification
 * (code and sentence on stderr, no bytes written); 2 when there is no such body, bodies are unavailable,
 * the ledger cannot be opened, or the usage is wrong.
 */
import { writeFile } from 'node:fs/promises';
import { realpathSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { CliIo } from '../io.js';
import type { ErrorCode, Failure } from '../../shared/errors.js';
import { openEvidence } from '../../main/core/evidence/open-evidence.js';
import { readBody } from '../../main/core/bodies/read-body.js';
import { isInside } from '../../main/core/path-inside.js';
import { invalid, parseCommandArgs } from '../args.js';
import { argsOrExit } from '../usage.js';

const USAGE = 'usage: capsem-inspect body <path> <event_id> <source_table> <direction> [-o FILE]\n';

/** A CliIo that can also take raw bytes (binary bodies must not pass through a text encoder). */
type ByteIo = CliIo & { stdoutBytes?: (bytes: Uint8Array) => void | Promise<void> };

interface BodyArgs {
  readonly path: string;
  readonly eventId: string;
  readonly sourceTable: string;
  readonly direction: string;
  readonly output: string | null;
}

function parseBodyArgs(args: readonly string[]): BodyArgs | string {
  const parsed = parseCommandArgs(args, { output: { takes: 'value', short: 'o', read: (v) => v || invalid('-o needs a file name') } }, { loneDash: true });
  if (typeof parsed === 'string') return parsed;
  const [path, eventId, sourceTable, direction, ...extra] = parsed.positionals;
  if (path === undefined || eventId === undefined || sourceTable === undefined || direction === undefined || extra.length > 0) return 'four arguments are required';
  return { path, eventId, sourceTable, direction, output: parsed.flags.output ?? null };
}

/** Codes that mean "nothing to verify" rather than "verification failed". */
const NOT_THERE: ReadonlySet<ErrorCode> = new Set<ErrorCode>(['NO_SUCH_BODY', 'BODIES_UNAVAILABLE']);

function report(io: CliIo, failure: Failure): void {
  io.stderr(`capsem-inspect body: ${failure.code}: ${failure.message}\n`);
}

function realOrResolved(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
}


async function writeStdout(io: ByteIo, bytes: Uint8Array): Promise<void> {
  if (io.stdoutBytes) return void (await io.stdoutBytes(bytes));
  await new Promise<void>((done, failed) => process.stdout.write(bytes, (error) => (error ? failed(error) : done())));
}

export async function run(args: string[], io: ByteIo): Promise<number> {
  // Every usage problem answers with the usage line alone.
  const parsed = argsOrExit(args, io, { command: 'body', usage: USAGE, onError: 'usage' }, parseBodyArgs);
  if (typeof parsed === 'number') return parsed;
  const opened = await openEvidence([parsed.path]);
  if (!opened.ok) {
    report(io, opened.error);
    return 2;
  }
  const evidence = opened.value;
  try {
    if (parsed.output && isInside(realOrResolved(dirname(resolve(parsed.output))), realOrResolved(evidence.input.dir))) {
      report(io, { code: 'EXPORT_DESTINATION', message: `${parsed.output} lies inside the evidence folder ${evidence.input.dir}; nothing is written there` });
      return 2;
    }
    const result = readBody(evidence, { eventId: parsed.eventId, sourceTable: parsed.sourceTable, direction: parsed.direction });
    if (!result.ok) {
      report(io, result.error);
      return NOT_THERE.has(result.error.code) ? 2 : 1;
    }
    if (parsed.output) await writeFile(parsed.output, result.bytes);
    else await writeStdout(io, result.bytes);
    return 0;
  } finally {
    evidence.close();
  }
}

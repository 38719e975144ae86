/**
 * capsem-inspect body <path> <event_id> <source_table> <direction> [-o FILE]
 * Writes one body's verified bytes to stdout or FILE, byte for byte; with -o it says on stderr what it wrote. To a
 * terminal only safe text is written (terminal-safe.ts): a body is attacker-chosen and its escape sequences would
 * drive the terminal, so anything else is refused with how to write it to a file or a pipe, as curl does. Exit 0 on
 * success; 1 when the body fails verification (code and sentence on stderr, no bytes written); 2 when there is no
 * such body, bodies are unavailable, the ledger cannot be opened, the body is refused to a terminal, or the usage is
 * wrong.
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
import { printable } from '../text/style.js';
import { terminalUnsafe } from '../text/terminal-safe.js';

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
  const parsed = parseCommandArgs(
    args,
    { output: { takes: 'value', short: 'o', read: (v) => v || invalid('-o needs a file name') } },
    { loneDash: true },
  );
  if (typeof parsed === 'string') return parsed;
  const [path, eventId, sourceTable, direction, ...extra] = parsed.positionals;
  if (path === undefined || eventId === undefined || sourceTable === undefined || direction === undefined || extra.length > 0)
    return 'four arguments are required';
  return { path, eventId, sourceTable, direction, output: parsed.flags.output ?? null };
}

/** Codes that mean "nothing to verify" rather than "verification failed". */
const NOT_THERE: ReadonlySet<ErrorCode> = new Set<ErrorCode>(['NO_SUCH_BODY', 'BODIES_UNAVAILABLE']);

function report(io: CliIo, failure: Failure): void {
  io.stderr(`capsem-inspect body: ${failure.code}: ${printable(failure.message)}\n`);
}

/** `1234 bytes` with digits grouped, as people read them. */
const bytesText = (n: number): string => `${n.toLocaleString('en-US')} byte${n === 1 ? '' : 's'}`;

function realOrResolved(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
}

/** A word as a POSIX shell reads it back: plain when it is plain, else in single quotes. */
function shellWord(w: string): string {
  return /^[A-Za-z0-9_./:=@%+-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`;
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
      report(io, {
        code: 'EXPORT_DESTINATION',
        message: `${parsed.output} lies inside the evidence folder ${evidence.input.dir}; nothing is written there`,
      });
      return 2;
    }
    const result = readBody(evidence, { eventId: parsed.eventId, sourceTable: parsed.sourceTable, direction: parsed.direction });
    if (!result.ok) {
      report(io, result.error);
      return NOT_THERE.has(result.error.code) ? 2 : 1;
    }
    if (parsed.output) {
      await writeFile(parsed.output, result.bytes);
      io.stderr(
        `wrote ${bytesText(result.bytes.byteLength)} to ${printable(parsed.output)}; read back through every segment hash and the body hash before writing\n`,
      );
      return 0;
    }
    const unsafe = (io.stdoutIsTerminal ?? io.isTty) ? terminalUnsafe(result.bytes) : null;
    if (unsafe) {
      const again = `capsem-inspect body ${[parsed.path, parsed.eventId, parsed.sourceTable, parsed.direction].map(shellWord).join(' ')}`;
      io.stderr(
        `capsem-inspect body: not written to the terminal: this ${bytesText(result.bytes.byteLength)} body is not safe text (${unsafe.why}, at byte ${unsafe.offset}); ` +
          `its bytes could drive the terminal. Write it to a file (${printable(again)} -o body.bin) or to a pipe (${printable(again)} | xxd | less).\n`,
      );
      return 2;
    }
    await writeStdout(io, result.bytes);
    return 0;
  } finally {
    evidence.close();
  }
}

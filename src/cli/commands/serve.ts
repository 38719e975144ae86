/**
 * `capsem-inspect serve [<path>...] [--port N] [--case FILE]`: the inspector UI in a browser, on 127.0.0.1 only.
 * Prints the URL with its token and keeps serving until interrupted. Every path given must open: one that does not
 * is named and serve exits 2 without serving (a reviewer would otherwise look at less than they asked for). A ledger
 * whose pages are damaged does open, as DAMAGED with its integrity report, beside the others. --case FILE keeps the
 * page's tags and notes in that case file (docs/case-file.md); without it the page tags nothing and writes nothing.
 */
import type { CliIo } from '../io.js';
import { startServer } from '../../main/serve/server.js';
import { invalid, parseCommandArgs } from '../args.js';
import { argsOrExit } from '../usage.js';
import { printable } from '../text/style.js';
import { caseRefusal } from './serve-case.js';
import type { Failure } from '../../shared/errors.js';
import { toFailure } from '../../shared/errors.js';
import { listNotable } from '../../main/core/notable/notable-edit.js';

const SERVE_USAGE = 'usage: capsem-inspect serve [<path>...] [--port N] [--case FILE] [--notable FILE]\n';

export interface ServeArgs {
  readonly paths: string[];
  readonly port: number;
  /** The case file the page's tags go to; absent: none is kept. */
  readonly casePath?: string;
  /** The notable set each opened session is scanned for; absent: none. */
  readonly notablePath?: string;
}

const FLAGS = {
  port: {
    takes: 'value',
    inline: true,
    read: (v: string | undefined) => {
      const n = Number(v);
      return v && Number.isInteger(n) && n >= 0 && n <= 65535 ? n : invalid(`--port needs a number from 0 to 65535, not ${v ?? 'nothing'}`);
    },
  },
  case: { takes: 'value', inline: true, read: (v: string | undefined) => v || invalid('--case needs a case file') },
  notable: { takes: 'value', inline: true, read: (v: string | undefined) => v || invalid('--notable needs a notable set file') },
  // Help is answered as a usage error, in the order typed.
  help: { takes: 'nothing', short: 'h', refuse: SERVE_USAGE.trimEnd() },
} as const;

export function parseServeArgs(args: readonly string[]): ServeArgs | string {
  const parsed = parseCommandArgs(args, FLAGS);
  if (typeof parsed === 'string') return parsed;
  const { port, case: casePath, notable: notablePath } = parsed.flags;
  return {
    paths: parsed.positionals,
    port: port ?? 0,
    ...(casePath !== undefined ? { casePath } : {}),
    ...(notablePath !== undefined ? { notablePath } : {}),
  };
}

export async function run(args: string[], io: CliIo, until: Promise<void> = interrupted()): Promise<number> {
  // A usage error names what was wrong, then how serve is called, as every other command does.
  const parsed = argsOrExit(args, io, { command: 'serve', usage: SERVE_USAGE }, parseServeArgs);
  if (typeof parsed === 'number') return parsed;
  let server;
  try {
    server = await startServer({
      paths: parsed.paths,
      port: parsed.port,
      ...(parsed.casePath !== undefined ? { casePath: parsed.casePath } : {}),
      ...(parsed.notablePath !== undefined ? { notablePath: parsed.notablePath } : {}),
    });
  } catch (e) {
    io.stderr(`capsem-inspect serve: cannot listen on 127.0.0.1:${parsed.port}: ${e instanceof Error ? e.message : String(e)}\n`);
    return 2;
  }
  for (const r of server.opened) {
    if (r.ok && r.value.unreadable)
      io.stdout(
        `opened ${printable(r.value.sessionId)}: DAMAGED, SQLite cannot read it (${r.value.unreadable.code}); only its integrity report is served\n`,
      );
    else if (r.ok)
      io.stdout(
        `opened ${printable(r.value.sessionId)} (${r.value.generation})${r.value.origin === 'sample' ? ' — the bundled sample' : ''}\n`,
      );
    else io.stderr(`capsem-inspect serve: ${r.error.code}: ${printable(r.error.message)}\n`);
  }
  for (const r of server.libraries) {
    if (r.ok)
      io.stdout(
        `opened the library ${printable(r.value.label)}: ${r.value.sessions} sessions, chain ${r.value.chainIntact ? 'intact' : 'BROKEN'}\n`,
      );
    else io.stderr(`capsem-inspect serve: ${r.error.code}: ${printable(r.error.message)}\n`);
  }
  if ([...server.opened, ...server.libraries].some((r) => !r.ok) && parsed.paths.length > 0) {
    io.stderr('capsem-inspect serve: not serving: every path given must open\n');
    await server.close();
    return 2;
  }
  const refused = parsed.casePath === undefined ? null : await caseRefusal(server.service, server.opened);
  if (refused) {
    io.stderr(`capsem-inspect serve: ${refused.code}: ${printable(refused.message)}\ncapsem-inspect serve: not serving\n`);
    await server.close();
    return 2;
  }
  // A set that is damaged or too new stops serve here, as a bad case file does, rather than at each open.
  const notableRefused = parsed.notablePath === undefined ? null : notableRefusal(parsed.notablePath);
  if (notableRefused) {
    io.stderr(`capsem-inspect serve: ${notableRefused.code}: ${printable(notableRefused.message)}\ncapsem-inspect serve: not serving\n`);
    await server.close();
    return 2;
  }
  if (parsed.casePath !== undefined) io.stdout(`keeping the case in ${printable(parsed.casePath)}\n`);
  if (parsed.notablePath !== undefined) io.stdout(`flagging the notable set ${printable(parsed.notablePath)} in each session opened\n`);
  io.stdout(`Capsem Ledger Inspector on ${server.url}\n(only this URL works: it carries a token; Ctrl-C stops)\n`);
  await until;
  await server.close();
  return 0;
}

/** The notable set's refusal (NOTABLE_DAMAGED, NOTABLE_TOO_NEW), or null when it reads (or is not there yet). */
function notableRefusal(path: string): Failure | null {
  try {
    listNotable(path);
    return null;
  } catch (e) {
    return toFailure(e);
  }
}

function interrupted(): Promise<void> {
  return new Promise((resolve) => {
    const stop = (): void => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

/**
 * capsem-inspect: one dispatcher, one file per command under ./commands/.
 * Each command module exports `run(args: string[], io: CliIo): Promise<number>` and returns the exit code.
 * Exit codes across commands: 0 success/intact, 1 damaged/failed, 2 cannot open or usage error.
 */
import type { CliIo } from './io.js';
import { processIo } from './io.js';
import { removeAbandonedScratchDirs } from '../main/core/evidence/scratch.js';

interface CommandModule {
  run(args: string[], io: CliIo): Promise<number>;
}

const COMMANDS: Record<string, { summary: string; load: () => Promise<CommandModule> }> = {
  body: {
    summary: 'write one verified body: body <path> <event_id> <source_table> <direction> [-o FILE]',
    load: () => import('./commands/body.js'),
  },
  case: {
    summary: 'tags and notes kept beside the evidence: case add | list | export | verify (see case --help)',
    load: () => import('./commands/case.js'),
  },
  check: {
    summary: 'integrity report: check <path> [--no-verify-bodies] [--rows N] [--json] | check --all <dir>',
    load: () => import('./commands/check.js'),
  },
  decisions: {
    summary: 'every denied, asked and redirected event by rule: decisions <path> [--event ID] [--json]',
    load: () => import('./commands/decisions.js'),
  },
  egress: {
    summary: 'where requests went, per destination: egress <path> [--json]',
    load: () => import('./commands/egress.js'),
  },
  'export-warc': {
    summary: 'export bodies as WARC 1.1: export-warc <path> -o <file.warc.gz> [--digest blake3|sha256] [--json]',
    load: () => import('./commands/export-warc.js'),
  },
  files: {
    summary: "every path the agent touched, or one path's changes with their causes: files <path> [--path P] [--json]",
    load: () => import('./commands/files.js'),
  },
  grep: {
    summary: 'search every verified body and text column: grep <pattern> <path> [-F|-E] [-i] [--hex] ... | grep --secrets <path>',
    load: () => import('./commands/grep.js'),
  },
  hunt: {
    summary: 'one question over every session: hunt <capsem-home|folder|host.db> [-F S] [-E RE] [--domain D] ... [--json]',
    load: () => import('./commands/hunt.js'),
  },
  list: {
    summary: 'sessions from the host ledger: list [<capsem-home|host.db>] [-n N] [--with-model] ... [--json]',
    load: () => import('./commands/list.js'),
  },
  notable: {
    summary: 'named hunt indicators, flagged in any session: notable add | list | remove | scan (see notable --help)',
    load: () => import('./commands/notable.js'),
  },
  chain: {
    summary: 'verify the host ledger chain: chain <host.db> [--expect-head HEX] [--expect-count N] [--json]',
    load: () => import('./commands/chain.js'),
  },
  transcript: {
    summary: 'the story of a trace: transcript <path> [--trace ID] [--format md|html|json] [-o FILE]',
    load: () => import('./commands/transcript.js'),
  },
  serve: { summary: 'serve the inspector UI on loopback: serve [<path>...] [--port N]', load: () => import('./commands/serve.js') },
};

function usage(): string {
  const lines = ['usage: capsem-inspect <command> [options]', '', 'commands:'];
  for (const [name, c] of Object.entries(COMMANDS)) lines.push(`  ${name.padEnd(12)} ${c.summary}`);
  return lines.join('\n') + '\n';
}

export async function main(argv: string[], io: CliIo = processIo()): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    io.stdout(usage());
    return name ? 0 : 2;
  }
  if (name === '--version' || name === '-v') {
    const { INSPECTOR_VERSION } = await import('../shared/version.js');
    io.stdout(`capsem-inspect ${INSPECTOR_VERSION}\n`);
    return 0;
  }
  const command = COMMANDS[name];
  if (!command) {
    io.stderr(`capsem-inspect: unknown command '${name}'\n${usage()}`);
    return 2;
  }
  // A command that was killed (SIGKILL, a crash) left its scratch copy behind; as serve and the app do, the next
  // start removes the copies whose marker names a process that is gone.
  removeAbandonedScratchDirs();
  const module = await command.load();
  return module.run(rest, io);
}

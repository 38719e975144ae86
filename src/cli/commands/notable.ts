/**
 * capsem-inspect notable add NAME <indicator>... [--notable FILE]
 * capsem-inspect notable list [--notable FILE] [--json]
 * capsem-inspect notable remove NAME [--notable FILE]
 * capsem-inspect notable scan <path> [--notable FILE] [--json]
 * The notable set: hunt indicators saved under a name, kept outside all evidence (core/notable,
 * docs/notable-set.md). `scan` says which saved entries one session contains, with their hits, found by the hunt's
 * own per-session search. Without --notable the set is the desktop app's, in its data folder (defaultNotablePath).
 * Exit 0 on success (scan: something found), 1 when scan finds nothing, 2 on a usage error, a set that is damaged
 * or too new, a name already saved or not there, or a session that cannot be opened.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { CliIo } from '../io.js';
import { toFailure } from '../../shared/errors.js';
import { jsonText } from '../../shared/json-text.js';
import { indicatorArgOf } from '../../main/core/hunt/indicator-args.js';
import type { Indicator } from '../../main/core/hunt/indicators.js';
import { addNotable, listNotable, removeNotable } from '../../main/core/notable/notable-edit.js';
import { defaultNotablePath } from '../../main/core/notable/notable-location.js';
import { invalid, parseCommandArgs } from '../args.js';
import { INDICATOR_FLAGS_USAGE, indicatorFlags, indicatorsOf } from '../indicator-flags.js';
import { argsOrExit } from '../usage.js';
import { terminalSafe } from '../text/grep-lines.js';
import { entryJson, entryLabels, entryLine } from '../text/notable-lines.js';
import { runScan } from './notable-scan.js';

export const NOTABLE_USAGE =
  'usage: capsem-inspect notable add NAME <indicator>... [--notable FILE]\n' +
  '       capsem-inspect notable list [--notable FILE] [--json]\n' +
  '       capsem-inspect notable remove NAME [--notable FILE]\n' +
  '       capsem-inspect notable scan <session folder | session.db> [--notable FILE] [--json]\n' +
  '  NAME: letters, digits, dots, dashes, underscores (at most 64). An entry is found in a session when any of\n' +
  "  its indicators hits there, exactly as hunt finds it. Without --notable, the desktop app's set is used\n" +
  '  (its data folder: ~/.config/Capsem Ledger Inspector on Linux; see README).\n' +
  INDICATOR_FLAGS_USAGE;

const notableFlag = { takes: 'value', read: (v: string | undefined) => v || invalid('--notable needs a file') } as const;

type Parsed =
  | { readonly sub: 'add'; readonly name: string; readonly indicators: readonly Indicator[]; readonly file: string | undefined }
  | { readonly sub: 'list'; readonly json: boolean; readonly file: string | undefined }
  | { readonly sub: 'remove'; readonly name: string; readonly file: string | undefined }
  | { readonly sub: 'scan'; readonly path: string; readonly json: boolean; readonly file: string | undefined };

function parseAdd(args: readonly string[]): Parsed | string {
  const drafts: Parameters<typeof indicatorFlags>[0] = [];
  const p = parseCommandArgs(args, { ...indicatorFlags(drafts), notable: notableFlag }, { single: true });
  if (typeof p === 'string') return p;
  const [name] = p.positionals;
  if (name === undefined) return 'a NAME is required';
  const indicators = indicatorsOf(drafts, p.flags);
  return typeof indicators === 'string' ? indicators : { sub: 'add', name, indicators, file: p.flags.notable };
}

function parseRest(sub: 'list' | 'remove' | 'scan', args: readonly string[]): Parsed | string {
  const p = parseCommandArgs(args, { notable: notableFlag, json: { takes: 'nothing' } }, { single: true });
  if (typeof p === 'string') return p;
  const [word] = p.positionals;
  const file = p.flags.notable;
  if (sub === 'list') return word === undefined ? { sub, json: p.flags.json, file } : `list takes no ${word}`;
  if (word === undefined) return sub === 'remove' ? 'a NAME is required' : 'a session folder or session.db is required';
  if (sub === 'remove') return p.flags.json ? '--json goes with list and scan' : { sub, name: word, file };
  return { sub, path: word, json: p.flags.json, file };
}

function parse(args: readonly string[]): Parsed | string {
  const [sub, ...rest] = args;
  if (sub === 'add') return parseAdd(rest);
  if (sub === 'list' || sub === 'remove' || sub === 'scan') return parseRest(sub, rest);
  const subs = 'add, list, remove or scan';
  return sub === undefined ? `a subcommand is required: ${subs}` : `unknown subcommand ${sub}: ${subs}`;
}

function edit(parsed: Exclude<Parsed, { sub: 'scan' }>, file: string, io: CliIo): number {
  const where = terminalSafe(file);
  switch (parsed.sub) {
    case 'add': {
      const entry = addNotable(file, parsed.name, parsed.indicators.map(indicatorArgOf));
      io.stdout(`saved ${terminalSafe(entry.name)} (${entryLabels(entry).map(terminalSafe).join(', ')}) in ${where}\n`);
      return 0;
    }
    case 'remove':
      io.stdout(`removed ${terminalSafe(removeNotable(file, parsed.name).name)} from ${where}\n`);
      return 0;
    case 'list': {
      const entries = listNotable(file);
      io.stdout(entries.map((e) => (parsed.json ? jsonText(entryJson(e)) + '\n' : entryLine(e))).join(''));
      if (!parsed.json) io.stderr(`${entries.length} saved in ${where}\n`);
      return 0;
    }
  }
}

export async function run(args: string[], io: CliIo): Promise<number> {
  const parsed = argsOrExit(args, io, { command: 'notable', usage: NOTABLE_USAGE, helpAnywhere: true }, parse);
  if (typeof parsed === 'number') return parsed;
  const file = parsed.file ?? defaultNotablePath(io.env);
  if (file === null) {
    io.stderr('capsem-inspect notable: no home folder to keep the set in: give --notable FILE\n');
    return 2;
  }
  try {
    if (parsed.sub === 'scan') return await runScan(parsed.path, file, parsed.json, io);
    // The default folder is the desktop app's, which may not exist before its first run; a named file's folder must.
    if (parsed.sub === 'add' && parsed.file === undefined) mkdirSync(dirname(file), { recursive: true });
    return edit(parsed, file, io);
  } catch (error) {
    const f = toFailure(error);
    io.stderr(`capsem-inspect notable ${parsed.sub}: ${f.code}: ${terminalSafe(f.message)}\n`);
    return 2;
  }
}

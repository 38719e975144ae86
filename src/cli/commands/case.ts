/**
 * capsem-inspect case add <path> --case FILE --event ID [--table T] [--body DIRECTION [--range START-END]] --tag TAG
 *                        [--note TEXT]
 * capsem-inspect case list <path> --case FILE [--json]
 * capsem-inspect case export <path> --case FILE -o OUT [--unredacted]
 * capsem-inspect case verify OUT [<path>]
 * The case: tags and notes on rows and bodies of a session, kept in a case file beside the evidence, never in it
 * (core/case, docs/case-file.md). `list` re-attaches each item to the copy given: attached, missing, changed or
 * another session's. The ledger is read from its private scratch copy; nothing is written to the evidence folder.
 * Exit 0 on success; 1 when `list` finds an item missing or changed; 2 on a usage error, when the ledger or the case
 * file cannot be opened, or when `add` is refused (an event the ledger does not hold, a case file inside the evidence).
 * `export` and `verify` live in case-export.ts; verify exits 1 when any check does not match.
 */
import type { CliIo } from '../io.js';
import type { Evidence } from '../../main/core/evidence/types.js';
import { openEvidence } from '../../main/core/evidence/open-evidence.js';
import { addCaseItem } from '../../main/core/case/case-add.js';
import { listCase } from '../../main/core/case/case-list.js';
import { toFailure } from '../../shared/errors.js';
import { invalid, parseCommandArgs } from '../args.js';
import { argsOrExit } from '../usage.js';
import type { ExportArgs, VerifyArgs } from './case-export.js';
import { parseExport, parseVerify, runExport, runVerify } from './case-export.js';
import { bodyText, caseListJson, caseListText, caseSummary, eventText } from '../text/case-lines.js';
import { printable } from '../text/style.js';

export const CASE_USAGE =
  'usage: capsem-inspect case add <path> --case FILE --event EVENT_ID [--table T] [--body DIRECTION [--range START-END]]\n' +
  '                               --tag TAG [--note TEXT]\n' +
  '       capsem-inspect case list <path> --case FILE [--json]\n' +
  '       capsem-inspect case export <path> --case FILE -o OUT [--unredacted]\n' +
  '       capsem-inspect case verify OUT [<path>]\n' +
  '  tags: notable, benign, follow-up, or your own (lower-case letters, digits, dashes); the case file is kept\n' +
  '  beside the evidence, never inside it. list: attached, missing, changed or other-session per item.\n';

const needs = (what: string) => (v: string | undefined, flag: string) => v || invalid(`${flag} needs ${what}`);

const RANGE = /^(\d{1,15})-(\d{1,15})$/;
function readRange(v: string | undefined, flag: string): readonly [number, number] | ReturnType<typeof invalid> {
  const m = RANGE.exec(v ?? '');
  const [start, end] = m ? [Number(m[1]), Number(m[2])] : [0, 0];
  return m && start < end ? [start, end] : invalid(`${flag} takes START-END in bytes with START < END, not ${JSON.stringify(v ?? '')}`);
}

const ADD_FLAGS = {
  case: { takes: 'value', read: needs('a case file') },
  event: { takes: 'value', read: needs('an event id') },
  table: { takes: 'value', read: needs('a table name') },
  body: { takes: 'value', read: needs('a direction (request, response, stdout…)') },
  range: { takes: 'value', read: readRange },
  tag: { takes: 'value', read: needs('a tag') },
  note: { takes: 'value', read: needs('text') },
} as const;
const LIST_FLAGS = { case: ADD_FLAGS.case, json: { takes: 'nothing' } } as const;

type Parsed =
  | { readonly sub: 'add'; readonly path: string; readonly casePath: string; readonly request: Parameters<typeof addCaseItem>[2] }
  | { readonly sub: 'list'; readonly path: string; readonly casePath: string; readonly json: boolean }
  | ExportArgs
  | VerifyArgs;

function parseAdd(args: readonly string[]): Parsed | string {
  const p = parseCommandArgs(args, ADD_FLAGS, { single: true });
  if (typeof p === 'string') return p;
  const [path] = p.positionals;
  const { case: casePath, event, table, body, range, tag, note } = p.flags;
  if (path === undefined) return 'the ledger path is required (a session folder or session.db)';
  if (casePath === undefined || event === undefined || tag === undefined) return '--case, --event and --tag are required';
  if (range !== undefined && body === undefined) return '--range names bytes of a body: give --body too';
  const request = {
    eventId: event,
    tag,
    ...(table !== undefined ? { table } : {}),
    ...(body !== undefined ? { body: { direction: body, range: range ?? null } } : {}),
    ...(note !== undefined ? { note } : {}),
  };
  return { sub: 'add', path, casePath, request };
}

function parseList(args: readonly string[]): Parsed | string {
  const p = parseCommandArgs(args, LIST_FLAGS, { single: true });
  if (typeof p === 'string') return p;
  const [path] = p.positionals;
  if (path === undefined) return 'the ledger path is required (a session folder or session.db)';
  if (p.flags.case === undefined) return '--case is required';
  return { sub: 'list', path, casePath: p.flags.case, json: p.flags.json };
}

function parse(args: readonly string[]): Parsed | string {
  const [sub, ...rest] = args;
  if (sub === 'add') return parseAdd(rest);
  if (sub === 'list') return parseList(rest);
  if (sub === 'export') return parseExport(rest);
  if (sub === 'verify') return parseVerify(rest);
  const subs = 'add, list, export or verify';
  return sub === undefined ? `a subcommand is required: ${subs}` : `unknown subcommand ${sub}: ${subs}`;
}

function add(evidence: Evidence, parsed: Extract<Parsed, { sub: 'add' }>, io: CliIo): number {
  const { path, item } = addCaseItem(evidence, parsed.casePath, parsed.request);
  const what = `${item.tag} ${printable(item.table)} ${eventText(item)} ${bodyText(item)}`;
  io.stdout(`added ${what} to ${printable(path)} (item ${item.id})\n`);
  if (item.sessionDbSha256 === null) io.stderr('capsem-inspect case: session.db was not hashed; the item is bound to its rows alone\n');
  return 0;
}

function list(evidence: Evidence, parsed: Extract<Parsed, { sub: 'list' }>, io: CliIo): number {
  const items = listCase(evidence, parsed.casePath);
  io.stdout(parsed.json ? caseListJson(items) : caseListText(items));
  if (!parsed.json) io.stderr(`${caseSummary(items)}\n`);
  return items.some((a) => a.status === 'missing' || a.status === 'changed') ? 1 : 0;
}

export async function run(args: string[], io: CliIo): Promise<number> {
  const parsed = argsOrExit(args, io, { command: 'case', usage: CASE_USAGE, helpAnywhere: true }, parse);
  if (typeof parsed === 'number') return parsed;
  if (parsed.sub === 'export') return runExport(parsed, io);
  if (parsed.sub === 'verify') return runVerify(parsed, io);
  // Rows and the index are all a case reads: the archive is not hashed (a full read for nothing here).
  const opened = await openEvidence([parsed.path], { hashArchive: false });
  if (!opened.ok) {
    io.stderr(`capsem-inspect case: cannot open ${printable(parsed.path)} (${opened.error.code}): ${printable(opened.error.message)}\n`);
    return 2;
  }
  const evidence = opened.value;
  try {
    return parsed.sub === 'add' ? add(evidence, parsed, io) : list(evidence, parsed, io);
  } catch (error) {
    const f = toFailure(error);
    io.stderr(`capsem-inspect case ${parsed.sub}: ${f.code}: ${printable(f.message)}\n`);
    return 2;
  } finally {
    evidence.close();
  }
}

/**
 * `case export` and `case verify`, the case handed on (issue 39, docs/case-file.md#export): export writes the case
 * with its rows and verified bodies, masked unless --unredacted, into a new folder beside the evidence; verify
 * checks such a folder again against its receipt and, given the evidence, against the ledger's index.
 */
import { plural } from '../../shared/plural.js';
import type { CliIo } from '../io.js';
import type { Evidence } from '../../main/core/evidence/types.js';
import { openEvidence } from '../../main/core/evidence/open-evidence.js';
import { buildCaseExport } from '../../main/core/case/export-build.js';
import { exportDestination, writeCaseExport } from '../../main/core/case/export-write.js';
import { verifyCaseExport } from '../../main/core/case/export-verify.js';
import { toFailure } from '../../shared/errors.js';
import { invalid, parseCommandArgs } from '../args.js';
import { printable } from '../text/style.js';

export interface ExportArgs {
  readonly sub: 'export';
  readonly path: string;
  readonly casePath: string;
  readonly out: string;
  readonly unredacted: boolean;
}
export interface VerifyArgs {
  readonly sub: 'verify';
  readonly out: string;
  readonly path: string | null;
}

const EXPORT_FLAGS = {
  case: { takes: 'value', read: (v: string | undefined, flag: string) => v || invalid(`${flag} needs a case file`) },
  output: { takes: 'value', short: 'o', read: (v: string | undefined, flag: string) => v || invalid(`${flag} needs a folder`) },
  unredacted: { takes: 'nothing' },
} as const;

export function parseExport(args: readonly string[]): ExportArgs | string {
  const p = parseCommandArgs(args, EXPORT_FLAGS, { single: true });
  if (typeof p === 'string') return p;
  const [path] = p.positionals;
  if (path === undefined) return 'the ledger path is required (a session folder or session.db)';
  if (p.flags.case === undefined || p.flags.output === undefined) return '--case and -o are required';
  return { sub: 'export', path, casePath: p.flags.case, out: p.flags.output, unredacted: p.flags.unredacted };
}

export function parseVerify(args: readonly string[]): VerifyArgs | string {
  const p = parseCommandArgs(args, {});
  if (typeof p === 'string') return p;
  const [out, path, ...extra] = p.positionals;
  if (out === undefined) return 'the export folder is required';
  if (extra.length > 0) return 'verify takes the export folder and, optionally, the ledger path';
  return { sub: 'verify', out, path: path ?? null };
}

function fail(io: CliIo, sub: string, error: unknown): number {
  const f = toFailure(error);
  io.stderr(`capsem-inspect case ${sub}: ${f.code}: ${printable(f.message)}\n`);
  return 2;
}

async function open(path: string, io: CliIo, sub: string): Promise<Evidence | null> {
  const opened = await openEvidence([path]);
  if (opened.ok) return opened.value;
  io.stderr(`capsem-inspect case ${sub}: cannot open ${printable(path)} (${opened.error.code}): ${printable(opened.error.message)}\n`);
  return null;
}

export async function runExport(a: ExportArgs, io: CliIo): Promise<number> {
  const evidence = await open(a.path, io, 'export');
  if (!evidence) return 2;
  try {
    exportDestination(evidence, a.out); // refused before any body is read
    const files = await buildCaseExport(evidence, { casePath: a.casePath, out: a.out, unredacted: a.unredacted });
    const real = writeCaseExport(evidence, a.out, files);
    const redactions = (JSON.parse(Buffer.from(files.get('redactions.json')!).toString('utf8')) as { redactions: unknown[] }).redactions;
    const exported = JSON.parse(Buffer.from(files.get('case.json')!).toString('utf8')) as { items: { body: { verdict: string } | null }[] };
    const bodies = exported.items.filter((i) => i.body !== null);
    const verified = bodies.filter((i) => i.body!.verdict === 'verified').length;
    io.stdout(
      `exported ${plural(exported.items.length, 'item')} to ${printable(real)}: ${verified} of ${plural(bodies.length, 'body', 'bodies')} verified and written\n`,
    );
    io.stdout(
      a.unredacted
        ? 'UNREDACTED: contains credentials as recorded\n'
        : `REDACTED: ${redactions.length} stretches masked (redactions.json)\n`,
    );
    io.stdout(`re-check: capsem-inspect case verify ${printable(a.out)} ${printable(a.path)}\n`);
    return 0;
  } catch (error) {
    return fail(io, 'export', error);
  } finally {
    evidence.close();
  }
}

export async function runVerify(a: VerifyArgs, io: CliIo): Promise<number> {
  const evidence = a.path === null ? null : await open(a.path, io, 'verify');
  if (a.path !== null && !evidence) return 2;
  try {
    const lines = await verifyCaseExport(a.out, evidence);
    for (const l of lines)
      io.stdout(`${l.ok ? 'ok      ' : 'MISMATCH'}  ${l.check.padEnd(7)}  ${printable(l.subject)}  ${printable(l.detail)}\n`);
    const bad = lines.filter((l) => !l.ok);
    if (a.path === null) io.stderr('no ledger given: checked against the receipt only\n');
    io.stderr(
      bad.length
        ? `${bad.length} of ${plural(lines.length, 'check')} do not match\n`
        : lines.length === 1
          ? 'the one check matches\n'
          : `all ${lines.length} checks match\n`,
    );
    return bad.length ? 1 : 0;
  } catch (error) {
    return fail(io, 'verify', error);
  } finally {
    evidence?.close();
  }
}

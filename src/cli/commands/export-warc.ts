/**
 * capsem-inspect export-warc <path>... -o <file.warc.gz> [--digest blake3|sha256] [--json]
 * Exit 0: exported (summary printed). 1: the export failed or was refused, e.g. an archive that cannot be read at all
 * (nothing under the name). 2: usage error (a destination inside the evidence folder is one), or the ledger cannot
 * be opened.
 * Runs the job in-process; Ctrl-C cancels it (the temporary file is deleted).
 */
import { rmSync } from 'node:fs';
import type { CliIo } from '../io.js';
import type { Failure } from '../../shared/errors.js';
import { openEvidence } from '../../main/core/evidence/open-evidence.js';
import { exportWarc } from '../../main/core/warc/export-job.js';
import { checkDestination, evidenceFolderHolding } from '../../main/core/warc/destination.js';
import { SKIP_REASONS, type DigestAlgorithm, type ExportProgress, type ExportSummary } from '../../main/core/warc/types.js';
import { invalid, parseCommandArgs } from '../args.js';
import type { Invalid } from '../args.js';
import { cancelOnInterrupt } from '../interrupt.js';
import { argsOrExit } from '../usage.js';
import { printable } from '../text/style.js';
import { jsonText } from '../../shared/json-text.js';

const USAGE = 'usage: capsem-inspect export-warc <path> -o <file.warc.gz> [--digest blake3|sha256] [--json]\n';

interface Args {
  readonly paths: string[];
  readonly output: string;
  readonly digest: DigestAlgorithm;
  readonly json: boolean;
}

const FLAGS = {
  output: { takes: 'value', short: 'o', read: (v: string | undefined, flag: string) => v || invalid(`${flag} needs a file name`) },
  digest: {
    takes: 'value',
    read: (v: string | undefined): DigestAlgorithm | Invalid =>
      v === 'blake3' || v === 'sha256' ? v : invalid(`--digest must be blake3 or sha256, not ${JSON.stringify(v ?? '')}`),
  },
  json: { takes: 'nothing' },
} as const;

function parseExportArgs(args: readonly string[]): Args | string {
  const parsed = parseCommandArgs(args, FLAGS);
  if (typeof parsed === 'string') return parsed;
  const { output, digest = 'blake3', json } = parsed.flags;
  if (parsed.positionals.length === 0) return 'a ledger path is required';
  if (!output) return '-o <file.warc.gz> is required';
  return { paths: parsed.positionals, output, digest, json };
}

function summaryText(s: ExportSummary): string {
  const skips = SKIP_REASONS.filter((r) => s.skippedByReason[r] > 0).map((r) => `${r} ${s.skippedByReason[r]}`);
  return (
    [
      `exported ${s.resourceRecords} of ${s.indexRows} bodies to ${printable(s.path)}`,
      `skipped ${s.skipped}${skips.length ? ` (${skips.join(', ')})` : ''}`,
      `file ${s.fileBytes} bytes, ${s.blockBytes} body bytes, block digest ${s.digestAlgorithm}, export id ${s.exportId}`,
      `sha256 ${s.fileSha256}`,
      `blake3 ${s.fileBlake3}`,
      ...(s.sourceNote ? [s.sourceNote] : []),
      // A skip's detail quotes ledger text (event ids, paths): shown inert, never as terminal escapes.
      ...s.skippedSample.slice(0, 5).map((row) => `  skipped: ${row.reason}: ${printable(row.detail)}`),
    ].join('\n') + '\n'
  );
}

function progressText(p: ExportProgress): string {
  const what = p.phase === 'writing' ? 'exporting' : 're-reading the file';
  return `${what}: ${p.recordsDone.toLocaleString('en-US')} of ${p.recordsTotal.toLocaleString('en-US')} records`;
}

function report(io: CliIo, json: boolean, error: Failure, code: number): number {
  if (json) io.stdout(`${jsonText({ ok: false, error })}\n`);
  else io.stderr(`capsem-inspect export-warc: ${error.code}: ${printable(error.message)}\n`);
  return code;
}

export async function run(args: string[], io: CliIo): Promise<number> {
  const parsed = argsOrExit(args, io, { command: 'export-warc', usage: USAGE }, parseExportArgs);
  if (typeof parsed === 'number') return parsed;
  const opened = await openEvidence(parsed.paths);
  if (!opened.ok) return report(io, parsed.json, opened.error, 2);
  const evidence = opened.value;
  if (evidenceFolderHolding(evidence, parsed.output) !== null) {
    const refused = checkDestination(evidence, parsed.output);
    evidence.close();
    return report(
      io,
      parsed.json,
      refused.ok ? { code: 'EXPORT_DESTINATION', message: `${parsed.output} lies inside the evidence folder` } : refused.error,
      2,
    );
  }
  // On a terminal the rows tick by (a large or hostile index takes a while); never into a pipe or --json.
  const showProgress = io.isTty && !parsed.json;
  try {
    const result = await cancelOnInterrupt((signal, atForcedExit) =>
      exportWarc(evidence, {
        destination: parsed.output,
        digest: parsed.digest,
        signal,
        // A second Ctrl-C ends the process at once: the temporary file is deleted on the way out all the same.
        onTempFile: (path) => void atForcedExit(() => rmSync(path, { force: true })),
        onProgress: showProgress ? (p) => io.stderr(`\r${progressText(p)}`) : undefined,
      }),
    );
    if (showProgress) io.stderr('\r\u001b[K');
    if (!result.ok) return report(io, parsed.json, result.error, 1);
    io.stdout(parsed.json ? `${jsonText({ ok: true, summary: result.value })}\n` : summaryText(result.value));
    return 0;
  } finally {
    evidence.close();
  }
}

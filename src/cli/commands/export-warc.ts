/**
 * capsem-inspect export-warc <path>... -o <file.warc.gz> [--digest blake3|sha256] [--json]
 * Exit 0: exported (summary printed). 1: the export failed or was refused, e.g. a destination inside the evidence
 * (nothing under the name). 2: usage error, or the ledger cannot be opened.
 * Runs the job in-process; Ctrl-C cancels it (the temporary file is deleted).
 */
import type { CliIo } from '../io.js';
import type { Failure } from '../../shared/errors.js';
import { openEvidence } from '../../main/core/evidence/open-evidence.js';
import { exportWarc } from '../../main/core/warc/export-job.js';
import { SKIP_REASONS, type DigestAlgorithm, type ExportSummary } from '../../main/core/warc/types.js';

const USAGE = 'usage: capsem-inspect export-warc <path> -o <file.warc.gz> [--digest blake3|sha256] [--json]\n';

interface Args {
  readonly paths: string[];
  readonly output: string;
  readonly digest: DigestAlgorithm;
  readonly json: boolean;
}

function parseArgs(args: string[]): Args | string {
  const paths: string[] = [];
  let output: string | null = null;
  let digest: DigestAlgorithm = 'blake3';
  let json = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '-o' || arg === '--output') {
      const value = args[++i];
      if (!value) return `${arg} needs a file name`;
      output = value;
    } else if (arg === '--digest') {
      const value = args[++i];
      if (value !== 'blake3' && value !== 'sha256') return `--digest must be blake3 or sha256, not ${JSON.stringify(value ?? '')}`;
      digest = value;
    } else if (arg === '--json') {
      json = true;
    } else if (arg.startsWith('-')) {
      return `unknown option ${arg}`;
    } else {
      paths.push(arg);
    }
  }
  if (paths.length === 0) return 'a ledger path is required';
  if (!output) return '-o <file.warc.gz> is required';
  return { paths, output, digest, json };
}

function summaryText(s: ExportSummary): string {
  const skips = SKIP_REASONS.filter((r) => s.skippedByReason[r] > 0).map((r) => `${r} ${s.skippedByReason[r]}`);
  return [
    `exported ${s.resourceRecords} of ${s.indexRows} bodies to ${s.path}`,
    `skipped ${s.skipped}${skips.length ? ` (${skips.join(', ')})` : ''}`,
    `file ${s.fileBytes} bytes, ${s.blockBytes} body bytes, block digest ${s.digestAlgorithm}, export id ${s.exportId}`,
    `sha256 ${s.fileSha256}`,
    `blake3 ${s.fileBlake3}`,
    ...s.skippedSample.slice(0, 5).map((row) => `  skipped: ${row.reason}: ${row.detail}`),
  ].join('\n') + '\n';
}

function report(io: CliIo, json: boolean, error: Failure, code: number): number {
  if (json) io.stdout(`${JSON.stringify({ ok: false, error })}\n`);
  else io.stderr(`capsem-inspect export-warc: ${error.code}: ${error.message}\n`);
  return code;
}

export async function run(args: string[], io: CliIo): Promise<number> {
  const parsed = parseArgs(args);
  if (typeof parsed === 'string') {
    io.stderr(`capsem-inspect export-warc: ${parsed}\n${USAGE}`);
    return 2;
  }
  const opened = await openEvidence(parsed.paths);
  if (!opened.ok) return report(io, parsed.json, opened.error, 2);
  const evidence = opened.value;
  const controller = new AbortController();
  const onInterrupt = (): void => controller.abort();
  process.once('SIGINT', onInterrupt);
  try {
    const result = await exportWarc(evidence, { destination: parsed.output, digest: parsed.digest, signal: controller.signal });
    if (!result.ok) return report(io, parsed.json, result.error, 1);
    io.stdout(parsed.json ? `${JSON.stringify({ ok: true, summary: result.value })}\n` : summaryText(result.value));
    return 0;
  } finally {
    process.removeListener('SIGINT', onInterrupt);
    evidence.close();
  }
}

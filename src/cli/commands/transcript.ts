/**
 * capsem-inspect transcript <path> [--trace ID] [--format md|html|json] [-o FILE]
 * The story of one trace (or of the whole session) as one self-contained file: Markdown (default), HTML with no
 * script and no outside reference, or JSON lines; each line names its row and the hashes of the bodies it quotes.
 * Written to stdout, or to FILE (never inside the evidence folder). Exit 0 written, 1 refused (an unknown trace, a
 * destination inside the evidence), 2 usage error or the ledger cannot be opened, 130 interrupted (nothing left
 * behind).
 */
import { closeSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import type { CliIo } from '../io.js';
import type { TranscriptFormat } from '../../shared/contract/transcript.js';
import { TRANSCRIPT_FORMATS } from '../../shared/contract/transcript.js';
import { InspectorError, toFailure } from '../../shared/errors.js';
import type { Evidence } from '../../main/core/evidence/types.js';
import { openEvidence } from '../../main/core/evidence/open-evidence.js';
import { writeTranscriptAsync } from '../../main/core/transcript/export/export-transcript.js';
import type { AtForcedExit } from '../interrupt.js';
import { cancelOnInterrupt } from '../interrupt.js';
import { startEvidenceVerify } from '../../main/core/integrity/verify-adapter.js';
import { recordVerification } from '../../main/core/jobs/verified-bodies.js';
import { checkDestination } from '../../main/core/warc/destination.js';
import { hostStopOfEvidence } from '../../main/core/check/host-at-hand.js';
import { invalid, parseCommandArgs } from '../args.js';
import { argsOrExit } from '../usage.js';

const USAGE = 'usage: capsem-inspect transcript <path> [--trace ID] [--format md|html|json] [-o FILE]\n';

const FLAGS = {
  trace: { takes: 'value', read: (v: string | undefined, flag: string) => v || invalid(`${flag} needs a trace id`) },
  format: {
    takes: 'value',
    read: (v: string | undefined): TranscriptFormat | ReturnType<typeof invalid> =>
      (TRANSCRIPT_FORMATS as readonly string[]).includes(v ?? '')
        ? (v as TranscriptFormat)
        : invalid(`--format must be md, html or json, not ${JSON.stringify(v ?? '')}`),
  },
  output: { takes: 'value', short: 'o', read: (v: string | undefined, flag: string) => v || invalid(`${flag} needs a file name`) },
} as const;

interface Args {
  readonly paths: string[];
  readonly trace: string | undefined;
  readonly format: TranscriptFormat;
  readonly output: string | undefined;
}

function parse(args: readonly string[]): Args | string {
  const p = parseCommandArgs(args, FLAGS);
  if (typeof p === 'string') return p;
  if (p.positionals.length === 0) return 'a ledger path is required';
  return { paths: p.positionals, trace: p.flags.trace, format: p.flags.format ?? 'md', output: p.flags.output };
}

export async function run(args: string[], io: CliIo): Promise<number> {
  const parsed = argsOrExit(args, io, { command: 'transcript', usage: USAGE, helpAnywhere: true }, parse);
  if (typeof parsed === 'number') return parsed;
  const opened = await openEvidence(parsed.paths);
  if (!opened.ok) {
    io.stderr(`capsem-inspect transcript: ${opened.error.code}: ${opened.error.message}\n`);
    return 2;
  }
  const evidence = opened.value;
  // Ctrl-C is heard from here to the end: the verification is cancelled, a half-written file removed, exit 130.
  return cancelOnInterrupt((signal, atForcedExit) => write(evidence, parsed, io, signal, atForcedExit));
}

async function write(evidence: Evidence, parsed: Args, io: CliIo, signal: AbortSignal, atForcedExit: AtForcedExit): Promise<number> {
  let fd: number | null = null;
  let temp: string | null = null;
  try {
    // Every body is verified first, as the app does on open: a body that fails is marked on the line that quotes it
    // and counted in the file's head. Should the verification not run, the head says its bodies were not verified.
    const job = startEvidenceVerify(evidence, () => undefined);
    signal.addEventListener('abort', () => job.cancel(), { once: true });
    const verified = await job.result;
    if (signal.aborted) throw new InspectorError('CANCELLED', 'the transcript was not written: interrupted');
    if (verified.ok) recordVerification(evidence.db, verified.value);
    let sink = (chunk: string): void => io.stdout(chunk);
    let finalPath: string | null = null;
    if (parsed.output !== undefined) {
      const dest = checkDestination(evidence, parsed.output);
      if (!dest.ok) {
        io.stderr(`capsem-inspect transcript: ${dest.error.code}: ${dest.error.message}\n`);
        return 1;
      }
      finalPath = dest.value;
      // Written beside the destination under a temporary name, renamed once whole: a failed run leaves no half file.
      const partial = (temp = `${finalPath}.partial-${process.pid}`);
      const handle = (fd = openSync(partial, 'wx', 0o644));
      // A second Ctrl-C ends the process before the finally below runs: the half file goes with it all the same.
      atForcedExit(() => rmSync(partial, { force: true }));
      sink = (chunk) => void writeSync(handle, chunk);
    }
    // Page by page, the thread given back between pages, so an interrupt is heard mid-write.
    // A session kept in a Capsem home: the head's completeness compares the host's final counters, as check does.
    const hostStop = await hostStopOfEvidence(evidence);
    const { lines } = await writeTranscriptAsync(evidence, { traceId: parsed.trace, format: parsed.format, hostStop }, sink, signal);
    if (fd !== null && temp !== null && finalPath !== null) {
      closeSync(fd);
      fd = null;
      renameSync(temp, finalPath);
      temp = null;
      io.stderr(`wrote ${lines} lines to ${finalPath}\n`);
    }
    return 0;
  } catch (error) {
    const f = toFailure(error);
    io.stderr(`capsem-inspect transcript: ${f.code}: ${f.message}\n`);
    return f.code === 'CANCELLED' ? 130 : 1;
  } finally {
    if (fd !== null) closeSync(fd);
    if (temp !== null) rmSync(temp, { force: true });
    evidence.close();
  }
}

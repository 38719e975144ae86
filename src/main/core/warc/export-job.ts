/**
 * The WARC 1.1 export job (docs/formats/warc-export.md; issue 4). Pure: no worker or Electron imports.
 * plan totals → temporary file beside the destination → opening warcinfo, one resource record per index row in
 * archive order (or a counted skip), closing warcinfo → fsync → re-read everything with warcio against the plan →
 * rename to the final name → fsync the folder. Any failure or cancel deletes the temporary file; the final name
 * is only ever created by the rename of a verified file.
 */
import { randomUUID } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { dirname } from 'node:path';
import type { Failure, Result } from '../../../shared/errors.js';
import { fail, toFailure } from '../../../shared/errors.js';
import type { Evidence } from '../evidence/types.js';
import { provenDbHashes } from '../evidence/copy-proof.js';
import type { BodySource } from './body-source.js';
import { evidenceBodySource } from './body-source.js';
import { checkDestination } from './destination.js';
import { createBlockDigester, digestBlock } from './digest.js';
import { MemberWriter } from './member-writer.js';
import { ProgressPacer } from './progress-pacer.js';
import { rereadAgainstPlan } from './reread.js';
import { recordForRow, type RowContext } from './row-record.js';
import { SourceTargetResolver } from './source-target.js';
import type { SpoolPlacement } from './target-spool.js';
import { removeStaleTempFiles, tempPathFor, TempOutput } from './temp-output.js';
import { SKIP_REASONS } from './types.js';
import type { ExportOptions, ExportSummary, SkippedRow, SkipReason } from './types.js';
import { warcDateFromDate } from './warc-date.js';
import { closingFields, fieldBlock, openingFields } from './warcinfo.js';

const SKIP_SAMPLE = 32;

class Cancelled extends Error {}

function zeroCounts(): Record<SkipReason, number> {
  return Object.fromEntries(SKIP_REASONS.map((r) => [r, 0])) as Record<SkipReason, number>;
}

export async function exportWarc(
  evidence: Evidence,
  options: ExportOptions,
  source: BodySource = evidenceBodySource(evidence),
): Promise<Result<ExportSummary>> {
  const destination = checkDestination(evidence, options.destination);
  if (!destination.ok) return destination;
  // warcinfo carries session.db's hashes: a deferred open knows them only once its copy proof is done.
  const dbHashes = await provenDbHashes(evidence);
  if (!dbHashes.ok) return dbHashes;
  const finalPath = destination.value;
  // An archive that cannot be opened or read at all is a hard failure (docs/formats/warc-export.md#hard-failures): a
  // WARC with every body skipped would read as an export of this ledger. Nothing is created at the destination.
  const refused = archiveRefusal(evidence, finalPath);
  if (refused) return { ok: false, error: refused };
  if (options.fixedExportId !== undefined && !/^[0-9a-f]{32}$/.test(options.fixedExportId)) {
    return { ok: false, error: fail('BAD_REQUEST', `export id ${JSON.stringify(options.fixedExportId)} is not 32 lowercase hex digits`) };
  }
  const algorithm = options.digest ?? 'blake3';
  const exportId = options.fixedExportId ?? randomUUID().replace(/-/g, '');
  const exportDate = warcDateFromDate(options.fixedExportDate ?? new Date());
  const session = evidence.sessionId;
  const signal = options.signal;
  const checkCancel = (): void => {
    if (signal?.aborted) throw new Cancelled();
  };

  let output: TempOutput | null = null;
  let writer: MemberWriter | null = null;
  // Target lookups go through a private spool file, made next to the evidence's scratch folder (never in the
  // evidence folder nor beside the destination) and removed whatever happens.
  const resolver = new SourceTargetResolver(evidence.db, spoolPlacement(evidence));
  try {
    // Totals first, so progress can say "n of N"; the scratch copy does not change under us.
    let rowsTotal = 0;
    let bytesTotal = 0;
    for (const row of source.rows()) {
      rowsTotal += 1;
      bytesTotal += row.bodyLen;
    }
    const pacer = new ProgressPacer(options.onProgress, options.progressIntervalMs ?? 250);
    pacer.start('writing', rowsTotal + 2, bytesTotal);

    removeStaleTempFiles(finalPath);
    output = new TempOutput(tempPathFor(finalPath));
    options.onTempFile?.(output.path);
    writer = new MemberWriter(output, options.testHooks, options.compressionWorkers ?? defaultCompressionWorkers(bytesTotal));
    const digester = await createBlockDigester(algorithm);
    const ctx: RowContext = { session, resolver, digester, readBody: (row) => source.read(row) };

    const warcinfo = (kind: 'opening' | 'closing', block: Uint8Array) => ({
      type: 'warcinfo' as const,
      recordId: `urn:capsem:${session}:warcinfo:${kind}:${exportId}`,
      targetUri: null,
      date: exportDate,
      blockDigest: digestBlock(digester, block),
      truncated: false,
      contentType: 'application/warc-fields',
      block,
    });
    const opening = openingFields({
      session,
      exportDate,
      digest: algorithm,
      generation: evidence.generation,
      db: dbHashes.value,
      archive: evidence.hashes.archive,
    });
    await writer.write(warcinfo('opening', fieldBlock(opening)));
    await pacer.advance(1, 0, checkCancel);

    const counts = zeroCounts();
    const sample: SkippedRow[] = [];
    let resourceRecords = 0;
    let rowsSeen = 0;
    for (const row of source.rows()) {
      checkCancel();
      rowsSeen += 1;
      const outcome = recordForRow(ctx, row);
      if (outcome.kind === 'record') {
        await writer.write(outcome.spec);
        resourceRecords += 1;
      } else {
        counts[outcome.reason] += 1;
        if (sample.length < SKIP_SAMPLE) {
          sample.push({
            rowId: row.id,
            eventId: row.eventId,
            sourceTable: row.sourceTable,
            direction: row.direction,
            reason: outcome.reason,
            detail: outcome.detail,
          });
        }
      }
      await pacer.advance(1, row.bodyLen, checkCancel);
    }
    if (rowsSeen !== rowsTotal) throw new Error(`the index changed during the export: ${rowsTotal} rows counted, ${rowsSeen} read`);
    resolver.close(); // the spool is not needed past the last row; free its disk before the re-read

    await writer.write(warcinfo('closing', fieldBlock(closingFields(resourceRecords, counts))));
    await writer.finish();
    await writer.close();
    await pacer.advance(1, 0, checkCancel);
    pacer.finish();
    output.finish();
    await options.testHooks?.beforeReread?.(output.path);
    checkCancel();

    pacer.start('verifying', writer.plan.count, output.bytesWritten);
    const reread = await rereadAgainstPlan(output.path, writer.plan, digester, {
      signal,
      expectedBytes: output.bytesWritten,
      onBytes: (records, done) => pacer.set(records, done),
    });
    checkCancel();
    if (!reread.ok) {
      output.discard();
      return reread;
    }
    pacer.set(writer.plan.count, reread.value.fileBytes);
    pacer.finish();

    output.publish(finalPath);
    const skipped = SKIP_REASONS.reduce((sum, r) => sum + counts[r], 0);
    return {
      ok: true,
      value: {
        path: finalPath,
        exportId,
        exportDate,
        digestAlgorithm: algorithm,
        indexRows: rowsTotal,
        resourceRecords,
        skipped,
        skippedByReason: counts,
        skippedSample: sample,
        fileBytes: reread.value.fileBytes,
        fileSha256: reread.value.sha256,
        fileBlake3: reread.value.blake3,
        blockBytes: writer.blockBytes,
        sourceNote:
          evidence.generation === 'L0'
            ? 'This is an L0 ledger: its generation has no body archive, so the bodies were read from event_body_blobs.body in session.db.'
            : null,
      },
    };
  } catch (error) {
    await writer?.close();
    output?.discard();
    return { ok: false, error: describeFailure(error, signal, finalPath) };
  } finally {
    resolver.close();
  }
}

const SMALL_EXPORT_BYTES = 4 << 20;
const MAX_COMPRESSION_WORKERS = 4;

/** One gzip thread per core beside the export's own reading thread; none for a small export. */
function defaultCompressionWorkers(bodyBytes: number): number {
  if (bodyBytes < SMALL_EXPORT_BYTES) return 0;
  return Math.max(1, Math.min(MAX_COMPRESSION_WORKERS, availableParallelism()));
}

/** Why the archive cannot give a single body, when the open already knows (absent, bad header, short generation). */
function archiveRefusal(evidence: Evidence, finalPath: string): Failure | null {
  // Stand-in evidence in unit tests may carry no slot.
  const slot = (evidence as { readonly archive?: Evidence['archive'] }).archive;
  if (!slot || slot.state !== 'failed') return null;
  return fail(slot.error.code, `cannot export: ${slot.error.message}; nothing was written to ${finalPath}`);
}

/** The scratch root the evidence was opened with (default os.tmpdir()); never the evidence folder. */
function spoolPlacement(evidence: Evidence): SpoolPlacement {
  // Stand-in evidence in unit tests has no snapshot; the spool then goes to os.tmpdir().
  const snapshot = (evidence as { readonly snapshot?: Evidence['snapshot'] }).snapshot;
  return { root: snapshot ? dirname(snapshot.scratchDir) : undefined, avoid: [evidence.input.dir] };
}

function describeFailure(error: unknown, signal: AbortSignal | undefined, finalPath: string): Failure {
  if (error instanceof Cancelled || signal?.aborted)
    return fail('CANCELLED', `export to ${finalPath} was cancelled; nothing was written under that name`);
  const failure = toFailure(error);
  if (failure.code !== 'INTERNAL') return failure;
  const errno = (error as NodeJS.ErrnoException | null)?.code;
  const cause = errno === 'ENOSPC' ? 'the disk is full' : failure.message;
  return fail('EXPORT_FAILED', `export to ${finalPath} failed: ${cause}; nothing was written under that name`);
}

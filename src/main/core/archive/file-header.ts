import type { ArchiveState } from '../../../shared/ledger-types.js';
import { fail, type Failure } from '../../../shared/errors.js';
import { blake3Matches } from './blake3.js';
import { asciiEquals, bytesEqual, isUuidV4, toHex, u16, u32 } from './bytes.js';
import { FILE_HEADER_LEN_V1_V2, FILE_HEADER_LEN_V3, FILE_MAGIC } from './constants.js';

/** What a valid file header tells the reader. */
export interface FileHeaderInfo {
  readonly version: 1 | 2 | 3;
  readonly headerLen: number;
  readonly archiveId: Uint8Array | null;
  readonly generationId: Uint8Array | null;
}

export type HeaderResult = { readonly ok: true; readonly info: FileHeaderInfo } | { readonly ok: false; readonly error: Failure };

const bad = (path: string, why: string): HeaderResult => ({
  ok: false,
  error: fail('BAD_FILE_HEADER', `archive ${path} has a bad file header: ${why}`),
});

/**
 * Checks the first bytes of an archive file (docs/formats/ledger-format.md#file-format-v1 to #file-format-v3). `head`
 * holds up to 80 bytes from offset 0. v1/v2 readers check only magic and version (the reserved bytes are not checked,
 * as upstream); v3 is validated fully: flags 0, header length 80, UUIDv4 ids, header hash.
 */
export function parseFileHeader(head: Uint8Array, path: string, expected: 1 | 2 | 3): HeaderResult {
  if (head.length < FILE_HEADER_LEN_V1_V2) return bad(path, `the file is ${head.length} bytes, shorter than a header`);
  if (!asciiEquals(head, 0, FILE_MAGIC)) return bad(path, 'the magic is not CAPSEMBL');
  const version = u16(head, 8);
  if (version !== expected) return bad(path, `file version ${version}, but this ledger generation needs version ${expected}`);
  if (version === 1 || version === 2) {
    return { ok: true, info: { version, headerLen: FILE_HEADER_LEN_V1_V2, archiveId: null, generationId: null } };
  }
  if (head.length < FILE_HEADER_LEN_V3) return bad(path, `a v3 header needs 80 bytes, the file has ${head.length}`);
  if (u16(head, 10) !== 0) return bad(path, `v3 flags are ${u16(head, 10)}, must be 0`);
  const headerLen = u32(head, 12);
  if (headerLen !== FILE_HEADER_LEN_V3) return bad(path, `v3 header length is ${headerLen}, must be 80`);
  const archiveId = head.slice(16, 32);
  const generationId = head.slice(32, 48);
  if (!isUuidV4(archiveId)) return bad(path, `archive id ${toHex(archiveId)} is not a UUIDv4`);
  if (!isUuidV4(generationId)) return bad(path, `generation id ${toHex(generationId)} is not a UUIDv4`);
  if (!blake3Matches(head.subarray(0, 48), head.subarray(48, 80))) return bad(path, 'the v3 header hash does not match bytes 0..48');
  return { ok: true, info: { version: 3, headerLen: FILE_HEADER_LEN_V3, archiveId, generationId } };
}

/** The file name a generation must have: `g-` + 32 lowercase hex of the generation id + `.cbl`. */
export function generationFileName(generationId: Uint8Array): string {
  return `g-${toHex(generationId)}.cbl`;
}

/** A v3 generation's ids and file name against archive_state (docs/formats/ledger-format.md#file-format-v3). */
export function checkIdentity(info: FileHeaderInfo, state: ArchiveState, fileName: string, path: string): Failure | null {
  if (!info.archiveId || !info.generationId) return null;
  if (!bytesEqual(info.archiveId, state.archiveId)) {
    return fail(
      'ARCHIVE_IDENTITY_MISMATCH',
      `archive ${path} has archive id ${toHex(info.archiveId)}, archive_state names ${toHex(state.archiveId)}`,
    );
  }
  if (!bytesEqual(info.generationId, state.generationId)) {
    return fail(
      'ARCHIVE_IDENTITY_MISMATCH',
      `archive ${path} has generation id ${toHex(info.generationId)}, archive_state names ${toHex(state.generationId)}`,
    );
  }
  const expectedName = generationFileName(info.generationId);
  if (fileName !== expectedName) {
    return fail('ARCHIVE_IDENTITY_MISMATCH', `archive ${path} is named ${fileName}, its generation id requires ${expectedName}`);
  }
  return null;
}

/**
 * What each gap kind says, in one place: the report's sentence over the whole ledger and the mark on the one row a
 * transcript line tells. Both are written here, side by side, so the report and the line never say a gap two ways.
 */
import { bytesText } from '../../../shared/bytes-text.js';
import { plural } from '../../../shared/plural.js';

/** The older recorder's excerpt: 1 KiB of stdout (google/capsem#230). */
export const OLD_EXCERPT_BYTES = 1024;

export const BODY_CUT_WORDS = {
  section: (rows: number, bytesMissing: number): string =>
    rows === 1
      ? `1 body was cut at capture: its first bytes are kept and verified, its last ${bytesText(bytesMissing)} were never recorded`
      : `${plural(rows, 'body', 'bodies')} were cut at capture: the first bytes of each are kept and verified, the last ${bytesText(bytesMissing)} in all were never recorded`,
  /** `request body cut at capture: 10.0 MiB of 14.2 MiB kept`. */
  mark: (direction: string, stored: number, original: number): string =>
    `${direction} body cut at capture: ${bytesText(stored)} of ${bytesText(original)} kept`,
};

export const EXEC_OUTPUT_EXCERPT_WORDS = {
  section: (rows: number, bytesMissing: number, allOld: boolean): string => {
    const excerpt = allOld
      ? `an excerpt of at most ${OLD_EXCERPT_BYTES.toLocaleString('en-US')} bytes, as recorders before capsem#230 kept`
      : 'an excerpt';
    const kept =
      rows === 1 ? `1 exec output lane was kept as ${excerpt}` : `${plural(rows, 'exec output lane')} were each kept as ${excerpt}`;
    return `${kept}: the ${rows === 1 ? 'command ran' : 'commands ran'}, and ${bytesText(bytesMissing)} of ${rows === 1 ? 'its' : 'their'} output was not kept`;
  },
  /** `stdout: first 1.0 KiB of 3.2 MiB kept`. */
  mark: (lane: string, kept: number, produced: number): string => `${lane}: first ${bytesText(kept)} of ${bytesText(produced)} kept`,
};

export const STDERR_NOT_RECORDED_WORDS = {
  section: (rows: number): string =>
    `this ledger's recorder never recorded guest stderr: for its ${rows} ${rows === 1 ? 'command' : 'commands'}, no stderr means "not recorded", not "empty"`,
  mark: 'stderr not recorded by this ledger\'s generation: no stderr here means "not recorded", not "empty"',
};

export const HEADERS_CUT_WORDS = {
  section: (rows: number): string =>
    `${rows === 1 ? '1 request had its' : `${plural(rows, 'request')} had their`} headers cut at capture: the headers kept are as sent, the rest (and how many) were not recorded`,
  // headers_truncated is one flag for the request and the response: the mark cannot say which was cut.
  mark: 'headers cut at capture: the headers kept are as sent, the rest (and how many) were not recorded',
};

export const FILE_EVENTS_OVERFLOW_WORDS = {
  section: (windows: number, heldBack: number): string =>
    `the file monitor fell behind ${windows} ${windows === 1 ? 'time' : 'times'} and held back ${heldBack} changes: the scans that followed report what changed, not which change came from what`,
  mark: (heldBack: number): string =>
    `the file monitor fell behind here and held back ${heldBack} ${heldBack === 1 ? 'change' : 'changes'}: the scan that followed reports what changed, not which change came from what`,
};

export const BODY_PREVIEW_ONLY_WORDS = {
  section: (rows: number): string =>
    rows === 1
      ? '1 row kept a preview of its content but its body is not in the archive index: the content existed, only its first bytes can be shown, and they cannot be verified'
      : `${plural(rows, 'row')} kept a preview of their content but their bodies are not in the archive index: the content existed, only its first bytes can be shown, and they cannot be verified`,
  /** `request body not in the archive index: only its preview can be shown, unverified`. */
  mark: (direction: string): string =>
    `${direction} body not in the archive index: only its preview can be shown, and it cannot be verified`,
};

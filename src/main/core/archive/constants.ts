/** Format constants of docs/formats/ledger-format.md#constants, plus the reader's own safety bounds. */

export const FILE_MAGIC = 'CAPSEMBL';
export const FILE_HEADER_LEN_V1_V2 = 16;
export const FILE_HEADER_LEN_V3 = 80;

export const BLOCK_MAGIC_V1 = 'BLK1';
export const BLOCK_HEADER_LEN_V1 = 44;
export const BLOCK_MAGIC_V2 = 'BLK2';
export const BLOCK_HEADER_LEN_V2 = 8;

export const SEGMENT_MAGIC = 'SGMT';
export const SEGMENT_HEADER_LEN = 52;
export const SEGMENT_FINAL = 0x01;

export const MAX_BLOCK_RAW_BYTES = 16 * 1024 * 1024;
export const MAX_BLOCK_COMP_BYTES_V1 = MAX_BLOCK_RAW_BYTES + 64 * 1024;
export const MAX_SEGMENT_EXPANSION = 64 * 1024;

/**
 * Reader policy, not in the format: the largest committed extent (v2/v3 `disk_len`) we read into memory.
 * A real block is at most ~16 MiB of raw bytes plus small per-segment overhead; twice the raw cap
 * leaves room for incompressible data while keeping memory bounded whatever the index claims.
 */
export const MAX_BLOCK_DISK_BYTES = 2 * MAX_BLOCK_RAW_BYTES + 64 * 1024;

export const CODEC_DEFLATE = 1;
/**
 * The zstd codec id is an open question (docs/formats/ledger-format.md#codecs): 2 is the circumstantial id, and we
 * also require the frame magic.
 */
export const CODEC_ZSTD = 2;
export const ZSTD_MAGIC = Uint8Array.of(0x28, 0xb5, 0x2f, 0xfd);
export const DEFLATE_SYNC_TAIL = Uint8Array.of(0x00, 0x00, 0xff, 0xff);

/**
 * Largest zstd window we accept: 2^23 = 8 MiB. Capsem writes level-3 streams (2 MiB windows); RFC 8878 recommends
 * decoders support at least 8 MiB and RFC 9659 caps HTTP zstd windows at 8 MiB, so every mainstream encoder setting
 * up to level 19 fits. A bigger window only costs memory (libzstd allocates it) and time: fzstd copies its whole
 * window once per zstd block, so a forged 16 MiB window with many tiny blocks doubled that cost again.
 * A frame's declared content size is bounded separately by the 16 MiB block cap.
 */
export const MAX_ZSTD_WINDOW_LOG = 23;

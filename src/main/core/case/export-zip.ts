/**
 * A case export as one .zip, for the app's "Export case…" (a browser cannot be handed a folder): the files
 * export-build.ts renders, stored uncompressed under one folder name, so unpacking it gives the folder `case export`
 * writes, and `case verify <folder>` checks it the same way. Stored, not deflated: the bodies are the point, and
 * every byte of them stays readable with any unzip tool. Entry times are the export's own, so the same export
 * zips to the same bytes.
 */
import { crc32 } from 'node:zlib';
import { InspectorError } from '../../../shared/errors.js';
import type { ExportFiles } from './export-build.js';

/** A .zip without its ZIP64 extensions holds entries and an archive under 4 GiB. */
const ZIP32_MAX = 0xffffffff;
/** General purpose flag 11: the names are UTF-8. */
const UTF8_NAMES = 0x0800;

/** MS-DOS date and time of `at` (UTC; two-second steps; years from 1980). */
function dosTime(at: Date): { time: number; date: number } {
  const year = Math.min(Math.max(at.getUTCFullYear(), 1980), 2107);
  return {
    time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | (at.getUTCSeconds() >> 1),
    date: ((year - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
  };
}

/**
 * The fields a local header and its central directory entry share, in the same order from `at`: version needed
 * (1.0, stored), flags, method (stored), time, date, CRC-32, both sizes, the name's length.
 */
function entryFields(
  buf: Buffer,
  at: number,
  f: { readonly crc: number; readonly size: number; readonly nameLength: number; readonly time: number; readonly date: number },
): void {
  buf.writeUInt16LE(10, at);
  buf.writeUInt16LE(UTF8_NAMES, at + 2);
  buf.writeUInt16LE(0, at + 4);
  buf.writeUInt16LE(f.time, at + 6);
  buf.writeUInt16LE(f.date, at + 8);
  buf.writeUInt32LE(f.crc, at + 10);
  buf.writeUInt32LE(f.size, at + 14);
  buf.writeUInt32LE(f.size, at + 18);
  buf.writeUInt16LE(f.nameLength, at + 22);
}

export function zipExport(folder: string, files: ExportFiles, at: Date): Buffer {
  const { time, date } = dosTime(at);
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, bytes] of files) {
    const path = Buffer.from(`${folder}/${name}`, 'utf8');
    const crc = crc32(bytes);
    if (bytes.length > ZIP32_MAX) throw new InspectorError('EXPORT_FAILED', `${name} is over 4 GiB, more than a .zip holds here`);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    entryFields(local, 4, { crc, size: bytes.length, nameLength: path.length, time, date });
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE((3 << 8) | 20, 4); // made by: Unix, 2.0 (so the mode below is read)
    entryFields(entry, 6, { crc, size: bytes.length, nameLength: path.length, time, date });
    entry.writeUInt32LE((0o100644 << 16) >>> 0, 38); // a regular file, rw-r--r--
    entry.writeUInt32LE(offset, 42);
    central.push(entry, path);
    parts.push(local, path, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    offset += local.length + path.length + bytes.length;
    if (offset > ZIP32_MAX) throw new InspectorError('EXPORT_FAILED', 'the case export is over 4 GiB, more than a .zip holds here');
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.size, 8);
  end.writeUInt16LE(files.size, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directory, end]);
}

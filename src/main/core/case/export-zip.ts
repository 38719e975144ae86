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
    local.writeUInt16LE(10, 4); // version needed: 1.0, stored
    local.writeUInt16LE(UTF8_NAMES, 6);
    local.writeUInt16LE(0, 8); // stored
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(bytes.length, 18);
    local.writeUInt32LE(bytes.length, 22);
    local.writeUInt16LE(path.length, 26);
    local.writeUInt16LE(0, 28);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE((3 << 8) | 20, 4); // made by: Unix, 2.0 (so the mode below is read)
    entry.writeUInt16LE(10, 6);
    entry.writeUInt16LE(UTF8_NAMES, 8);
    entry.writeUInt16LE(0, 10);
    entry.writeUInt16LE(time, 12);
    entry.writeUInt16LE(date, 14);
    entry.writeUInt32LE(crc, 16);
    entry.writeUInt32LE(bytes.length, 20);
    entry.writeUInt32LE(bytes.length, 24);
    entry.writeUInt16LE(path.length, 28);
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

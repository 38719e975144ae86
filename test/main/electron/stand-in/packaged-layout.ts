/**
 * The packaged app's layout, made by electron-builder itself (`--dir`, electron-builder.ts as it is) around a fake
 * Electron distribution: a stand-in binary that carries only Electron's fuse wire (sentinel, version 1, eight fuses),
 * so electron-builder's fuse step has something to flip and the test can read what it set. Dependencies are not
 * rebuilt for Electron's ABI (that needs Electron's headers from its download host), so the addons stay Node's, as
 * the stand-in runs them under Node.
 *
 * Node cannot read inside app.asar, so the run uses the archive extracted to a folder of the same name beside the
 * real app.asar.unpacked: the paths are the packaged app's (process.resourcesPath/app.asar/out/main/...), the
 * files are exactly the ones electron-builder packed. What is unpacked is read from the archive's header instead.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { extractAll, listPackage } from '@electron/asar';
import { getCurrentFuseWire } from '@electron/fuses';

const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
const FUSE_COUNT = 8;

export interface PackagedLayout {
  /** The built binary (the fake, with the fuses electron-builder set). */
  readonly binary: string;
  /** resources/ as electron-builder laid it out. */
  readonly resources: string;
  /** A copy whose app.asar is a folder, for Node: process.resourcesPath of the run. */
  readonly runResources: string;
  /** Every file in app.asar and whether it was unpacked. */
  readonly entries: readonly { readonly path: string; readonly unpacked: boolean }[];
}

function fakeElectronDist(dir: string): void {
  mkdirSync(dir, { recursive: true });
  // Every fuse starts enabled ('1'), so each one electron-builder disables shows.
  const wire = Buffer.concat([
    Buffer.from('#!/bin/sh\nexit 70\n'),
    Buffer.from(FUSE_SENTINEL),
    Buffer.from([1, FUSE_COUNT]),
    Buffer.alloc(FUSE_COUNT, '1'),
  ]);
  writeFileSync(join(dir, 'electron'), wire, { mode: 0o755 });
  writeFileSync(join(dir, 'version'), '45.3.4');
  writeFileSync(join(dir, 'LICENSE'), 'stand-in');
}

export function buildPackagedLayout(root: string, work: string): PackagedLayout {
  const dist = join(work, 'fake-electron-dist');
  const output = join(work, 'builder-output');
  fakeElectronDist(dist);
  execFileSync(
    process.execPath,
    [
      join(root, 'node_modules', 'electron-builder', 'cli.js'),
      '--linux',
      '--dir',
      `-c.electronDist=${dist}`,
      '-c.npmRebuild=false',
      `-c.directories.output=${output}`,
    ],
    {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const unpackedDir = join(output, 'linux-unpacked');
  const resources = join(unpackedDir, 'resources');
  const entries = listPackage(join(resources, 'app.asar'), { isPack: true }).map((line) => {
    const [state, path] = line.split(/\s*:\s/, 2) as [string, string];
    return { path: path.trim(), unpacked: state.trim() === 'unpack' };
  });
  const runResources = join(work, 'run-resources');
  extractAll(join(resources, 'app.asar'), join(runResources, 'app.asar'));
  cpSync(join(resources, 'app.asar.unpacked'), join(runResources, 'app.asar.unpacked'), { recursive: true });
  return { binary: join(unpackedDir, 'capsem-ledger-inspector'), resources, runResources, entries };
}

/** The fuses as electron-builder left them in the binary: fuse index → '0' | '1'. */
export async function fusesOf(binary: string): Promise<string[]> {
  const wire = (await getCurrentFuseWire(binary)) as unknown as Record<number, number>;
  return Array.from({ length: FUSE_COUNT }, (_, i) => String.fromCharCode(wire[i]!));
}

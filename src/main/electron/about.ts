/** The About box and the keyboard-shortcut sheet: plain text built from values, so tests can read it. */
import { GENERATIONS, GENERATION_LABELS } from '../../shared/ledger-types.js';
import { INSPECTOR_NAME, INSPECTOR_VERSION } from '../../shared/version.js';

export interface RuntimeVersions {
  readonly electron?: string;
  readonly chrome?: string;
  readonly node?: string;
  readonly v8?: string;
}

export interface AboutText {
  readonly message: string;
  readonly detail: string;
}

export function aboutText(productName: string, versions: RuntimeVersions): AboutText {
  const runtime = [
    `Electron ${versions.electron ?? 'unknown'}`,
    `Chromium ${versions.chrome ?? 'unknown'}`,
    `Node ${versions.node ?? 'unknown'}`,
    `V8 ${versions.v8 ?? 'unknown'}`,
  ].join(' · ');
  const generations = GENERATIONS.map((g) => `  ${GENERATION_LABELS[g]}`).join('\n');
  return {
    message: `${productName} ${INSPECTOR_VERSION}`,
    detail: [
      `${INSPECTOR_NAME} ${INSPECTOR_VERSION}: a read-only inspector for Capsem session ledgers. Evidence is read from private scratch copies; nothing is ever written into an evidence folder.`,
      '',
      `Evidence generations supported (${GENERATIONS.join(', ')}):`,
      generations,
      '',
      runtime,
    ].join('\n'),
  };
}

type Modifier = 'mod' | 'shift' | 'alt';

/** A key combination as this platform writes it: ⌥⇧⌘K on macOS, Ctrl+Shift+Alt+K elsewhere. */
export function keyCombo(platform: NodeJS.Platform, modifiers: readonly Modifier[], key: string): string {
  if (platform === 'darwin') {
    const mac: Record<Modifier, string> = { alt: '⌥', shift: '⇧', mod: '⌘' };
    return (
      (['alt', 'shift', 'mod'] as const)
        .filter((m) => modifiers.includes(m))
        .map((m) => mac[m])
        .join('') + key
    );
  }
  const other: Record<Modifier, string> = { mod: 'Ctrl+', shift: 'Shift+', alt: 'Alt+' };
  return (
    (['mod', 'shift', 'alt'] as const)
      .filter((m) => modifiers.includes(m))
      .map((m) => other[m])
      .join('') + key
  );
}

/** The menu's accelerators, as the user types them on this platform. */
export function shortcutSheet(platform: NodeJS.Platform): string {
  const k = (modifiers: readonly Modifier[], key: string): string => keyCombo(platform, modifiers, key);
  const rows: [string, string][] = [
    [k(['mod'], 'O'), 'Open files (a session.db, its .bodies, a host.db)'],
    [k(['mod', 'shift'], 'O'), 'Open a session folder'],
    [k(['mod'], 'E'), 'Export WARC'],
    [k(['mod', 'shift'], 'B'), 'Verify all bodies'],
    [k(['mod', 'alt'], 'R'), 'Reveal the evidence folder'],
    [`${k(['mod'], '1')} … ${k(['mod'], '9')}`, 'Switch view'],
    [`${k(['mod'], '+')} ${k(['mod'], '-')} ${k(['mod'], '0')}`, 'Zoom in, out, reset'],
    [k(['mod'], 'W'), 'Close the window'],
    ['?', 'Shortcut sheet inside the page (next/previous row, focus search)'],
  ];
  return rows.map(([keys, what]) => `${keys.padEnd(18)} ${what}`).join('\n');
}

import { describe, expect, it } from 'vitest';
import { aboutText, keyCombo, shortcutSheet } from '../../../src/main/electron/about.js';
import { addRecent, MAX_RECENT, parseRecent, recentLabel, serializeRecent } from '../../../src/main/electron/recent-list.js';
import { bodyFileName } from '../../../src/main/electron/body-save.js';

describe('about and shortcuts', () => {
  it('names versions and every evidence generation supported', () => {
    const about = aboutText('Capsem Ledger Inspector', { electron: '45.3.4', chrome: '140', node: '22.20', v8: '14' });
    expect(about.message).toMatch(/^Capsem Ledger Inspector \d+\.\d+\.\d+$/);
    for (const g of ['L0', 'A1', 'A2', 'A3', 'A4']) expect(about.detail).toContain(g);
    expect(about.detail).toContain('Electron 45.3.4');
    expect(about.detail).toContain('Node 22.20');
  });
  it('writes shortcuts the platform’s way', () => {
    expect(keyCombo('darwin', ['mod', 'shift'], 'O')).toBe('⇧⌘O');
    expect(keyCombo('linux', ['shift', 'mod'], 'O')).toBe('Ctrl+Shift+O');
    expect(keyCombo('win32', ['alt', 'mod'], 'R')).toBe('Ctrl+Alt+R');
    expect(shortcutSheet('darwin')).toContain('⌘E');
    expect(shortcutSheet('linux')).toContain('Ctrl+E');
  });
});

describe('recent list', () => {
  it('keeps the newest first, without duplicates, capped', () => {
    let list = addRecent([], ['/c/ses_1']);
    list = addRecent(list, ['/c/ses_2/session.db', '/c/ses_2/session.bodies']);
    list = addRecent(list, ['/c/ses_1']);
    expect(list.map((e) => e.paths[0])).toEqual(['/c/ses_1', '/c/ses_2/session.db']);
    expect(list[1]!.label).toBe('ses_2 (session.db + session.bodies) — /c/ses_2');
    for (let i = 0; i < 20; i++) list = addRecent(list, [`/c/s${i}`]);
    expect(list).toHaveLength(MAX_RECENT);
  });
  it('round-trips through its file and drops anything malformed', () => {
    const list = addRecent([], ['/c/ses_1']);
    expect(parseRecent(serializeRecent(list))).toEqual(list);
    expect(parseRecent('not json')).toEqual([]);
    expect(parseRecent(null)).toEqual([]);
    expect(parseRecent(JSON.stringify([{ paths: ['relative'] }, { paths: [1] }, { nope: 1 }, { paths: ['/a', '/b', '/c'] }]))).toEqual([]);
    expect(recentLabel(['/c/ses_1'])).toBe('ses_1 — /c');
  });
});

describe('saved body file names', () => {
  it('are made of safe characters only', () => {
    expect(bodyFileName({ eventId: '../../etc/passwd', sourceTable: 'model_calls', direction: 'response' })).toBe(
      '__.._etc_passwd-model_calls-response.bin',
    );
    expect(bodyFileName({ eventId: 'ev:1.2', sourceTable: 't', direction: 'request' })).toBe('ev_1.2-t-request.bin');
  });
});

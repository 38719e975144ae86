#!/usr/bin/env node
// Checks a commit message file against CONTRIBUTING.md: a subject of at most 72 characters, one change (no
// changes joined with ";"), a blank line before the body. Use as a hook:
//   ln -s ../../scripts/git/check-commit-msg.mjs .git/hooks/commit-msg
// or check the last commits: node scripts/git/check-commit-msg.mjs --last 20
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

export const MAX_SUBJECT = 72;

/** The problems with one commit message (git's comment lines already stripped), or none. */
export function commitMessageProblems(message) {
  const lines = message
    .replace(/\r\n/g, '\n')
    .split('\n')
    .filter((l) => !l.startsWith('#'));
  const subject = lines[0] ?? '';
  const problems = [];
  if (subject.trim() === '') problems.push('the subject is empty');
  if (subject.length > MAX_SUBJECT) problems.push(`the subject has ${subject.length} characters; at most ${MAX_SUBJECT}`);
  if (subject.includes(';')) problems.push('the subject joins changes with ";": make one commit per change');
  if (lines.length > 1 && lines[1].trim() !== '') problems.push('the subject is not followed by a blank line');
  return problems;
}

const args = process.argv.slice(2);
if (import.meta.url === `file://${process.argv[1]}`) {
  let failed = false;
  if (args[0] === '--last') {
    const n = Number(args[1] ?? 20);
    const log = execFileSync('git', ['log', `-${n}`, '--format=%H%x00%B%x01'], { encoding: 'utf8' });
    for (const entry of log
      .split('\x01')
      .map((e) => e.trim())
      .filter(Boolean)) {
      const [hash, body] = entry.split('\x00');
      const problems = commitMessageProblems(body);
      if (problems.length) {
        failed = true;
        console.log(`${hash.slice(0, 10)} ${body.split('\n')[0].slice(0, 60)}…\n  ${problems.join('\n  ')}`);
      }
    }
  } else if (args[0]) {
    const problems = commitMessageProblems(readFileSync(args[0], 'utf8'));
    if (problems.length) {
      failed = true;
      console.error(`commit message: ${problems.join('; ')}`);
    }
  } else {
    console.error('usage: check-commit-msg.mjs <message file> | --last N');
    process.exit(2);
  }
  process.exit(failed ? 1 : 0);
}

// @vitest-environment node
// The build time written into the bundle: every clone of a commit must build the same bundle.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { committedSourcesTime } from '../../buildStamp.mjs';

const identity = {
  GIT_AUTHOR_NAME: 'Test',
  GIT_AUTHOR_EMAIL: 'test@example.com',
  GIT_COMMITTER_NAME: 'Test',
  GIT_COMMITTER_EMAIL: 'test@example.com',
};
const folders: string[] = [];

function git(dir: string, args: string[], date = '2026-01-02T03:04:05Z') {
  execFileSync('git', args, {
    cwd: dir,
    stdio: 'ignore',
    env: { ...process.env, ...identity, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date },
  });
}

function write(dir: string, path: string, text: string) {
  mkdirSync(join(dir, path, '..'), { recursive: true });
  writeFileSync(join(dir, path), text);
}

/** A repository whose app source was committed at 03:04:05 and a document at 09:00 the same day. */
function repository(): string {
  const dir = mkdtempSync(join(tmpdir(), 'hanouti-stamp-'));
  folders.push(dir);
  git(dir, ['init', '-q']);
  write(dir, 'apps/web/src/main.ts', 'export const a = 1;\n');
  git(dir, ['add', '.']);
  git(dir, ['commit', '-q', '-m', 'app']);
  write(dir, 'docs/notes.md', 'notes\n');
  git(dir, ['add', '.']);
  git(dir, ['commit', '-q', '-m', 'docs'], '2026-01-02T09:00:00Z');
  return dir;
}

afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('committedSourcesTime', () => {
  it("is the commit time of the bundle's inputs, not of a later commit that left them alone", () => {
    expect(committedSourcesTime(repository())).toBe('2026-01-02T03:04:05.000Z');
  });

  it('is the same in another full clone of the commit', () => {
    const dir = repository();
    const clone = mkdtempSync(join(tmpdir(), 'hanouti-stamp-clone-'));
    folders.push(clone);
    git(clone, ['clone', '-q', dir, '.']);
    expect(committedSourcesTime(clone)).toBe('2026-01-02T03:04:05.000Z');
  });

  it('says nothing when an input changed or was added since the commit, or outside git', () => {
    const changed = repository();
    write(changed, 'apps/web/src/main.ts', 'export const a = 2;\n');
    expect(committedSourcesTime(changed)).toBeUndefined();

    const added = repository();
    write(added, 'packages/core/src/new.ts', 'export {};\n');
    expect(committedSourcesTime(added)).toBeUndefined();

    const notGit = mkdtempSync(join(tmpdir(), 'hanouti-stamp-plain-'));
    folders.push(notGit);
    write(notGit, 'apps/web/src/main.ts', 'export const a = 1;\n');
    expect(committedSourcesTime(notGit)).toBeUndefined();
  });

  it('says nothing in a shallow clone, whose history is cut', () => {
    const dir = repository();
    const shallow = mkdtempSync(join(tmpdir(), 'hanouti-stamp-shallow-'));
    folders.push(shallow);
    git(shallow, ['clone', '-q', '--depth', '1', `file://${dir}`, '.']);
    expect(committedSourcesTime(shallow)).toBeUndefined();
  });
});

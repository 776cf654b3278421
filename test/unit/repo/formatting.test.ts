// The code is in the formatter's form (.prettierrc.json, npm run format): a change that is not
// fails here, so review reads what changed and never a reflow.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

describe('formatting', () => {
  it('every file prettier covers is formatted (npm run format fixes it)', () => {
    const r = spawnSync(
      process.execPath,
      [join(ROOT, 'node_modules', 'prettier', 'bin', 'prettier.cjs'), '--list-different', '.'],
      { cwd: ROOT, encoding: 'utf8' },
    );
    expect(r.error).toBeUndefined();
    expect(r.stdout.split('\n').filter(Boolean)).toEqual([]);
    expect(r.status).toBe(0);
  }, 120_000);
});

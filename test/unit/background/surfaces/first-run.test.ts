import { describe, expect, it } from 'vitest';
import { opensFirstRun } from '@/src/background/surfaces/first-run';
import { FIRST_RUN_EXAMPLES } from '@/src/background/surfaces/first-run.examples';

describe('the first-run page opens only for a person setting Linklens up', () => {
  for (const ex of FIRST_RUN_EXAMPLES) {
    it(`${ex.name} → ${ex.expected ? 'opens' : 'nothing'}`, () => expect(opensFirstRun(ex.facts)).toBe(ex.expected));
  }
});

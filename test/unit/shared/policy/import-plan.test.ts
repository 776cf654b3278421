import { describe, expect, it } from 'vitest';
import { confirmedAll, planImport } from '@/src/shared/policy/import-plan';
import { CURRENT, IMPORT_EXAMPLES } from '@/src/shared/policy/import-plan.examples';

describe('planImport example table', () => {
  it.each(IMPORT_EXAMPLES.map((e) => [e.name, e] as const))('%s', (_n, e) => {
    const r = planImport(e.file, CURRENT, e.locked ?? []);
    if (!r.ok) throw new Error('not planned');
    expect(r.plan.patch).toEqual(e.patch);
    // Exactly the keys the file names change; the rest keep their value.
    expect(r.plan.changes.map((c) => c.key).sort()).toEqual(Object.keys(e.patch).sort());
    const confirm = Object.fromEntries(r.plan.changes.filter((c) => c.weakens).map((c) => [c.key, c.weakens]));
    expect(confirm).toEqual(e.confirm ?? {});
    expect(r.plan.confirm.sort()).toEqual(Object.keys(e.confirm ?? {}).sort());
    expect(r.plan.ignored).toEqual(e.ignored ?? []);
  });

  it('a file that is not an object is refused as a whole', () => {
    for (const raw of [null, 42, 'x', [{ hoverDelayMs: 400 }]]) expect(planImport(raw, CURRENT, [])).toEqual({ ok: false, error: 'not-settings' });
  });

  it('a service URL change says the key stays with its origin', () => {
    const r = planImport({ serviceUrl: 'https://new.example.net/api' }, CURRENT, [], 'https://scan.example.org');
    expect(r.ok && r.plan.serviceKey).toEqual({ keyOrigin: 'https://scan.example.org', newOrigin: 'https://new.example.net' });
  });

  it('applying needs every confirmation the plan asks for', () => {
    const r = planImport({ scanHovers: false, auditOnly: true, hoverDelayMs: 500 }, CURRENT, []);
    if (!r.ok) throw new Error('not planned');
    expect(confirmedAll(r.plan, [])).toBe(false);
    expect(confirmedAll(r.plan, ['scanHovers'])).toBe(false);
    expect(confirmedAll(r.plan, ['scanHovers', 'auditOnly'])).toBe(true);
    const harmless = planImport({ hoverDelayMs: 500 }, CURRENT, []);
    expect(harmless.ok && confirmedAll(harmless.plan, [])).toBe(true);
  });
});

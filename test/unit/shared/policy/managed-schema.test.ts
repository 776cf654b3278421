/**
 * Convention tests: public/managed_schema.json (Chrome) and the administrators' reference
 * (docs/admin/policy.md, the sample policies in docs/admin/deployment.md) stay in step with the
 * settings schema and with each other.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { MANAGED_KEYS, readManaged } from '@/src/shared/policy/managed';
import { SAMPLE_POLICY } from '@/src/shared/policy/managed.examples';
import { DEFAULT_SETTINGS } from '@/src/shared/policy/settings';

const root = resolve(__dirname, '../../../..');
const schema = JSON.parse(readFileSync(resolve(root, 'public/managed_schema.json'), 'utf8'));
const policyDoc = readFileSync(resolve(root, 'docs/admin/policy.md'), 'utf8');
const deploymentDoc = readFileSync(resolve(root, 'docs/admin/deployment.md'), 'utf8');

type Node = { type?: string; [k: string]: unknown };

/**
 * Attributes Chrome's policy schema parser accepts per type (components/policy/core/common/
 * schema.cc, kAttributesAndTypesFor*). Anything else makes Chrome refuse to load the extension.
 */
const ALLOWED: Record<string, string[]> = {
  boolean: ['type', 'title', 'description', 'id', 'sensitiveValue'],
  integer: ['type', 'title', 'description', 'id', 'sensitiveValue', 'enum', 'minimum', 'maximum'],
  // Ranges are integer-only there: a number's range is checked by Linklens (settings.ts).
  number: ['type', 'title', 'description', 'id', 'sensitiveValue'],
  string: ['type', 'title', 'description', 'id', 'sensitiveValue', 'enum', 'pattern'],
  array: ['type', 'title', 'description', 'id', 'sensitiveValue', 'items'],
  object: [
    'type',
    'title',
    'description',
    'id',
    'sensitiveValue',
    'properties',
    'additionalProperties',
    'patternProperties',
    'required',
  ],
};

function checkChromeSubset(node: Node, path: string): string[] {
  const errors: string[] = [];
  const allowed = ALLOWED[node.type ?? ''];
  if (!allowed) return [`${path}: unknown type ${node.type}`];
  for (const k of Object.keys(node))
    if (!allowed.includes(k)) errors.push(`${path}: attribute ${k} not allowed for ${node.type}`);
  if (node.type === 'array') errors.push(...checkChromeSubset(node.items as Node, `${path}.items`));
  if (node.type === 'object' && node.properties) {
    for (const [k, v] of Object.entries(node.properties as Record<string, Node>))
      errors.push(...checkChromeSubset(v, `${path}.${k}`));
  }
  return errors;
}

/** A small validator for the subset used, to check sample values against the schema. */
function validate(node: Node, value: unknown, path: string): string[] {
  switch (node.type) {
    case 'boolean':
      return typeof value === 'boolean' ? [] : [path];
    case 'integer': {
      if (typeof value !== 'number' || !Number.isInteger(value)) return [path];
      if (typeof node.minimum === 'number' && value < node.minimum) return [path];
      if (typeof node.maximum === 'number' && value > node.maximum) return [path];
      return [];
    }
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? [] : [path];
    case 'string':
      if (typeof value !== 'string') return [path];
      return Array.isArray(node.enum) && !node.enum.includes(value) ? [path] : [];
    case 'array':
      return Array.isArray(value) ? value.flatMap((v, i) => validate(node.items as Node, v, `${path}[${i}]`)) : [path];
    case 'object':
      if (typeof value !== 'object' || value === null) return [path];
      return Object.entries(value).flatMap(([k, v]) => {
        const sub = (node.properties as Record<string, Node> | undefined)?.[k];
        return sub ? validate(sub, v, `${path}.${k}`) : [`${path}.${k} (unknown)`];
      });
    default:
      return [path];
  }
}

describe('public/managed_schema.json', () => {
  it('is a top-level object without additionalProperties (Chrome requirement)', () => {
    expect(schema.type).toBe('object');
    expect(schema).not.toHaveProperty('additionalProperties');
  });

  it('declares exactly the managed keys, each with a description', () => {
    expect(Object.keys(schema.properties).sort()).toEqual([...MANAGED_KEYS].sort());
    for (const k of MANAGED_KEYS) expect(typeof schema.properties[k].description, k).toBe('string');
  });

  it('uses only attributes Chrome accepts', () => {
    expect(checkChromeSubset(schema, 'root')).toEqual([]);
  });

  it('accepts every default value', () => {
    const { version: _v, ...defaults } = DEFAULT_SETTINGS;
    expect(validate(schema, defaults, 'root')).toEqual([]);
  });

  it('accepts the documented sample policy', () => {
    expect(validate(schema, SAMPLE_POLICY, 'root')).toEqual([]);
  });

  it('rejects what readManaged rejects (ranges and enums agree)', () => {
    const bad = {
      hoverDelayMs: 10,
      warnThreshold: 101,
      strictFailMode: 'deny',
      strictTimeoutMs: 100,
      cacheTtlMinutes: { safe: 0 },
      budgets: { navigationsPerTabPerMinute: 1 },
    };
    for (const [k, v] of Object.entries(bad)) {
      expect(validate(schema, { [k]: v }, 'root').length, k).toBeGreaterThan(0);
      expect(readManaged({ [k]: v }).invalid.length, k).toBeGreaterThan(0);
    }
  });

  it('marks the API key sensitive so chrome://policy masks it', () => {
    expect(schema.properties.apiKey.sensitiveValue).toBe(true);
  });
});

describe('docs/admin', () => {
  const jsonBlocks = [...deploymentDoc.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => JSON.parse(m[1] as string));

  it('shows the sample policy in Chrome form (3rdparty.extensions.<id>)', () => {
    const chrome = jsonBlocks.find((b) => b['3rdparty']);
    expect(chrome['3rdparty'].extensions['<extension id>']).toEqual(SAMPLE_POLICY);
  });

  it('shows the sample policy in Firefox form (policies.3rdparty.Extensions.<gecko id>)', () => {
    const firefox = jsonBlocks.find((b) => b.policies);
    expect(firefox.policies['3rdparty'].Extensions['linklens@linklens.dev']).toEqual(SAMPLE_POLICY);
    expect(firefox.policies.ExtensionSettings).toHaveProperty(['linklens@linklens.dev']);
  });

  it('documents every managed key', () => {
    for (const k of MANAGED_KEYS) expect(policyDoc, k).toContain(`\`${k}\``);
  });
});

// The deployment kits (scripts/lib/kits) hold every key of public/managed_schema.json, each in
// the form its browser reads, and each file parses as what it claims to be.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Window } from 'happy-dom';
import { describe, expect, it } from 'vitest';
import { buildKits } from '@/scripts/lib/kits/index';
import { policyKeys } from '@/scripts/lib/kits/schema';
import { GECKO_ID } from '@/scripts/lib/kits/firefox';
import { DEV_EXTENSION_ID } from '@/test/e2e/harness/browser-policy';

const ROOT = resolve(import.meta.dirname, '../../..');
const schema = JSON.parse(readFileSync(resolve(ROOT, 'public/managed_schema.json'), 'utf8'));
const KEYS = Object.keys(schema.properties as object);
const EDGE_ID = 'abcdefghijklmnopabcdefghijklmnop';
const kits = buildKits(schema, { chrome: DEV_EXTENSION_ID, edge: EDGE_ID });
const kit = (name: string): string => {
  const text = kits.get(name);
  if (text === undefined) throw new Error(`no kit ${name}`);
  return text;
};

/** Parses XML strictly: happy-dom puts a <parsererror> in the document for malformed input. */
function parseXml(text: string): Document {
  const doc = new new Window().DOMParser().parseFromString(text, 'application/xml') as unknown as Document;
  const error = doc.getElementsByTagName('parsererror')[0];
  if (error) throw new Error(`not well-formed XML: ${error.textContent?.slice(0, 300)}`);
  return doc;
}

const byTag = (doc: Document | Element, tag: string): Element[] => [...doc.getElementsByTagName(tag)];

describe('Group Policy templates (ADMX + ADML)', () => {
  for (const [slug, root, id] of [
    ['chrome', 'Software\\Policies\\Google\\Chrome', DEV_EXTENSION_ID],
    ['edge', 'Software\\Policies\\Microsoft\\Edge', EDGE_ID],
  ] as const) {
    it(`${slug}: one policy per schema key under the extension's policy key, each value type as Chrome reads it`, () => {
      const admx = parseXml(kit(`windows/linklens-${slug}.admx`));
      const policies = byTag(admx, 'policy');
      expect(policies.map((p) => p.getAttribute('name'))).toEqual(KEYS);
      const key = `${root}\\3rdparty\\extensions\\${id}\\policy`;
      for (const p of policies) {
        const name = p.getAttribute('name')!;
        const type = schema.properties[name].type as string;
        expect(p.getAttribute('key'), name).toBe(key);
        if (type === 'boolean') {
          expect(p.getAttribute('valueName'), name).toBe(name);
          expect(byTag(p, 'enabledValue')[0]?.getElementsByTagName('decimal')[0]?.getAttribute('value'), name).toBe(
            '1',
          );
        } else if (type === 'integer') {
          const d = byTag(p, 'decimal')[0]!;
          expect([d.getAttribute('valueName'), d.getAttribute('minValue'), d.getAttribute('maxValue')], name).toEqual([
            name,
            String(schema.properties[name].minimum),
            String(schema.properties[name].maximum),
          ]);
        } else if (type === 'array') {
          expect(byTag(p, 'list')[0]?.getAttribute('key'), name).toBe(`${key}\\${name}`);
        } else if (schema.properties[name].enum) {
          expect(
            byTag(p, 'item').map((i) => i.textContent),
            name,
          ).toEqual(schema.properties[name].enum);
        } else {
          // Strings, the number and the objects (as JSON) are REG_SZ text.
          expect(byTag(p, 'text')[0]?.getAttribute('valueName'), name).toBe(name);
        }
      }
    });

    it(`${slug}: the ADML has every string and presentation the ADMX names, and each key's description`, () => {
      const admxText = kit(`windows/linklens-${slug}.admx`);
      const adml = parseXml(kit(`windows/en-US/linklens-${slug}.adml`));
      const strings = new Map(byTag(adml, 'string').map((s) => [s.getAttribute('id'), s.textContent ?? '']));
      const presentations = new Set(byTag(adml, 'presentation').map((p) => p.getAttribute('id')));
      for (const [, id] of admxText.matchAll(/\$\(string\.([A-Za-z0-9_]+)\)/g)) expect(strings.has(id!), id).toBe(true);
      for (const [, id] of admxText.matchAll(/\$\(presentation\.([A-Za-z0-9_]+)\)/g))
        expect(presentations.has(id!), id).toBe(true);
      for (const k of KEYS) {
        expect(strings.get(k), k).toBe(schema.properties[k].title);
        expect(strings.get(`${k}_Explain`), k).toContain(schema.properties[k].description);
      }
    });
  }
});

describe('.reg example', () => {
  const lines = kit('windows/linklens.reg').split('\r\n');

  it('is a version 5 registry file whose every line is a header, a section, a comment or blank', () => {
    expect(lines[0]).toBe('Windows Registry Editor Version 5.00');
    for (const line of lines.slice(1)) expect(line, line).toMatch(/^(|\[HKEY_LOCAL_MACHINE\\[^\]]+\]|;.*)$/);
  });

  it('sets nothing unless a line is uncommented, and each uncommented line is valid with the right type', () => {
    const sections = lines.filter((l) => l.startsWith('['));
    expect(sections).toEqual([
      `[HKEY_LOCAL_MACHINE\\Software\\Policies\\Google\\Chrome\\3rdparty\\extensions\\${DEV_EXTENSION_ID}\\policy]`,
      `[HKEY_LOCAL_MACHINE\\Software\\Policies\\Microsoft\\Edge\\3rdparty\\extensions\\${EDGE_ID}\\policy]`,
    ]);
    const values = lines
      .filter((l) => /^;"/.test(l))
      .map((l) => /^;"([^"]+)"=(dword:[0-9a-f]{8}|"(?:[^"\\]|\\.)*")$/.exec(l));
    expect(values.every(Boolean)).toBe(true);
    for (const browser of [0, 1]) {
      const half = lines.slice(...(browser === 0 ? [0, lines.indexOf(sections[1]!)] : [lines.indexOf(sections[1]!)]));
      for (const k of KEYS) {
        const type = schema.properties[k].type as string;
        if (type === 'array') {
          expect(
            half.some((l) => l.endsWith(`\\policy\\${k}]`) && l.startsWith(';[')),
            k,
          ).toBe(true);
          continue;
        }
        const line = half.find((l) => l.startsWith(`;"${k}"=`));
        expect(line, k).toBeDefined();
        expect(line!.includes('=dword:'), k).toBe(type === 'boolean' || type === 'integer');
        if (type === 'object') {
          const literal = line!.slice(line!.indexOf('=') + 1);
          expect(Object.keys(JSON.parse(JSON.parse(literal) as string) as object), k).toEqual(
            Object.keys(schema.properties[k].properties),
          );
        }
        expect(
          half.some((l) => l.startsWith(`; ${k}: `)),
          `${k} described`,
        ).toBe(true);
      }
    }
  });
});

describe('macOS configuration profile', () => {
  const doc = parseXml(kit('macos/linklens.mobileconfig'));

  it('has one payload per browser for the extension preference domain', () => {
    const types = byTag(doc, 'key')
      .filter((k) => k.textContent === 'PayloadType')
      .map((k) => k.nextElementSibling?.textContent);
    expect(types).toEqual([
      `com.google.Chrome.extensions.${DEV_EXTENSION_ID}`,
      `com.microsoft.Edge.extensions.${EDGE_ID}`,
      'Configuration',
    ]);
    const uuids = byTag(doc, 'key')
      .filter((k) => k.textContent === 'PayloadUUID')
      .map((k) => k.nextElementSibling?.textContent ?? '');
    for (const u of uuids) expect(u).toMatch(/^[0-9A-F]{8}-[0-9A-F]{4}-4[0-9A-F]{3}-A[0-9A-F]{3}-[0-9A-F]{12}$/);
    expect(new Set(uuids).size).toBe(uuids.length);
  });

  it('holds every key, described, in a comment that parses as the plist value of its type', () => {
    const payloads = byTag(doc, 'array')[0]!.children;
    expect(payloads.length).toBe(2);
    const plistTag: Record<string, string[]> = {
      boolean: ['true', 'false'],
      integer: ['integer'],
      number: ['real'],
      string: ['string'],
      array: ['array'],
      object: ['dict'],
    };
    for (const payload of [...payloads]) {
      const comments = [...payload.childNodes].filter((n) => n.nodeType === 8).map((n) => n.textContent ?? '');
      for (const k of KEYS) {
        const comment = comments.find((c) => c.includes(`<key>${k}</key>`));
        expect(comment, k).toBeDefined();
        expect(comment, k).toContain(schema.properties[k].description.replace(/-{2,}/g, '- -'));
        const inner = parseXml(`<dict>${comment!.slice(comment!.indexOf('<key>'))}</dict>`).documentElement;
        expect(inner.children[0]?.textContent).toBe(k);
        expect(plistTag[schema.properties[k].type], k).toContain(inner.children[1]?.tagName);
      }
    }
  });
});

describe('Firefox policies.json', () => {
  const file = JSON.parse(kit('firefox/policies.json'));

  it('installs the add-on and names every key under 3rdparty.Extensions.<gecko id>, set to nothing (null)', () => {
    expect(file.policies.ExtensionSettings[GECKO_ID].installation_mode).toBe('force_installed');
    const policy = file.policies['3rdparty'].Extensions[GECKO_ID];
    expect(Object.keys(policy)).toEqual(KEYS);
    expect(Object.values(policy).every((v) => v === null)).toBe(true);
  });

  it('keys.md gives every key its type and description, for the formats without comments', () => {
    const md = kit('keys.md');
    for (const k of KEYS) {
      const row = md.split('\n').find((l) => l.startsWith(`| \`${k}\` |`));
      expect(row, k).toContain(schema.properties[k].description.replace(/\|/g, '\\|'));
    }
  });
});

describe('the kits are generated from the schema alone', () => {
  it('a key added to the schema appears in every kit', () => {
    const more = structuredClone(schema);
    more.properties.addedForTest = { title: 'Added', description: 'A key only this test has.', type: 'boolean' };
    for (const [name, text] of buildKits(more, { chrome: DEV_EXTENSION_ID, edge: EDGE_ID }))
      expect(text, name).toContain('addedForTest');
  });

  it('refuses a malformed schema or id with a clear error', () => {
    expect(() => policyKeys({ type: 'object', properties: { x: { type: 'date', description: 'd' } } })).toThrow(
      /x has no known type/,
    );
    expect(() => policyKeys({ type: 'object', properties: { x: { type: 'boolean' } } })).toThrow(
      /x has no description/,
    );
    expect(() => buildKits(schema, { chrome: 'not-an-id', edge: EDGE_ID })).toThrow(/chrome extension id/);
  });
});

/**
 * A `.reg` example for Chrome and Edge on Windows. Every key is there, described, with its value
 * line commented out (";"): importing the file unchanged sets nothing, and an administrator
 * removes the ";" before the lines they want. The value forms are the ADMX's (admx.ts says why).
 */
import { CHROMIUM_TARGETS, extensionPolicyKey } from './browsers';
import { exampleValue, typeInWords, type PolicyKey } from './schema';

/** A REG_SZ literal: backslashes and quotes escaped, as regedit reads them. */
export const regString = (s: string): string => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

/** A REG_DWORD literal. */
export const regDword = (n: number): string => `dword:${(n >>> 0).toString(16).padStart(8, '0')}`;

/** The commented-out lines that would set `key` under `section` (a subkey for a list). */
function valueLines(key: PolicyKey, section: string): string[] {
  const { name, node } = key;
  const v = exampleValue(node);
  switch (node.type) {
    case 'boolean':
      return [`;"${name}"=${regDword(1)}`];
    case 'integer':
      return [`;"${name}"=${regDword(v as number)}`];
    case 'number':
      return [`;"${name}"=${regString(String(v))}`];
    case 'string':
      return [`;"${name}"=${regString(v as string)}`];
    case 'object':
      return [`;"${name}"=${regString(JSON.stringify(v))}`];
    case 'array':
      return [`;[${section}\\${name}]`, `;"1"=${regString('')}`, `;"2"=${regString('')}`, `;[${section}]`];
  }
}

export function regKit(keys: readonly PolicyKey[], ids: Readonly<Record<'chrome' | 'edge', string>>): string {
  const out = [
    'Windows Registry Editor Version 5.00',
    '',
    '; Linklens policy, generated from public/managed_schema.json by npm run kits.',
    '; Every value line is commented out: importing this file unchanged sets nothing.',
    '; Remove the ";" before the values you set. A list is a subkey of numbered values;',
    '; an object is one JSON string. HKEY_CURRENT_USER works as well as HKEY_LOCAL_MACHINE.',
  ];
  for (const target of CHROMIUM_TARGETS) {
    const section = `HKEY_LOCAL_MACHINE\\${extensionPolicyKey(target, ids[target.slug])}`;
    out.push('', `; ${target.displayName}`, `[${section}]`);
    for (const key of keys) {
      out.push('', `; ${key.name}: ${key.title} (${typeInWords(key.node)})`);
      for (const line of wrap(key.description, 96)) out.push(`;   ${line}`);
      out.push(...valueLines(key, section));
    }
  }
  // regedit expects CRLF line ends and a final blank line; kits.ts writes it as UTF-16 with a
  // byte-order mark, the encoding regedit's version 5 files use, so any text survives.
  return `${out.join('\r\n')}\r\n\r\n`;
}

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && line.length + word.length + 1 > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

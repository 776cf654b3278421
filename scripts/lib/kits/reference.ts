/**
 * keys.md: every key of the kits with its type in each kit's form and its description, for the
 * formats that cannot carry comments (policies.json) and for reading without a policy editor.
 */
import { exampleValue, typeInWords, type PolicyKey } from './schema';

const cell = (s: string): string => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** How the value is written in the registry (admx.ts says why each form). */
export function windowsForm(key: PolicyKey): string {
  switch (key.node.type) {
    case 'boolean':
      return 'REG_DWORD 0 or 1';
    case 'integer':
      return 'REG_DWORD';
    case 'array':
      return `subkey ${key.name} with REG_SZ values 1, 2, …`;
    case 'object':
      return `REG_SZ holding JSON, e.g. ${JSON.stringify(exampleValue(key.node))}`;
    case 'number':
      return 'REG_SZ holding the number, e.g. 0.6';
    default:
      return 'REG_SZ';
  }
}

const PLIST: Record<PolicyKey['node']['type'], string> = {
  boolean: '<true/> or <false/>',
  integer: '<integer>',
  number: '<real>',
  string: '<string>',
  array: '<array> of <string>',
  object: '<dict>',
};

export function referenceKit(keys: readonly PolicyKey[]): string {
  const rows = keys.map(
    (k) =>
      `| \`${k.name}\` | ${cell(typeInWords(k.node))} | ${cell(windowsForm(k))} | \`${PLIST[k.node.type]}\` | ${cell(k.description)} |`,
  );
  return `# Linklens policy keys

Generated from public/managed_schema.json by \`npm run kits\`. The full reference, with defaults
and how each key combines with the person's own settings, is docs/admin/policy.md.

| Key | Type | Windows registry | macOS plist | Description |
| --- | --- | --- | --- | --- |
${rows.join('\n')}
`;
}

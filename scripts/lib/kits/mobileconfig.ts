/**
 * A macOS configuration profile for Chrome and Edge: one payload per browser for the preference
 * domain `<bundle id>.extensions.<id>`, the form MDM tools (and the Profiles pane) install as
 * managed preferences. Every key is there inside an XML comment with its description and an
 * example of its plist form; the profile installs empty until an administrator moves the lines
 * they want out of the comments.
 */
import { createHash } from 'node:crypto';
import { CHROMIUM_TARGETS, extensionPreferenceDomain } from './browsers';
import { exampleValue, typeInWords, xmlComment, xmlText, type PolicyKey, type SchemaNode } from './schema';

/** A stable UUID from a name, so the profile does not change between runs (macOS needs one per payload). */
export function stableUuid(name: string): string {
  const h = createHash('sha256').update(name).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`.toUpperCase();
}

/** The plist form of a value of `node`. */
export function plistValue(node: SchemaNode, value: unknown): string {
  switch (node.type) {
    case 'boolean':
      return value ? '<true/>' : '<false/>';
    case 'integer':
      return `<integer>${value as number}</integer>`;
    case 'number':
      return `<real>${value as number}</real>`;
    case 'string':
      return `<string>${xmlText(value as string)}</string>`;
    case 'array':
      return `<array>${(value as string[]).map((s) => `<string>${xmlText(s)}</string>`).join('')}</array>`;
    case 'object': {
      const v = value as Record<string, unknown>;
      return `<dict>${Object.entries(node.properties ?? {})
        .map(([k, sub]) => `<key>${k}</key>${plistValue(sub, v[k])}`)
        .join('')}</dict>`;
    }
  }
}

function keyBlock(key: PolicyKey): string {
  const example =
    key.node.type === 'array'
      ? '<array><string>example.com</string></array>'
      : plistValue(key.node, exampleValue(key.node));
  return `        <!-- ${xmlComment(`${key.name}: ${key.title} (${typeInWords(key.node)}). ${key.description}`)}\n        <key>${key.name}</key>${example}\n        -->`;
}

export function mobileconfigKit(keys: readonly PolicyKey[], ids: Readonly<Record<'chrome' | 'edge', string>>): string {
  const payloads = CHROMIUM_TARGETS.map((target) => {
    const domain = extensionPreferenceDomain(target, ids[target.slug]);
    return `      <dict>
        <key>PayloadType</key><string>${domain}</string>
        <key>PayloadIdentifier</key><string>dev.linklens.policy.${target.slug}</string>
        <key>PayloadUUID</key><string>${stableUuid(domain)}</string>
        <key>PayloadVersion</key><integer>1</integer>
        <key>PayloadDisplayName</key><string>Linklens for ${xmlText(target.displayName)}</string>
${keys.map(keyBlock).join('\n')}
      </dict>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<!-- Linklens policy for Chrome and Edge on macOS, generated from public/managed_schema.json by npm run kits. -->
<plist version="1.0">
  <dict>
    <key>PayloadContent</key>
    <array>
${payloads.join('\n')}
    </array>
    <key>PayloadDisplayName</key><string>Linklens policy</string>
    <key>PayloadIdentifier</key><string>dev.linklens.policy</string>
    <key>PayloadType</key><string>Configuration</string>
    <key>PayloadScope</key><string>System</string>
    <key>PayloadUUID</key><string>${stableUuid(`dev.linklens.policy:${ids.chrome}:${ids.edge}`)}</string>
    <key>PayloadVersion</key><integer>1</integer>
  </dict>
</plist>
`;
}

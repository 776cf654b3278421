/**
 * Group Policy templates (ADMX + en-US ADML) for one Chromium browser. Every schema key becomes
 * one policy under a "Linklens" category; "Not configured" writes nothing, so only what an
 * administrator enables reaches the browser. Value forms are the ones Chrome's Windows policy
 * loader converts with the extension's schema (chromium.org, "Complex policies on Windows"):
 * booleans and integers as REG_DWORD, strings (and the one number, a decimal text) as REG_SZ,
 * lists of strings as a subkey of numbered REG_SZ values (the GPO list editor), objects as a JSON
 * string in REG_SZ.
 */
import { extensionPolicyKey, type ChromiumTarget } from './browsers';
import { typeInWords, xmlText, type PolicyKey } from './schema';

export interface AdmxKit {
  admx: string;
  adml: string;
}

const CATEGORY = 'Linklens';
const SUPPORTED = 'SUPPORTED_LINKLENS';

function policyElement(key: PolicyKey, regKey: string): string {
  const { name, node } = key;
  const head = `    <policy name="${name}" class="Both" displayName="$(string.${name})" explainText="$(string.${name}_Explain)" key="${xmlText(regKey)}"`;
  const tail = `      <parentCategory ref="${CATEGORY}" />\n      <supportedOn ref="${SUPPORTED}" />\n`;
  switch (node.type) {
    case 'boolean':
      return `${head} valueName="${name}">\n${tail}      <enabledValue><decimal value="1" /></enabledValue>\n      <disabledValue><decimal value="0" /></disabledValue>\n    </policy>`;
    case 'integer':
      return `${head} presentation="$(presentation.${name})">\n${tail}      <elements>\n        <decimal id="${name}" valueName="${name}" required="true" minValue="${node.minimum ?? 0}" maxValue="${node.maximum ?? 4294967295}" />\n      </elements>\n    </policy>`;
    case 'string':
      if (node.enum) {
        const items = node.enum
          .map(
            (v) =>
              `          <item displayName="$(string.${name}_${v})"><value><string>${xmlText(v)}</string></value></item>`,
          )
          .join('\n');
        return `${head} presentation="$(presentation.${name})">\n${tail}      <elements>\n        <enum id="${name}" valueName="${name}" required="true">\n${items}\n        </enum>\n      </elements>\n    </policy>`;
      }
      return textPolicy(head, tail, name, 2000);
    case 'number':
      return textPolicy(head, tail, name, 40);
    case 'object':
      return textPolicy(head, tail, name, 4000);
    case 'array':
      return `${head} presentation="$(presentation.${name})">\n${tail}      <elements>\n        <list id="${name}" key="${xmlText(`${regKey}\\${name}`)}" valuePrefix="" />\n      </elements>\n    </policy>`;
  }
}

function textPolicy(head: string, tail: string, name: string, maxLength: number): string {
  return `${head} presentation="$(presentation.${name})">\n${tail}      <elements>\n        <text id="${name}" valueName="${name}" maxLength="${maxLength}" />\n      </elements>\n    </policy>`;
}

/** How the value is entered, said in the policy's explanation. */
function entryNote(key: PolicyKey): string {
  const { node } = key;
  const type = `Type: ${typeInWords(node)}.`;
  if (node.type === 'object')
    return `${type} Enter it as JSON, for example ${JSON.stringify(
      Object.fromEntries(
        Object.keys(node.properties ?? {})
          .slice(0, 1)
          .map((k) => [k, node.properties![k]!.minimum ?? 1]),
      ),
    )}; fields left out keep their value.`;
  if (node.type === 'array') return `${type} One entry per line.`;
  if (node.type === 'number') return `${type} Enter a decimal number with a point (e.g. 0.6).`;
  if (node.sensitiveValue)
    return `${type} A credential: anyone who can read this machine's policy registry can read it.`;
  return type;
}

function presentation(key: PolicyKey): string {
  const { name, node, title } = key;
  const label = xmlText(title);
  switch (node.type) {
    case 'boolean':
      return '';
    case 'integer':
      return `        <presentation id="${name}"><decimalTextBox refId="${name}">${label}</decimalTextBox></presentation>`;
    case 'array':
      return `        <presentation id="${name}"><listBox refId="${name}">${label}</listBox></presentation>`;
    case 'string':
      if (node.enum)
        return `        <presentation id="${name}"><dropdownList refId="${name}">${label}</dropdownList></presentation>`;
      return `        <presentation id="${name}"><textBox refId="${name}"><label>${label}</label></textBox></presentation>`;
    default:
      return `        <presentation id="${name}"><textBox refId="${name}"><label>${label}</label></textBox></presentation>`;
  }
}

export function admxKit(keys: readonly PolicyKey[], target: ChromiumTarget, extensionId: string): AdmxKit {
  const regKey = extensionPolicyKey(target, extensionId);
  const ns = `Linklens.Policies.${target.slug === 'chrome' ? 'Chrome' : 'Edge'}`;
  const admx = `<?xml version="1.0" encoding="utf-8"?>
<!-- Linklens policy for ${target.displayName}, generated from public/managed_schema.json by npm run kits. -->
<policyDefinitions xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" revision="1.0" schemaVersion="1.0" xmlns="http://schemas.microsoft.com/GroupPolicy/2006/07/PolicyDefinitions">
  <policyNamespaces>
    <target prefix="linklens" namespace="${ns}" />
  </policyNamespaces>
  <resources minRequiredRevision="1.0" />
  <supportedOn>
    <definitions>
      <definition name="${SUPPORTED}" displayName="$(string.${SUPPORTED})" />
    </definitions>
  </supportedOn>
  <categories>
    <category name="${CATEGORY}" displayName="$(string.${CATEGORY})" />
  </categories>
  <policies>
${keys.map((k) => policyElement(k, regKey)).join('\n')}
  </policies>
</policyDefinitions>
`;
  const strings = [
    `        <string id="${CATEGORY}">Linklens (${xmlText(target.displayName)})</string>`,
    `        <string id="${SUPPORTED}">${xmlText(target.displayName)} with the Linklens extension ${extensionId}</string>`,
    ...keys.flatMap((k) => [
      `        <string id="${k.name}">${xmlText(k.title)}</string>`,
      `        <string id="${k.name}_Explain">${xmlText(`${k.description}\n\n${entryNote(k)}\n\nRegistry: ${regKey}, value ${k.name}.`)}</string>`,
      ...(k.node.enum ?? []).map((v) => `        <string id="${k.name}_${v}">${xmlText(v)}</string>`),
    ]),
  ];
  const adml = `<?xml version="1.0" encoding="utf-8"?>
<!-- Linklens policy for ${target.displayName} (en-US), generated from public/managed_schema.json by npm run kits. -->
<policyDefinitionResources xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" revision="1.0" schemaVersion="1.0" xmlns="http://schemas.microsoft.com/GroupPolicy/2006/07/PolicyDefinitions">
  <displayName>Linklens for ${xmlText(target.displayName)}</displayName>
  <description>Settings of the Linklens extension (${extensionId}) in ${xmlText(target.displayName)}.</description>
  <resources>
    <stringTable>
${strings.join('\n')}
    </stringTable>
    <presentationTable>
${keys.map(presentation).filter(Boolean).join('\n')}
    </presentationTable>
  </resources>
</policyDefinitionResources>
`;
  return { admx, adml };
}

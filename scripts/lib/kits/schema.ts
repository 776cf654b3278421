/**
 * The policy schema as the deployment kits read it (public/managed_schema.json, the one list of
 * policy keys Chrome itself validates against). Every kit is generated from it alone, so a key
 * added to the schema is in every kit without a second list to keep in step.
 */

export interface SchemaNode {
  type: 'boolean' | 'integer' | 'number' | 'string' | 'array' | 'object';
  title?: string;
  description?: string;
  sensitiveValue?: boolean;
  enum?: readonly string[];
  minimum?: number;
  maximum?: number;
  items?: SchemaNode;
  properties?: Record<string, SchemaNode>;
}

export interface PolicyKey {
  name: string;
  title: string;
  description: string;
  node: SchemaNode;
}

const TYPES = new Set(['boolean', 'integer', 'number', 'string', 'array', 'object']);

/** The schema's keys in its own order; a malformed schema is an error that names the key. */
export function policyKeys(schema: unknown): PolicyKey[] {
  const root = schema as { type?: unknown; properties?: unknown };
  if (root?.type !== 'object' || typeof root.properties !== 'object' || root.properties === null) {
    throw new Error('managed_schema.json: the top level must be an object with properties');
  }
  return Object.entries(root.properties as Record<string, SchemaNode>).map(([name, node]) => {
    if (!/^[A-Za-z][A-Za-z0-9]*$/.test(name))
      throw new Error(`managed_schema.json: key ${JSON.stringify(name)} is not a plain name`);
    if (!TYPES.has(node?.type)) throw new Error(`managed_schema.json: ${name} has no known type`);
    if (node.type === 'array' && node.items?.type !== 'string')
      throw new Error(`managed_schema.json: ${name}: only lists of strings are supported`);
    if (typeof node.description !== 'string') throw new Error(`managed_schema.json: ${name} has no description`);
    return { name, title: node.title ?? name, description: node.description, node };
  });
}

/** The type in words, as the kits' comments and the key reference state it. */
export function typeInWords(node: SchemaNode): string {
  switch (node.type) {
    case 'integer': {
      const range = node.minimum !== undefined && node.maximum !== undefined ? ` ${node.minimum}-${node.maximum}` : '';
      return `integer${range}`;
    }
    case 'string':
      return node.enum ? `string, one of ${node.enum.join(', ')}` : 'string';
    case 'array':
      return 'list of strings';
    case 'object':
      return `object with ${Object.keys(node.properties ?? {}).join(', ')}`;
    default:
      return node.type;
  }
}

/**
 * A value of the right type to show in a commented-out example line: the kits set nothing
 * until an administrator uncomments a line, so the value only has to show the form.
 */
export function exampleValue(node: SchemaNode): unknown {
  switch (node.type) {
    case 'boolean':
      return true;
    case 'integer':
      return node.minimum ?? 0;
    case 'number':
      return 0;
    case 'string':
      return node.enum?.[0] ?? '';
    case 'array':
      return [];
    case 'object':
      return Object.fromEntries(Object.entries(node.properties ?? {}).map(([k, v]) => [k, exampleValue(v)]));
  }
}

/** Text safe inside XML character data and attribute values. */
export function xmlText(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** Text safe inside an XML comment, which may not hold "--". */
export function xmlComment(s: string): string {
  return s.replace(/-{2,}/g, (m) => m.split('').join(' '));
}

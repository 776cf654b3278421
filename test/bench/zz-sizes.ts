import { readFileSync } from 'node:fs';
import { charsBySource } from './source-map-sizes';
const dir = process.argv[2]!;
const code = readFileSync(`${dir}/background.js`, 'utf8');
const map = JSON.parse(readFileSync(`${dir}/background.js.map`, 'utf8'));
const m = charsBySource(code, map);
for (const [k, v] of [...m].sort((a, b) => b[1] - a[1])) console.log(v, k);

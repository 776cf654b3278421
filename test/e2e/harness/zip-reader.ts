// Reads the files of a .zip with node:zlib only, so packaging tests can look inside the packages
// `npm run zip` makes without a zip library (the project declares none, and a transitive one
// could vanish). Covers what WXT writes: stored (0) or deflated (8) entries, no ZIP64, no
// encryption. Layout: APPNOTE.TXT (PKWARE) sections 4.3.7 (local header), 4.3.12 (central
// directory header) and 4.3.16 (end of central directory).
import { readFile } from 'node:fs/promises';
import { inflateRawSync } from 'node:zlib';

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
/** The end record is 22 bytes plus a comment of at most 65535 bytes. */
const EOCD_MAX_SEARCH = 22 + 0xffff;

export interface ZipContents {
  /** Entry names in central-directory order ("manifest.json", "chunks/x.js", "assets/"). */
  names: string[];
  /** The bytes of one entry; throws when the entry is missing. */
  read(name: string): Buffer;
  /** `read(name)` parsed as UTF-8 JSON. */
  json<T = unknown>(name: string): T;
}

interface Entry {
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

function findEndRecord(zip: Buffer): number {
  const stop = Math.max(0, zip.length - EOCD_MAX_SEARCH);
  for (let i = zip.length - 22; i >= stop; i--) if (zip.readUInt32LE(i) === EOCD_SIGNATURE) return i;
  throw new Error('Not a zip file: no end-of-central-directory record');
}

function readEntries(zip: Buffer): Map<string, Entry> {
  const end = findEndRecord(zip);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries = new Map<string, Entry>();
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== CENTRAL_SIGNATURE) throw new Error(`Bad central directory header at ${at}`);
    const flags = zip.readUInt16LE(at + 8);
    if (flags & 0x1) throw new Error('Encrypted zip entries are not supported');
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    entries.set(name, {
      method: zip.readUInt16LE(at + 10),
      compressedSize: zip.readUInt32LE(at + 20),
      size: zip.readUInt32LE(at + 24),
      localOffset: zip.readUInt32LE(at + 42),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

function extract(zip: Buffer, name: string, e: Entry): Buffer {
  if (zip.readUInt32LE(e.localOffset) !== LOCAL_SIGNATURE) throw new Error(`Bad local header for ${name}`);
  // The local header's own name/extra lengths may differ from the central directory's.
  const start = e.localOffset + 30 + zip.readUInt16LE(e.localOffset + 26) + zip.readUInt16LE(e.localOffset + 28);
  const data = zip.subarray(start, start + e.compressedSize);
  const out = e.method === 0 ? Buffer.from(data) : e.method === 8 ? inflateRawSync(data) : null;
  if (!out) throw new Error(`${name}: compression method ${e.method} is not supported`);
  if (out.length !== e.size) throw new Error(`${name}: expected ${e.size} bytes, got ${out.length}`);
  return out;
}

export async function readZip(path: string): Promise<ZipContents> {
  const zip = await readFile(path);
  const entries = readEntries(zip);
  const read = (name: string) => {
    const e = entries.get(name);
    if (!e) throw new Error(`${path} has no entry ${name}`);
    return extract(zip, name, e);
  };
  return {
    names: [...entries.keys()],
    read,
    json: <T>(name: string) => JSON.parse(read(name).toString('utf8')) as T,
  };
}

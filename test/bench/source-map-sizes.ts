// Attributes the characters of a minified file to the source files its source map names (the
// method of source-map-explorer): each mapping segment owns the generated text up to the next
// segment on the same line. Decodes the "mappings" VLQ itself (source map v3), so it needs no
// package beyond Node.

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const B64_VALUE = new Map([...B64].map((c, i) => [c, i]));

/** One segment's fields (relative values), e.g. "AAgBC" → [0, 0, 16, 1]. */
export function decodeVlq(segment: string): number[] {
  const out: number[] = [];
  let value = 0;
  let shift = 0;
  for (const c of segment) {
    const digit = B64_VALUE.get(c);
    if (digit === undefined) throw new Error(`bad VLQ character ${c}`);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    out.push(value & 1 ? -(value >>> 1) : value >>> 1);
    value = 0;
    shift = 0;
  }
  return out;
}

export interface RawSourceMap {
  sources: (string | null)[];
  sourceRoot?: string;
  mappings: string;
}

/** Source (as named in the map, or "[unmapped]") → characters of `code` it produced. */
export function charsBySource(code: string, map: RawSourceMap): Map<string, number> {
  const out = new Map<string, number>();
  const add = (source: string, n: number) => n > 0 && out.set(source, (out.get(source) ?? 0) + n);
  const lines = code.split('\n');
  const mapped = map.mappings.split(';');
  let sourceIndex = 0; // cumulative across the whole map (v3)
  lines.forEach((line, i) => {
    let column = 0; // resets per line
    const segments = (mapped[i] ?? '').split(',').filter(Boolean);
    let prevColumn = 0;
    let prevSource: string | null = null;
    for (const seg of segments) {
      const f = decodeVlq(seg);
      column += f[0] ?? 0;
      // Text between the previous segment and this one belongs to the previous segment.
      add(prevSource ?? '[unmapped]', column - prevColumn);
      if (f.length >= 4) {
        sourceIndex += f[1]!;
        prevSource = map.sources[sourceIndex] ?? '[unmapped]';
      } else prevSource = null;
      prevColumn = column;
    }
    add(prevSource ?? '[unmapped]', line.length - prevColumn);
  });
  return out;
}

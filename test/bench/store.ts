// The stored results BENCHMARKS.md is rendered from (test/bench/last-run.json): the latest result
// of every measurement, by its id, with the machine and time it was measured. A run replaces the
// results it measured and keeps the others, so `--only` re-measures a section without anyone
// copying text into BENCHMARKS.md by hand.
import type { MachineInfo } from './machine';
import type { Section } from './section';

export interface StoredSection extends Section {
  machine: MachineInfo;
  /** The command that measured it. */
  command: string;
}

export interface Store {
  version: 2;
  sections: Record<string, StoredSection>;
}

/** The store in `json`, or an empty one for anything else (a missing file, the older format). */
export function readStore(json: string | null): Store {
  try {
    const v = json ? (JSON.parse(json) as Partial<Store>) : null;
    if (v && v.version === 2 && v.sections && typeof v.sections === 'object')
      return { version: 2, sections: v.sections };
  } catch {
    // An unreadable file is as good as none: the next run writes a fresh one.
  }
  return { version: 2, sections: {} };
}

/** `store` with this run's results in place of the stored ones of the same ids. */
export function withResults(
  store: Store,
  results: Record<string, Section>,
  machine: MachineInfo,
  command: string,
): Store {
  const sections = { ...store.sections };
  for (const [id, s] of Object.entries(results)) sections[id] = { ...s, machine, command };
  return { version: 2, sections };
}

/** The ids of `all` that have no stored result yet. */
export const missing = (store: Store, all: string[]) => all.filter((id) => !store.sections[id]);

/**
 * Wrapped links collected for this project from published decoders, tests and documentation,
 * each with its source (repository and path). Read by unwrap.vectors.test.ts and the bench.
 */
import type { UnwrapVector } from './unwrap-agreement';

export const COLLECTED_VECTORS: readonly UnwrapVector[] = [];

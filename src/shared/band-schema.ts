/**
 * The risk bands (verdict.ts BANDS) as one zod schema, for every stored or sent shape that names
 * a band: the worker's bundle then holds the list once, not once per shape (docs/decisions/009-bundle-weight.md).
 */
import './zod-config';
import { z } from 'zod/mini';
import { BANDS } from './verdict';

export const BandSchema = z.literal(BANDS);

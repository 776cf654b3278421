/** Why a URL was checked: carried by `scan.url`, and kept with each ledger entry and stored job. */
import '../zod-config';
import { z } from 'zod/mini';

export const ScanReason = z.literal(['navigation', 'hover', 'menu', 'page-links', 'popup']);
export type ScanReason = z.infer<typeof ScanReason>;

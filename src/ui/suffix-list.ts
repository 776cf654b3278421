/**
 * Extension pages (options, popup) that name sites (site.ts: registrableDomain) install the public
 * suffix list from the packaged file, bundled into the page as text: a page renders at once and
 * never shows a site name computed without the list. The background reads the same file with
 * fetch instead (src/background/suffix-list.ts), where the bundle's size is what docs/decisions/009-bundle-weight.md measures.
 * Imported for its effect by ui/site.ts, the pages' one user of the list.
 */
import text from '@/public/psl.txt?raw';
import { installSuffixTable } from '@/src/shared/url/suffix-table';

installSuffixTable(text);

/**
 * The public suffix list, installed from the packaged file for every unit test file: in the
 * extension the background fetches it at start-up (src/background/suffix-list.ts) and pages import
 * it; here there is no extension to fetch from. Tests of the loading itself reset it
 * (resetSuffixTableForTests) and load it their own way.
 */
import text from '@/public/psl.txt?raw';
import { installSuffixTable } from '@/src/shared/url/suffix-table';

installSuffixTable(text);

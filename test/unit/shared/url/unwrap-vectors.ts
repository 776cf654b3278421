/**
 * Wrapped links collected for this project from published decoders, tests and documentation,
 * beyond those of the shared reference file, each with its source (repository and path, or
 * where the index names no repository, the sample's place). Read by unwrap.vectors.test.ts and
 * the bench.
 */
import type { UnwrapVector } from './unwrap-agreement';

const CARDI = 'cardi/proofpoint-url-decoder decode_test.py';
const KACHI = 'ninoseki/kachi tests/test_main.py';

export const COLLECTED_VECTORS: readonly UnwrapVector[] = [
  {
    src: `${CARDI} (test_complex_unquoted_1)`,
    kind: 'proofpoint-v3',
    input:
      'https://urldefense.com/v3/__http://example.com/?=a1!b2@c3*d4$5e*6*5E7&8*9(10*7C*5C**B7D*7B__;IyUlKiUlW10lJQ!!foo!bar$',
    expected: 'http://example.com/?=a1!b2@c3#d4$5e%6^7&8*9(10|\\[]}{',
    note: 'unquoted form (decode_ppv3(url, True))',
  },
  {
    src: `${CARDI} (test_empty, with its scheme)`,
    kind: 'proofpoint-v3',
    input: 'https://urldefense.com/v3/____;Iw!!foo!bar$',
    expected: null,
    note: 'an empty URL between the frame marks: no destination',
  },
  {
    src: `${KACHI} (test_is_protected_link: protected, but d= names only a domain)`,
    kind: 'sophos',
    input: 'https://eu-central-1.protection.sophos.com/?d=example.com',
    expected: null,
  },
  {
    src: `${KACHI} (test_unsafe_link: barracuda on a regional subdomain)`,
    kind: 'barracuda',
    input: 'https://x.linkprotect.cudasvc.com/?a=http%3A%2F%2Fexample.com',
    expected: 'http://example.com',
  },
  {
    src: 'atc0005/safelinks internal/safelinks/testdata/input/encoded-all/single-safelinks-url-without-angle-brackets-with-lf-eol.txt -> testdata/output/standalone/decoded-single-url-with-lf-eol.txt',
    kind: 'safelinks (&amp; separators)',
    input:
      'https://nam11.safelinks.protection.outlook.com/?url=https%3A%2F%2Fwilliamlam.com%2F2022%2F12%2Fhigh-end-dell-precision-7770-7670-laptops-with-128gb-memory-for-esxi.html&amp;data=data_placeholder&amp;sdata=sdata_placeholder&amp;reserved=0',
    expected:
      'https://williamlam.com/2022/12/high-end-dell-precision-7770-7670-laptops-with-128gb-memory-for-esxi.html',
  },
  {
    src: 'binref/refinery test/units/pattern/test_urlguards.py (test_proofpoint, the link out of its sentence)',
    kind: 'proofpoint-v2',
    input:
      'https://urldefense.proofpoint.com/v2/url?u=http-3A__flug.de&d=QvLrbZ&c=9bHxBirl7V2BSNQqRIlZm7QPNwtLyu7ZHB91-N5hDPk&r=8uoIV2slkgrz5DYvEV5xGmj5ibGk65FDGf7CywSLVkR&m=FhF882hCZdp8vB-uZdWzjR9Za-O_BkusWxxYolPiSCO&s=p8sGWK1qfzyeqyRjPjq1mrcScK4yzSdLsS24vqqfbGY&e=',
    expected: 'http://flug.de',
  },
  {
    src: 'public PHP sample in the code index (file 28501021073; no repository named): a Cisco link whose destination keeps a raw query',
    kind: 'cisco-secure-email',
    input:
      'https://secure-web.cisco.com/18tzQk3wGbk7ePZjMO6411xoWuCLDnaXx9TG7OhKZ-7Np2dFC8YLHjcEOQrxT18OsUa1IvChbEsRQHFHy4PD7Oyw8vEz_hacKB0SYcqSdFIwibkGkruX0vS9xxioztmCxe1D9xcA1-UnIG3WflyKWJRZamM-UOf2uyLFES88G2gOxvYt23L3QXA_uPhpmghuyrbbs2uXUjgg3LvlDQWnlJea8WMRYmDAr192wHul2YIkQWciyPll5HquJ4-LBnD_Q4HrNxa2KnlZebHay3-cTGg/https%3A%2F%2Ftelenorcsms.com.pk%3A27677%2Fcorporate_sms2%2Fapi/sendsms.jsp?session_id=1&to=2&mask=RAAYE',
    expected: 'https://telenorcsms.com.pk:27677/corporate_sms2/api/sendsms.jsp?session_id=1&to=2&mask=RAAYE',
    note: "the sample's #placeholders# replaced by values",
  },
  {
    src: 'public HTML sample in the code index (file 25274969767; no repository named): a Cisco-rewritten script address',
    kind: 'cisco-secure-email',
    input:
      'https://secure-web.cisco.com/1fCCdfJv_BYjz_YqipXEJjGHlmXlnTXcGx0N5X1OG_Y5pJ1-vFLrWHrIUnRZxlA4wQrPGGVCwjnG6hceA8ZIFPOwpJp7wqffAXfS8HLIV5nlCvnBd8jWm0ZuHFux8Smp4ionq5LbzwUb8DAFtVphP8nfRo-ozED7COPV7Tarb-70MmN-tPr34pk3NyFLBuhxEwhhBZk63ONZeDu0LBZf9iOHi3cQKBtVjIFzRC_CL3ZPu3zdEdSViANttWbyjatTRNo6tUCnPHCXilozA-xZ0r7g3P4ZtLWiwCrAb6P-aYBbf3U3QUzujJ2fdM7TsMAtQ/https%3A%2F%2Fconnect.facebook.net%2Fen_US%2Ffbevents.js',
    expected: 'https://connect.facebook.net/en_US/fbevents.js',
  },
];

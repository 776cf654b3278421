/**
 * Example table for unwrap(): every wrapper kind, nesting, the generic rule and
 * where it stops, malformed and hostile links. Tested in test/unit/shared/url/unwrap.test.ts;
 * the property tests there use the same encoders (exported below) on random destinations.
 */
import type { UnreadableReason, WrapperKind } from './unwrap';

export interface UnwrapExample {
  rule: string;
  input: string;
  /** hops after the link itself (hops[0] is always the parsed link) */
  next: string[];
  destination: string | null;
  kinds: WrapperKind[];
  guessed?: boolean;
  unreadable?: { kind: WrapperKind; reason: UnreadableReason };
}

const enc = encodeURIComponent;
const html = (u: string) => u.replace(/&/g, '&amp;');

/** How each wrapper writes a destination (from its public links; used to build nestings). */
export const WRAP = {
  google: (u: string) => `https://www.google.com/url?q=${enc(u)}&sa=D&source=editors&usg=AOvVaw0x`,
  safelinks: (u: string) =>
    `https://nam12.safelinks.protection.outlook.com/?url=${enc(u)}&data=05%7C02%7C%7Cabc&sdata=xyz%3D&reserved=0`,
  slack: (u: string) => `https://slack-redir.net/link?url=${enc(u)}`,
  facebook: (u: string) => `https://l.facebook.com/l.php?u=${enc(u)}&h=AT0xyz`,
  /** v1 and v2 encode the link as written in the mail's HTML source, where `&` is `&amp;`. */
  proofpointV1: (u: string) =>
    `https://urldefense.proofpoint.com/v1/url?u=${enc(html(u))}&k=oIvRg1%2BdGAgOoM1BIlLLqw%3D%3D%0A&r=a&m=b&s=c`,
  /** v2: percent-escape (also `-` and `_`), then `%` → `-` and `/` → `_`. */
  proofpointV2: (u: string) =>
    `https://urldefense.proofpoint.com/v2/url?u=${enc(html(u)).replace(/-/g, '%2D').replace(/_/g, '%5F').replace(/%2F/g, '_').replace(/%/g, '-')}&d=DwMFaQ&c=abc&r=def&m=ghi&s=jkl&e=`,
  /**
   * v3: every character in `hide` is taken out and goes, in order, into the base64url tail (as
   * UTF-8); in the URL a lone byte becomes `*`, a run of 2–65 bytes `**` and the run's length
   * letter. `*` itself is always hidden (else it would read as a token).
   */
  proofpointV3: (u: string, hide = '#%') => {
    let body = '';
    let hidden = '';
    let run = 0; // bytes
    const flush = () => {
      for (; run > 0; run -= Math.min(run, 65)) body += run === 1 ? '*' : `**${RUN_LETTERS[Math.min(run, 65) - 2]}`;
    };
    for (const ch of u) {
      // `;` after `__` is hidden too: the decoder closes the frame at the first `__;`, so an
      // encoder must never leave one in the body (a v3 link inside a v3 link has one).
      if (ch === '*' || hide.includes(ch) || (ch === ';' && body.endsWith('__') && run === 0)) {
        hidden += ch;
        run += new TextEncoder().encode(ch).length;
      } else {
        flush();
        body += ch;
      }
    }
    flush();
    return `https://urldefense.com/v3/__${body}__;${base64Url(hidden)}!!Fjc1LPEtn8I!sig-1$`;
  },
};

const RUN_LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

export function base64Url(text: string): string {
  let bin = '';
  for (const b of new TextEncoder().encode(text)) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

const DEST = 'https://phish.example/login?user=a%40b.example&x=1';

const sixDeep = [1, 2, 3, 4, 5, 6].reduce((u) => WRAP.google(u), 'https://deep.example/');
const fiveDeep = [1, 2, 3, 4, 5].reduce((u) => WRAP.slack(u), 'https://deep.example/');
/** 24 runs of 65 bytes (390 four-byte characters): each `**_` (3 characters) becomes 65 × 3 escaped. */
const bloated = `https://urldefense.com/v3/__https://x.example/${'**_'.repeat(24)}__;${base64Url('😀'.repeat(390))}!!a!b$`;

export const UNWRAP_EXAMPLES: readonly UnwrapExample[] = [
  // Google
  {
    rule: 'Gmail /url?q= (unencoded)',
    input: 'https://www.google.com/url?q=https://example.com/page&sa=D&source=editors&ust=1&usg=AOv',
    next: ['https://example.com/page'],
    destination: 'https://example.com/page',
    kinds: ['google'],
  },
  {
    rule: 'Google result /url?url= (empty q= skipped)',
    input:
      'https://www.google.com/url?sa=t&rct=j&q=&esrc=s&source=web&cd=1&url=https%3A%2F%2Fwww.example.org%2F&ved=2ah&usg=AOv',
    next: ['https://www.example.org/'],
    destination: 'https://www.example.org/',
    kinds: ['google'],
  },
  {
    rule: 'Google result: q= of search words, url= the destination',
    input: 'https://www.google.com/url?q=cheap+flights&url=https%3A%2F%2Ftravel.example%2F',
    next: ['https://travel.example/'],
    destination: 'https://travel.example/',
    kinds: ['google'],
  },
  {
    rule: 'Google country domain, encoded query kept',
    input: 'https://www.google.co.uk/url?q=https%3A%2F%2Fexample.com%2F%3Fa%3D1%26b%3D2',
    next: ['https://example.com/?a=1&b=2'],
    destination: 'https://example.com/?a=1&b=2',
    kinds: ['google'],
  },
  {
    rule: 'google.<attacker> is not Google (and q is not a generic name)',
    input: 'https://google.evil.example/url?q=https://bank.example/',
    next: [],
    destination: null,
    kinds: [],
  },
  {
    rule: 'Google search page is not a wrapper',
    input: 'https://www.google.com/search?q=https%3A%2F%2Fexample.com%2F',
    next: [],
    destination: null,
    kinds: [],
  },
  {
    rule: 'Google /url without a destination',
    input: 'https://www.google.com/url?sa=D',
    next: [],
    destination: null,
    kinds: [],
    unreadable: { kind: 'google', reason: 'missing' },
  },
  {
    rule: 'Google /url to search words only',
    input: 'https://www.google.com/url?q=cats',
    next: [],
    destination: null,
    kinds: [],
    unreadable: { kind: 'google', reason: 'not-a-web-url' },
  },
  {
    rule: 'Google /url to javascript:',
    input: 'https://www.google.com/url?q=javascript%3Aalert(1)',
    next: [],
    destination: null,
    kinds: [],
    unreadable: { kind: 'google', reason: 'not-a-web-url' },
  },
  {
    rule: 'Google /url to a scheme-relative URL',
    input: 'https://www.google.com/url?q=%2F%2Fevil.example%2F',
    next: [],
    destination: null,
    kinds: [],
    unreadable: { kind: 'google', reason: 'not-a-web-url' },
  },
  // Facebook, Instagram
  {
    rule: 'Facebook l.php?u=',
    input: 'https://l.facebook.com/l.php?u=https%3A%2F%2Fexample.com%2Farticle%3Fid%3D7&h=AT0abc',
    next: ['https://example.com/article?id=7'],
    destination: 'https://example.com/article?id=7',
    kinds: ['facebook'],
  },
  {
    rule: 'Facebook mobile lm.',
    input: 'https://lm.facebook.com/l.php?u=https%3A%2F%2Fexample.net%2F&h=AT1',
    next: ['https://example.net/'],
    destination: 'https://example.net/',
    kinds: ['facebook'],
  },
  {
    rule: 'Instagram l.instagram.com/?u=',
    input: 'https://l.instagram.com/?u=https%3A%2F%2Fshop.example%2F&e=AT2',
    next: ['https://shop.example/'],
    destination: 'https://shop.example/',
    kinds: ['instagram'],
  },
  // Microsoft Defender Safe Links
  { rule: 'Safe Links ?url=', input: WRAP.safelinks(DEST), next: [DEST], destination: DEST, kinds: ['safelinks'] },
  {
    rule: 'Safe Links with a longer path',
    input:
      'https://eur01.safelinks.protection.outlook.com/ap/w-59584e83/?url=https%3A%2F%2Fcontoso.example%2Fdoc&data=05',
    next: ['https://contoso.example/doc'],
    destination: 'https://contoso.example/doc',
    kinds: ['safelinks'],
  },
  {
    rule: 'Safe Links look-alike host: only the generic rule (a guess)',
    input: 'https://safelinks.protection.outlook.com.evil.example/?url=https%3A%2F%2Fbank.example%2F',
    next: ['https://bank.example/'],
    destination: 'https://bank.example/',
    kinds: ['generic'],
    guessed: true,
  },
  {
    rule: 'Safe Links to a data: URL',
    input: 'https://nam12.safelinks.protection.outlook.com/?url=data%3Atext%2Fhtml%2Chi&data=05',
    next: [],
    destination: null,
    kinds: [],
    unreadable: { kind: 'safelinks', reason: 'not-a-web-url' },
  },
  {
    rule: 'double-encoded destination decoded once more',
    input: 'https://nam12.safelinks.protection.outlook.com/?url=https%253A%252F%252Fexample.com%252Fa&data=05',
    next: ['https://example.com/a'],
    destination: 'https://example.com/a',
    kinds: ['safelinks'],
  },
  // Proofpoint
  {
    rule: 'Proofpoint v1 (percent-encoded, &amp; of the HTML source)',
    input: WRAP.proofpointV1('http://www.example.com/a?b=1&c=2'),
    next: ['http://www.example.com/a?b=1&c=2'],
    destination: 'http://www.example.com/a?b=1&c=2',
    kinds: ['proofpoint-v1'],
  },
  {
    rule: 'Proofpoint v2 (- and _ encoding)',
    input:
      'https://urldefense.proofpoint.com/v2/url?u=https-3A__www.example.com_path-3Fa-3D1-26b-3D2&d=DwMFaQ&c=abc&r=xyz&m=mmm&s=sss&e=',
    next: ['https://www.example.com/path?a=1&b=2'],
    destination: 'https://www.example.com/path?a=1&b=2',
    kinds: ['proofpoint-v2'],
  },
  {
    rule: 'Proofpoint v2 with &amp; of the HTML source (-26amp-3B)',
    input: 'https://urldefense.proofpoint.com/v2/url?u=http-3A__example.com_a-3Fb-3D1-26amp-3Bc-3D2&d=x&c=y',
    next: ['http://example.com/a?b=1&c=2'],
    destination: 'http://example.com/a?b=1&c=2',
    kinds: ['proofpoint-v2'],
  },
  {
    rule: 'Proofpoint v2 keeps real - and _ (written -2D, -5F)',
    input: WRAP.proofpointV2('https://my-site.example/a_b?c=d-e'),
    next: ['https://my-site.example/a_b?c=d-e'],
    destination: 'https://my-site.example/a_b?c=d-e',
    kinds: ['proofpoint-v2'],
  },
  {
    rule: 'Proofpoint v2 broken escape',
    input: 'https://urldefense.proofpoint.com/v2/url?u=https-3A__example.com_-ZZ&d=x&c=y',
    next: [],
    destination: null,
    kinds: [],
    unreadable: { kind: 'proofpoint-v2', reason: 'bad-encoding' },
  },
  {
    rule: 'Proofpoint v2 without u',
    input: 'https://urldefense.proofpoint.com/v2/url?d=x&c=y',
    next: [],
    destination: null,
    kinds: [],
    unreadable: { kind: 'proofpoint-v2', reason: 'missing' },
  },
  {
    rule: 'Proofpoint v3, # and % substituted',
    input:
      'https://urldefense.com/v3/__https://files.example/o/owa*2Findex.html?alt=media*frag__;JSM!!Fjc1LPEtn8I!xx-yy$',
    next: ['https://files.example/o/owa%2Findex.html?alt=media#frag'],
    destination: 'https://files.example/o/owa%2Findex.html?alt=media#frag',
    kinds: ['proofpoint-v3'],
  },
  {
    rule: 'Proofpoint v3 run token **B = 3 characters',
    input: 'https://urldefense.com/v3/__https://example.com/a**Bb__;JTJG!!x$',
    next: ['https://example.com/a%2Fb'],
    destination: 'https://example.com/a%2Fb',
    kinds: ['proofpoint-v3'],
  },
  {
    rule: 'Proofpoint v3 with nothing substituted, on the old host',
    input: 'https://urldefense.proofpoint.com/v3/__https://example.com/x__;!!abc!def$',
    next: ['https://example.com/x'],
    destination: 'https://example.com/x',
    kinds: ['proofpoint-v3'],
  },
  {
    rule: 'Proofpoint v3 with a single slash after the scheme',
    input: 'https://urldefense.com/v3/__https:/example.com/x__;!!abc$',
    next: ['https://example.com/x'],
    destination: 'https://example.com/x',
    kinds: ['proofpoint-v3'],
  },
  {
    rule: 'Proofpoint v3 without its __; frame',
    input: 'https://urldefense.com/v3/__https://example.com/x',
    next: [],
    destination: null,
    kinds: [],
    unreadable: { kind: 'proofpoint-v3', reason: 'bad-structure' },
  },
  {
    rule: 'Proofpoint v3 without the ! after the substitutions',
    input: 'https://urldefense.com/v3/__https://example.com/x__;Iw',
    next: [],
    destination: null,
    kinds: [],
    unreadable: { kind: 'proofpoint-v3', reason: 'bad-structure' },
  },
  {
    rule: 'Proofpoint v3 bad base64',
    input: 'https://urldefense.com/v3/__https://example.com/*__;I!!x$',
    next: [],
    destination: null,
    kinds: [],
    unreadable: { kind: 'proofpoint-v3', reason: 'bad-encoding' },
  },
  {
    rule: 'Proofpoint v3 base64 of invalid UTF-8',
    input: 'https://urldefense.com/v3/__https://example.com/*__;_w!!x$',
    next: [],
    destination: null,
    kinds: [],
    unreadable: { kind: 'proofpoint-v3', reason: 'bad-encoding' },
  },
  {
    rule: 'Proofpoint v3 more * than substitutions',
    input: 'https://urldefense.com/v3/__https://example.com/**x__;Iw!!x$',
    next: [],
    destination: null,
    kinds: [],
    unreadable: { kind: 'proofpoint-v3', reason: 'bad-encoding' },
  },
  {
    rule: 'Proofpoint v3 unknown run length',
    input: 'https://urldefense.com/v3/__https://example.com/**.__;IyMj!!x$',
    next: [],
    destination: null,
    kinds: [],
    unreadable: { kind: 'proofpoint-v3', reason: 'bad-encoding' },
  },
  {
    rule: 'Proofpoint v3 forged to grow past its wrapper',
    input: bloated,
    next: [],
    destination: null,
    kinds: [],
    unreadable: { kind: 'proofpoint-v3', reason: 'too-long' },
  },
  // Chat and social
  {
    rule: 'Slack slack-redir.net/link?url=',
    input: 'https://slack-redir.net/link?url=https%3A%2F%2Fexample.com%2Fdoc',
    next: ['https://example.com/doc'],
    destination: 'https://example.com/doc',
    kinds: ['slack'],
  },
  {
    rule: 'LinkedIn redir/redirect?url=',
    input: 'https://www.linkedin.com/redir/redirect?url=https%3A%2F%2Fexample.com%2F&urlhash=abc&trk=public_profile',
    next: ['https://example.com/'],
    destination: 'https://example.com/',
    kinds: ['linkedin'],
  },
  {
    rule: 'YouTube redirect?q=',
    input:
      'https://www.youtube.com/redirect?event=video_description&redir_token=QUFF&q=https%3A%2F%2Fexample.com%2F&v=dQw4w9WgXcQ',
    next: ['https://example.com/'],
    destination: 'https://example.com/',
    kinds: ['youtube'],
  },
  {
    rule: 'Steam linkfilter/?url=',
    input: 'https://steamcommunity.com/linkfilter/?url=https://free-skins.example/',
    next: ['https://free-skins.example/'],
    destination: 'https://free-skins.example/',
    kinds: ['steam'],
  },
  {
    rule: 'Steam old linkfilter/?u=',
    input: 'https://steamcommunity.com/linkfilter/?u=https%3A%2F%2Fexample.com%2F',
    next: ['https://example.com/'],
    destination: 'https://example.com/',
    kinds: ['steam'],
  },
  {
    rule: 'Reddit out.reddit.com',
    input: 'https://out.reddit.com/t3_abc123?url=https%3A%2F%2Fexample.com%2F&token=AQAA&app_name=web2x',
    next: ['https://example.com/'],
    destination: 'https://example.com/',
    kinds: ['reddit'],
  },
  // Mail gateways, one or more examples each, taken from (or shaped as) the published decoders'
  // tests: cardi/proofpoint-url-decoder decode_test.py and its issue #7 (UTF-8 runs); ninoseki/kachi
  // tests/test_main.py (urldefense.us, Barracuda, Sophos, Amazon SES, Libraesva, Azure, WhatsApp);
  // binref/refinery test/units/pattern/test_urlguards.py (Trend Micro v2); demisto/content
  // Packs/ApiModules/Scripts/FormatURLApiModule/FormatURLApiModule_test.py (FireEye, GCC High,
  // Trend Micro v1); obsidianforensics/unfurl unfurl/tests/unit/test_facebook.py (lsr.php); the
  // Cisco links are samples found in public code (their destination is the rest of the path).
  {
    rule: 'Proofpoint v3: a run counts UTF-8 bytes (**A is one two-byte character)',
    input:
      'https://urldefense.com/v3/__https://es.linkedin.com/in/pastora-mart**Anez-samper-3049818__;w60!!D9dNQwwGXtA!VCWZpmS3jIZRe5xm$',
    next: ['https://es.linkedin.com/in/pastora-mart%C3%ADnez-samper-3049818'],
    destination: 'https://es.linkedin.com/in/pastora-mart%C3%ADnez-samper-3049818',
    kinds: ['proofpoint-v3'],
  },
  {
    rule: 'Proofpoint v3: a character split between a run and a single *',
    input: 'https://urldefense.com/v3/__https://x.example/**A*__;YcOt!!a!b$',
    next: ['https://x.example/a%C3%AD'],
    destination: 'https://x.example/a%C3%AD',
    kinds: ['proofpoint-v3'],
  },
  {
    rule: "Proofpoint v3: the frame closes at the FIRST __; (as Proofpoint's decoder reads a crafted link)",
    input: 'https://urldefense.com/v3/__https://*vil.example/__;ZQ!!a!b$__;Yg!!c$',
    next: ['https://evil.example/'],
    destination: 'https://evil.example/',
    kinds: ['proofpoint-v3'],
  },
  {
    rule: 'Proofpoint for government: urldefense.us',
    input: 'https://urldefense.us/v3/__http://example.com__;!abc$',
    next: ['http://example.com/'],
    destination: 'http://example.com/',
    kinds: ['proofpoint-v3'],
  },
  {
    rule: 'Barracuda linkprotect.cudasvc.com/url?a=',
    input: 'https://linkprotect.cudasvc.com/url?a=https%3A%2F%2Fexample.com%2Fdocs&c=E,1,abc&typo=1',
    next: ['https://example.com/docs'],
    destination: 'https://example.com/docs',
    kinds: ['barracuda'],
  },
  {
    rule: 'Sophos ?u=<base64> (d= is only the domain)',
    input:
      'https://eu-central-1.protection.sophos.com/?d=sophos.com&u=aHR0cHM6Ly93d3cuc29waG9zLmNvbS9kZS1kZS9wcm9kdWN0cy9zb3Bob3MtZW1haWw=&i=NjJkMTA1&t=OGE0L3Mw&h=0d5a5f86&s=AVNPUEhU',
    next: ['https://www.sophos.com/de-de/products/sophos-email'],
    destination: 'https://www.sophos.com/de-de/products/sophos-email',
    kinds: ['sophos'],
  },
  {
    rule: 'Sophos without u: no destination to read',
    input: 'https://eu01.safelinks.protection.sophos.com/?d=example.com%2Fpage',
    next: [],
    destination: null,
    kinds: [],
    unreadable: { kind: 'sophos', reason: 'missing' },
  },
  {
    rule: 'Sophos u that is not base64',
    input: 'https://eu01.protection.sophos.com/?u=not*base64',
    next: [],
    destination: null,
    kinds: [],
    unreadable: { kind: 'sophos', reason: 'bad-encoding' },
  },
  {
    rule: 'Amazon SES awstrack.me/L0/<url>/…',
    input:
      'https://abcd1234.r.us-east-1.awstrack.me/L0/https:%2F%2Fshop.example%2Fsale%3Fid=7/1/010001890abc-def/XyZ=123',
    next: ['https://shop.example/sale?id=7'],
    destination: 'https://shop.example/sale?id=7',
    kinds: ['amazon-ses'],
  },
  {
    rule: 'Cisco Secure Email secure-web.cisco.com/<token>/<url>',
    input:
      'http://secure-web.cisco.com/1SOJrTG5gCruIHqvn9NInzNUzg/http%3A%2F%2Fwww.paulaoki.com%2Ftmp%2F130614-woeipload.tgz',
    next: ['http://www.paulaoki.com/tmp/130614-woeipload.tgz'],
    destination: 'http://www.paulaoki.com/tmp/130614-woeipload.tgz',
    kinds: ['cisco'],
  },
  {
    rule: "Cisco with the destination's query left raw",
    input:
      'https://secure-web.cisco.com/18tzQk3wGbk7eP/https%3A%2F%2Fsms.example%3A27677%2Fapi/sendsms.jsp?session_id=1&to=2',
    next: ['https://sms.example:27677/api/sendsms.jsp?session_id=1&to=2'],
    destination: 'https://sms.example:27677/api/sendsms.jsp?session_id=1&to=2',
    kinds: ['cisco'],
  },
  {
    rule: 'Cisco token without a URL',
    input: 'https://secure-web.cisco.com/1abc/',
    next: [],
    destination: null,
    kinds: [],
    unreadable: { kind: 'cisco', reason: 'missing' },
  },
  {
    rule: 'Trend Micro wis/clicktime/v1/query?url=',
    input:
      'https://imsva91-ctp.trendmicro.com:443/wis/clicktime/v1/query?url=https%3a%2f%2fexample.com%2fcape%2dcoral&umid=37126af7&auth=e8a1',
    next: ['https://example.com/cape-coral'],
    destination: 'https://example.com/cape-coral',
    kinds: ['trendmicro'],
  },
  {
    rule: 'Trend Micro wis/clicktime/v2/clickthrough?url=',
    input:
      'https://ctp.trendmicro.com/wis/clicktime/v2/clickthrough?url=http%3A%2F%2Fb2bnetwork-online.com%2Fr%2FwISqFfT4067ms210.html&uuid=7c9f1b02&auth=2dc9e123',
    next: ['http://b2bnetwork-online.com/r/wISqFfT4067ms210.html'],
    destination: 'http://b2bnetwork-online.com/r/wISqFfT4067ms210.html',
    kinds: ['trendmicro'],
  },
  {
    rule: 'Trend Micro host, another path: only the generic rule',
    input: 'https://smex-ctp.trendmicro.com/wis/clicktime/v1/report?url=https%3a%2f%2fexample.com%2f',
    next: ['https://example.com/'],
    destination: 'https://example.com/',
    kinds: ['generic'],
    guessed: true,
  },
  {
    rule: 'FireEye protect2.fireeye.com/v1/url?u=',
    input:
      'https://protect2.fireeye.com/v1/url?k=00bf92e9-5f24adeb&q=1&e=221919da&u=https%3A%2F%2Fwww.facebook.com%2FNamshiOfficial',
    next: ['https://www.facebook.com/NamshiOfficial'],
    destination: 'https://www.facebook.com/NamshiOfficial',
    kinds: ['fireeye'],
  },
  {
    rule: 'Libraesva urlsand.esvalabs.com/?u=',
    input: 'https://urlsand.esvalabs.com/?u=http%3A%2F%2Fexample.com&e=abc&h=def&t=1',
    next: ['http://example.com/'],
    destination: 'http://example.com/',
    kinds: ['libraesva'],
  },
  {
    rule: 'Azure mail emails.azure.microsoft.com/redirect?destination=',
    input: 'https://emails.azure.microsoft.com/redirect/?destination=http%3A%2F%2Fexample.com',
    next: ['http://example.com/'],
    destination: 'http://example.com/',
    kinds: ['azure-email'],
  },
  {
    rule: 'WhatsApp l.wl.co/l?u=',
    input: 'https://l.wl.co/l?u=http%3A%2F%2Fexample.com',
    next: ['http://example.com/'],
    destination: 'http://example.com/',
    kinds: ['whatsapp'],
  },
  {
    rule: 'Safe Links for GCC High (office365.us)',
    input: 'https://nam10.safelinks.protection.office365.us/ap/w-59523e83/?url=https://test.example/test&data=',
    next: ['https://test.example/test'],
    destination: 'https://test.example/test',
    kinds: ['safelinks'],
  },
  {
    rule: 'Safe Links on the bare host',
    input: 'https://safelinks.protection.outlook.com/?url=https%3A%2F%2Fgitlab.example%2F&data=1',
    next: ['https://gitlab.example/'],
    destination: 'https://gitlab.example/',
    kinds: ['safelinks'],
  },
  {
    rule: "Teams' Safe Links page",
    input:
      'https://statics.teams.cdn.office.net/evergreen-assets/safelinks/1/atp-safelinks.html?url=https%3A%2F%2Fexample.com%2Fpage&locale=en-us',
    next: ['https://example.com/page'],
    destination: 'https://example.com/page',
    kinds: ['safelinks'],
  },
  {
    rule: 'LinkedIn safety/go?url=',
    input: 'https://www.linkedin.com/safety/go?url=https%3A%2F%2Fexample.com%2Fjob&trk=flagship-messaging-web',
    next: ['https://example.com/job'],
    destination: 'https://example.com/job',
    kinds: ['linkedin'],
  },
  {
    rule: 'Facebook lsr.php?u=',
    input: 'http://l.facebook.com/lsr.php?u=https%3A%2F%2Fdata.cityofnewyork.us%2Fx&ext=1442879836&hash=Acnn',
    next: ['https://data.cityofnewyork.us/x'],
    destination: 'https://data.cityofnewyork.us/x',
    kinds: ['facebook'],
  },
  {
    rule: 'Mimecast protect-*.mimecast.com/s/…: opaque, not read (a shortener, shorteners.ts)',
    input: 'https://protect-eu.mimecast.com/s/AbCdEfGhIjKlMn?domain=example.com',
    next: [],
    destination: null,
    kinds: [],
  },
  // Nesting and its bound
  {
    rule: 'Safe Links › Proofpoint v2 › Google',
    input: WRAP.safelinks(WRAP.proofpointV2(WRAP.google(DEST))),
    next: [WRAP.proofpointV2(WRAP.google(DEST)), WRAP.google(DEST), DEST],
    destination: DEST,
    kinds: ['safelinks', 'proofpoint-v2', 'google'],
  },
  {
    rule: 'Safe Links › Proofpoint v3 › Facebook',
    input: WRAP.safelinks(WRAP.proofpointV3(WRAP.facebook(DEST))),
    next: [new URL(WRAP.proofpointV3(WRAP.facebook(DEST))).href, WRAP.facebook(DEST), DEST],
    destination: DEST,
    kinds: ['safelinks', 'proofpoint-v3', 'facebook'],
  },
  {
    rule: "Proofpoint v3 inside v3 (the inner frame's ; hidden by the outer encoding)",
    input: WRAP.proofpointV3(WRAP.proofpointV3('https://example.com/a#b')),
    next: [new URL(WRAP.proofpointV3('https://example.com/a#b')).href, 'https://example.com/a#b'],
    destination: 'https://example.com/a#b',
    kinds: ['proofpoint-v3', 'proofpoint-v3'],
  },
  {
    rule: 'five layers is the limit',
    input: fiveDeep,
    next: [4, 3, 2, 1, 0].map((n) => [...Array(n)].reduce((u: string) => WRAP.slack(u), 'https://deep.example/')),
    destination: 'https://deep.example/',
    kinds: ['slack', 'slack', 'slack', 'slack', 'slack'],
  },
  {
    rule: 'a sixth layer is not read: too deep',
    input: sixDeep,
    next: [5, 4, 3, 2, 1].map((n) => [...Array(n)].reduce((u: string) => WRAP.google(u), 'https://deep.example/')),
    destination: WRAP.google('https://deep.example/'),
    kinds: ['google', 'google', 'google', 'google', 'google'],
    unreadable: { kind: 'google', reason: 'too-deep' },
  },
  // Generic rule
  {
    rule: 'generic: tracker ?u= to another site (a guess)',
    input: 'https://click.tracker.example/c?id=7&u=https%3A%2F%2Fshop.example%2Fsale',
    next: ['https://shop.example/sale'],
    destination: 'https://shop.example/sale',
    kinds: ['generic'],
    guessed: true,
  },
  {
    rule: 'generic: name case does not matter',
    input: 'https://go.example/out?GoTo=https://other.example/',
    next: ['https://other.example/'],
    destination: 'https://other.example/',
    kinds: ['generic'],
    guessed: true,
  },
  {
    rule: 'generic: OAuth redirect_uri is a hop, not the destination',
    input:
      'https://accounts.idp.example/o/oauth2/auth?client_id=1&redirect_uri=https%3A%2F%2Fapp.example%2Fcb&response_type=code&scope=email',
    next: ['https://app.example/cb'],
    destination: null,
    kinds: ['generic'],
  },
  {
    rule: 'generic: ReturnUrl on a sign-in page',
    input: 'https://login.portal.example/signin?ReturnUrl=https%3A%2F%2Fother.example%2F',
    next: ['https://other.example/'],
    destination: null,
    kinds: ['generic'],
  },
  {
    rule: "generic: same-site next= is the site's own page",
    input: 'https://www.example.com/login?next=https://example.com/account',
    next: [],
    destination: null,
    kinds: [],
  },
  {
    rule: 'generic: ?q= is a search, not a redirect',
    input: 'https://search.example/?q=https://foo.example/',
    next: [],
    destination: null,
    kinds: [],
  },
  {
    rule: 'generic: value not a URL',
    input: 'https://a.example/?url=not-a-url&to=%2Frelative',
    next: [],
    destination: null,
    kinds: [],
  },
  {
    rule: 'generic: the fragment never reaches the server',
    input: 'https://a.example/#url=https://b.example/',
    next: [],
    destination: null,
    kinds: [],
  },
  {
    rule: 'generic: first matching parameter wins',
    input: 'https://t.example/?dest=https://one.example/&url=https://two.example/',
    next: ['https://one.example/'],
    destination: 'https://one.example/',
    kinds: ['generic'],
    guessed: true,
  },
  {
    rule: 'known › generic: Safe Links around a tracker',
    input: WRAP.safelinks('https://t.example/c?url=https%3A%2F%2Fshop.example%2F'),
    next: ['https://t.example/c?url=https%3A%2F%2Fshop.example%2F', 'https://shop.example/'],
    destination: 'https://shop.example/',
    kinds: ['safelinks', 'generic'],
    guessed: true,
  },
  {
    rule: 'return › redirect: the destination stays the sign-in page',
    input:
      'https://idp.example/auth?redirect_uri=https%3A%2F%2Ft.example%2F%3Furl%3Dhttps%253A%252F%252Fx.example%252F',
    next: ['https://t.example/?url=https%3A%2F%2Fx.example%2F', 'https://x.example/'],
    destination: null,
    kinds: ['generic', 'generic'],
  },
  // Hostile and odd
  {
    rule: 'not a web link: javascript:',
    input: 'javascript:location="https://evil.example"',
    next: [],
    destination: null,
    kinds: [],
  },
  {
    rule: 'userinfo trick: the host is what the browser opens',
    input: 'https://www.google.com/url?q=https://bank.example@evil.example/',
    next: ['https://bank.example@evil.example/'],
    destination: 'https://bank.example@evil.example/',
    kinds: ['google'],
  },
  {
    rule: 'backslashes read as the browser reads them',
    input: 'https://slack-redir.net/link?url=https:%5C%5Cevil.example%5Cx',
    next: ['https://evil.example/x'],
    destination: 'https://evil.example/x',
    kinds: ['slack'],
  },
  {
    rule: 'invalid UTF-8 escape kept, host still read',
    input: 'https://www.google.com/url?q=https%3A%2F%2Fevil.example%2F%E9%ZZ',
    next: ['https://evil.example/%E9%ZZ'],
    destination: 'https://evil.example/%E9%ZZ',
    kinds: ['google'],
  },
  {
    rule: '+ in a query value is a space (form decoding)',
    input: 'https://slack-redir.net/link?url=https://example.com/a+b',
    next: ['https://example.com/a%20b'],
    destination: 'https://example.com/a%20b',
    kinds: ['slack'],
  },
  {
    rule: 'trailing dot on the wrapper host',
    input: 'https://slack-redir.net./link?url=https%3A%2F%2Fexample.com%2F',
    next: ['https://example.com/'],
    destination: 'https://example.com/',
    kinds: ['slack'],
  },
];

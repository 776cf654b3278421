/**
 * Example hosts per class for classifyHost, as the shipped build classifies them
 * (no test top-level domains). Each class is tested against its own samples; since the result is
 * one class, every other class's samples are its negatives.
 */
import type { HostClass } from './privacy';

export const HOST_CLASS_EXAMPLES: Readonly<Record<HostClass, readonly string[]>> = {
  public: [
    'example.com',
    'www.example.co.uk',
    'xn--bcher-kva.com',
    'foo.xn--p1ai', // an IDN top-level domain of the public suffix list
    'shop.example.zip', // a newer gTLD
    '8.8.8.8',
    '1.1.1.1',
    '172.32.0.1', // just outside 172.16/12
    '100.63.255.255', // just below CGNAT
    '100.128.0.0', // just above CGNAT
    '169.253.1.1',
    '11.0.0.1',
    '[2606:4700:4700::1111]',
    '2001:4860:4860::8888',
    '[::ffff:8.8.8.8]',
    '[64:ff9b::808:808]', // NAT64 of a public address
    '[2002:808:808::1]', // 6to4 of 8.8.8.8
    '[2001:0:4136:e378:8000:63bf:f7f7:f7f7]', // Teredo: server 65.54.227.120, client 8.8.8.8 (inverted)
    '192.0.1.1', // between 192.0.0.0/24 and 192.0.2.0/24
    '198.51.101.1', // just above TEST-NET-2
    '203.0.114.1', // just above TEST-NET-3
    'localhost.example.com', // "localhost" as a label of a public name
    'local.example.com',
  ],
  loopback: [
    'localhost',
    'LOCALHOST',
    'localhost.',
    'app.localhost',
    '127.0.0.1',
    '127.1',
    '127.0.1',
    '2130706433',
    '0x7f000001',
    '0x7f.0.0.1',
    '0177.0.0.1',
    '0177.0.0.01',
    '127.255.255.254',
    '0.0.0.0',
    '0',
    '[::1]',
    '::1',
    '0:0:0:0:0:0:0:1',
    '[::]',
    '[::ffff:127.0.0.1]',
    '[::ffff:7f00:1]',
    '::ffff:7F00:0001',
    '[64:ff9b::7f00:1]',
    '[2002:7f00:1::]', // 6to4 of 127.0.0.1
    'ｌｏｃａｌｈｏｓｔ', // full-width, mapped by IDNA
    '１２７.0.0.1', // full-width digits
    'localhost:8080',
  ],
  private: [
    '10.0.0.1',
    '10.255.255.255',
    '012.0.0.1', // octal 012 = 10
    '0xa.0.0.1',
    '167772161', // 10.0.0.1 as one number
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '192.168.257', // 3-part form of 192.168.1.1
    '0xc0a80101',
    '100.64.0.1',
    '100.127.255.255',
    '[fc00::1]',
    '[fd12:3456:789a::1]',
    '[::ffff:10.0.0.1]',
    '[::ffff:c0a8:101]',
    '[64:ff9b::192.168.0.1]',
    '[64:ff9b:1::1]',
    '224.0.0.1',
    '255.255.255.255',
    '192.0.0.8', // IETF protocol assignments
    '192.0.2.1', // TEST-NET-1
    '198.51.100.7', // TEST-NET-2
    '203.0.113.99', // TEST-NET-3
    '[2002:c0a8:101::1]', // 6to4 of 192.168.1.1
    '[2002:c000:201::]', // 6to4 of 192.0.2.1
    '[2001:0:4136:e378:8000:63bf:f5ff:fffe]', // Teredo, client 10.0.0.1 (inverted)
    '[2001:0:c000:201::1]', // Teredo with a documentation-range server
    '[2001:db8::1]', // IPv6 documentation
  ],
  'link-local': [
    '169.254.0.1',
    '169.254.169.254',
    '[fe80::1]',
    'fe80::1%eth0',
    '[febf::1]',
    '[::ffff:169.254.169.254]',
  ],
  intranet: [
    'intranet',
    'printer',
    'router.',
    'nas.local',
    'db.internal',
    'wiki.intranet',
    'fileserver.lan',
    'tv.home.arpa',
    'git.corp',
    'box.localdomain',
    // Special-use names the public DNS never resolves (RFC 7686, RFC 9476), though .onion is an
    // ICANN entry of the public suffix list: sending one would disclose a hidden service's address.
    'duckduckgogg42xjoc72x3sjasowoarfbgcmvfimaftt6twagswzczad.onion',
    'service.alt',
    'wiki.intra.mycorp', // a top-level domain not on the public suffix list
    'phish-bank.test', // reserved names: not the web, except in test builds (PUBLIC_IN_TEST_BUILDS)
    'shop.example',
    'xn--bcher-kva.example',
    'login.invalid',
    'not a host', // unparsable: never assumed public
    'a:b:c', // neither IPv6 nor host:port
  ],
};

/** Public only in a build that lists their top-level domain as a test one (PUBLIC_TEST_TLDS). */
export const PUBLIC_IN_TEST_BUILDS: { tlds: readonly string[]; hosts: readonly string[] } = {
  tlds: ['test'],
  hosts: ['phish-bank.test', 'login.example-bank.test', 'PHISH-BANK.TEST.'],
};

/**
 * The test-only certificate of the service's HTTPS + HTTP/2 mode (tls/README.md), and the hash a
 * browser is given to accept exactly it (Chromium `--ignore-certificate-errors-spki-list`).
 */
import { createHash, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';

const file = (name: string) => readFileSync(new URL(`./tls/${name}`, import.meta.url));

export function testTls(): { key: Buffer; cert: Buffer } {
  return { key: file('localhost-key.pem'), cert: file('localhost-cert.pem') };
}

/** base64 SHA-256 of the certificate's SubjectPublicKeyInfo. */
export function testSpkiSha256(): string {
  const spki = new X509Certificate(file('localhost-cert.pem')).publicKey.export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(spki).digest('base64');
}

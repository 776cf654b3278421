// Where a browser goes over https, without a certificate: a listener on loopback port 443 that
// reads the first TLS record of each connection (the ClientHello, sent in clear), keeps the
// server name the browser asked for (the SNI extension, RFC 6066 section 3), and hangs up. The
// browser then shows its own connection error; the name is the evidence that it went there.
// Port 443 because the links under test go to `https://<host>/`, a root with no port; every
// `*.test` host reaches 127.0.0.1 (Chromium --host-resolver-rules, Firefox network.dns.forceResolve).
import { createServer, type Socket } from 'node:net';

export interface TlsHelloRecorder {
  /** Server names of the connections so far, in order. */
  names: string[];
  stop(): Promise<void>;
}

/** The SNI host name of a TLS record holding a ClientHello, or null when it carries none. */
export function serverNameOf(b: Buffer): string | null {
  // Record: type 22 (handshake), version (2), length (2); handshake: type 1 (ClientHello), length (3).
  if (b.length < 9 || b[0] !== 22 || b[5] !== 1) return null;
  let at = 9 + 2 + 32; // client version, random
  const skip = (lenBytes: 1 | 2) => {
    if (at + lenBytes > b.length) return false;
    at += lenBytes + (lenBytes === 1 ? b[at]! : b.readUInt16BE(at));
    return at <= b.length;
  };
  if (!skip(1) || !skip(2) || !skip(1)) return null; // session id, cipher suites, compression methods
  if (at + 2 > b.length) return null;
  const end = Math.min(b.length, at + 2 + b.readUInt16BE(at));
  at += 2;
  while (at + 4 <= end) {
    const type = b.readUInt16BE(at);
    const len = b.readUInt16BE(at + 2);
    const data = at + 4;
    // server_name: list length (2), name type 0 (host_name), name length (2), the name.
    if (type === 0 && len >= 5 && b[data + 2] === 0) {
      const n = b.readUInt16BE(data + 3);
      return data + 5 + n <= end ? b.toString('ascii', data + 5, data + 5 + n) : null;
    }
    at = data + len;
  }
  return null;
}

export async function startTlsHelloRecorder(port = 443): Promise<TlsHelloRecorder> {
  const names: string[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    let got = Buffer.alloc(0);
    socket.on('data', (chunk) => {
      got = Buffer.concat([got, chunk]);
      // The whole first record (its length is in bytes 3-4), then the name, then good-bye.
      if (got.length >= 5 && got.length >= 5 + got.readUInt16BE(3)) {
        const name = serverNameOf(got);
        if (name) names.push(name);
        socket.destroy();
      }
    });
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    // Said plainly: without this port the test cannot see where the link went.
    server.once('error', (e) =>
      reject(
        new Error(`cannot listen on 127.0.0.1:${port} (root is needed for a port below 1024): ${(e as Error).message}`),
      ),
    );
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    names,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

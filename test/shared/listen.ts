// Test servers listen on a free loopback port: tests run side by side, and nothing is reachable
// from outside the machine.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Starts `server` on 127.0.0.1 with a port the system picks; resolves with that port. */
export async function listenOnLoopback(server: Server): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return (server.address() as AddressInfo).port;
}

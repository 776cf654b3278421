// The organization's web server for its remote policy files (configUrl, blockFeedUrl): serves one
// editable file with an ETag, answers 304 to a matching If-None-Match, and logs every request with
// the validator it carried, so a test waits for the extension's next fetch instead of sleeping.
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import { listenOnLoopback } from '../../shared/listen';

export interface FeedRequest {
  path: string;
  ifNoneMatch: string | null;
  status: number;
  /** The ETag the answer carried. */
  etag: string;
}

export interface FeedServer {
  /** http://127.0.0.1:<port>/feed.txt */
  url: string;
  requests: FeedRequest[];
  /** Replaces the file (a new ETag). */
  publish(text: string): void;
  /** Closes the server and every open connection: the extension's next fetch gets no answer. */
  stop(): Promise<void>;
}

export async function startFeedServer(initial: string): Promise<FeedServer> {
  let text = initial;
  const etag = () => `"${createHash('sha256').update(text).digest('hex').slice(0, 16)}"`;
  const requests: FeedRequest[] = [];
  const server = createServer((req, res) => {
    const ifNoneMatch = typeof req.headers['if-none-match'] === 'string' ? req.headers['if-none-match'] : null;
    const status = ifNoneMatch === etag() ? 304 : 200;
    requests.push({ path: req.url ?? '', ifNoneMatch, status, etag: etag() });
    if (status === 304) return void res.writeHead(304, { ETag: etag() }).end();
    res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8', ETag: etag() }).end(text);
  });
  const port = await listenOnLoopback(server);
  return {
    url: `http://127.0.0.1:${port}/feed.txt`,
    requests,
    publish: (next) => void (text = next),
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

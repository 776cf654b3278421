// Runs code inside the extension's content-script world of a web page (Chromium's "isolated"
// execution context), through CDP. This is how a test forges messages "from a content script":
// the browser stamps them with the page's tab and URL, exactly like the real content script's.
import type { CDPSession, Page } from 'playwright-core';

interface ExecutionContextDescription {
  id: number;
  origin: string;
  name: string;
  uniqueId?: string;
  auxData?: { isDefault?: boolean; type?: string; frameId?: string };
}

export interface ContentWorld {
  /** The CDP description of the isolated context we evaluate in. */
  context: ExecutionContextDescription;
  /**
   * Evaluates a JS expression in the content-script world and returns its value (awaited when a
   * promise). A thrown error or rejection comes back as `{ thrown: message }`, not as a throw.
   */
  evaluate(expression: string): Promise<unknown>;
  /** `chrome.runtime.sendMessage(message)` from the content-script world. */
  sendMessage(message: unknown): Promise<unknown>;
  close(): Promise<void>;
}

const WAIT_MS = 15_000;

/**
 * Attaches to the page and finds the isolated world of the extension's content script in the main
 * frame. The content script runs at document_idle, so this waits for its context to appear.
 */
export async function openContentWorld(page: Page, extensionId: string): Promise<ContentWorld> {
  const session: CDPSession = await page.context().newCDPSession(page);
  const contexts: ExecutionContextDescription[] = [];
  session.on('Runtime.executionContextCreated', (e: { context: ExecutionContextDescription }) =>
    contexts.push(e.context),
  );
  session.on('Runtime.executionContextDestroyed', (e: { executionContextId: number }) => {
    const i = contexts.findIndex((c) => c.id === e.executionContextId);
    if (i >= 0) contexts.splice(i, 1);
  });
  const { frameTree } = (await session.send('Page.getFrameTree')) as { frameTree: { frame: { id: string } } };
  const mainFrameId = frameTree.frame.id;
  await session.send('Runtime.enable'); // reports every existing context, then new ones

  const ours = () =>
    contexts.find(
      (c) =>
        c.auxData?.type === 'isolated' &&
        c.auxData.frameId === mainFrameId &&
        c.origin.startsWith(`chrome-extension://${extensionId}`),
    );
  const deadline = Date.now() + WAIT_MS;
  while (!ours()) {
    if (Date.now() > deadline) {
      await session.detach().catch(() => undefined);
      const seen = contexts.map((c) => `${c.auxData?.type}:${c.name}:${c.origin}`).join(', ');
      throw new Error(`No content-script world of ${extensionId} in ${page.url()} (contexts: ${seen})`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const context = ours()!;

  const evaluate = async (expression: string) => {
    // Wrap so a rejection is data, not a CDP exception: the tests compare refusals.
    const wrapped = `(async () => { try { return { value: await (${expression}) }; } catch (e) { return { thrown: String((e && e.message) || e) }; } })()`;
    const r = (await session.send('Runtime.evaluate', {
      expression: wrapped,
      contextId: context.id,
      awaitPromise: true,
      returnByValue: true,
    })) as { result: { value?: { value?: unknown; thrown?: string } }; exceptionDetails?: { text: string } };
    if (r.exceptionDetails)
      throw new Error(`Evaluation failed in the content-script world: ${r.exceptionDetails.text}`);
    const out = r.result.value ?? {};
    return 'thrown' in out ? { thrown: out.thrown } : out.value;
  };

  return {
    context,
    evaluate,
    sendMessage: (message) => evaluate(`chrome.runtime.sendMessage(${JSON.stringify(message)})`),
    close: () => session.detach().catch(() => undefined),
  };
}

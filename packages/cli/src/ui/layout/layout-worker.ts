// The layout worker's entry (bundled on its own as /ui/layout-worker.js, a classic worker
// script from the page's origin, allowed by the UI's CSP `worker-src 'self'`): each message is
// one layout request (./layout-protocol.ts); the answer carries the positions. The page ends
// this worker (terminate) when it no longer wants the answer, so no cancel message is needed.
import { runRequest, type LayoutRequest } from './layout-protocol.js';

const scope = self as unknown as { onmessage: ((ev: MessageEvent<LayoutRequest>) => void) | null; postMessage(msg: unknown, transfer: Transferable[]): void };

scope.onmessage = (ev) => {
  const answer = runRequest(ev.data);
  scope.postMessage(answer, [answer.xy.buffer]);
};

// Runs an ask and yields what happens as events: answer tokens as the model writes them, then
// the result or the error. Compatible endpoints wait for the first event before they answer, so
// a failure before any output is still an ordinary HTTP error with its status code.
import type { RagService } from '../../service/rag-service.js';
import type { AskResult } from '../../types.js';

export type AskEvent = { type: 'token'; text: string; generation: number } | { type: 'result'; result: AskResult } | { type: 'error'; error: unknown };

export function askEvents(service: RagService, request: { question: string; method: string; signal: AbortSignal }): AsyncIterableIterator<AskEvent> {
  const queue: AskEvent[] = [];
  let wake: (() => void) | undefined;
  let finished = false;
  const push = (e: AskEvent) => {
    queue.push(e);
    wake?.();
    wake = undefined;
  };
  service
    .ask({ ...request, onToken: (text, { generation }) => push({ type: 'token', text, generation }) })
    .then(
      (result) => push({ type: 'result', result }),
      (error: unknown) => push({ type: 'error', error }),
    );
  const iterator: AsyncIterableIterator<AskEvent> = {
    [Symbol.asyncIterator]: () => iterator,
    async next() {
      while (queue.length === 0) {
        if (finished) return { done: true, value: undefined };
        await new Promise<void>((resolve) => (wake = resolve));
      }
      const value = queue.shift()!;
      if (value.type !== 'token') finished = true;
      return { done: false, value };
    },
  };
  return iterator;
}

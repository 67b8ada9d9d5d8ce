// The text deltas of a streamed reply. Tokens are passed on as they arrive; what was sent can
// never be taken back, so when an agent starts a new attempt (a new token generation) a short
// note says the text above was discarded, and at the end the reply is completed so that it
// always ends with the final answer, its sources and its verification. When the model streamed
// the final answer (the usual case) the streamed reply equals the non-streamed one.
import type { AskResult } from '../../types.js';
import { replyBody, replyFooter, replyText } from './reply-text.js';

export const DISCARDED_NOTE = '\n\n(retrying: the attempt above was discarded)\n\n';

export interface ReplyStream {
  /** The delta to send for an answer token. */
  token(text: string, generation: number): string;
  /** The delta that completes the reply once the result is known. */
  finish(result: AskResult): string;
}

export function createReplyStream(): ReplyStream {
  let generation = 0;
  let current = ''; // text of the current generation
  let sent = false;
  return {
    token(text, g) {
      let delta = '';
      if (g !== generation) {
        if (sent) delta += DISCARDED_NOTE;
        generation = g;
        current = '';
      }
      current += text;
      sent = true;
      return delta + text;
    },
    finish(result) {
      if (!sent) return replyText(result);
      const body = replyBody(result);
      const footer = replyFooter(result);
      if (body === current.trim()) return footer;
      if (body.startsWith(current)) return body.slice(current.length) + footer;
      return `\n\nAnswer: ${body}${footer}`;
    },
  };
}

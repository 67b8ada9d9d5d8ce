import { describe, expect, it } from 'vitest';
import { docsQuestion } from './docs-question.js';

describe('docsQuestion', () => {
  it('reads the shape from the head noun of the wh-phrase', () => {
    expect(docsQuestion('Which environment variable selects the mail server?').shape).toBe('env');
    expect(docsQuestion('Which status code does ctx.forward() send?').shape).toBe('status');
    expect(docsQuestion('Which CLI flag turns on verbose logs?').shape).toBe('flag');
    expect(docsQuestion('Which npm package adds the session store?').shape).toBe('module');
    expect(docsQuestion('Which method closes the pool?').shape).toBe('function');
    expect(docsQuestion('Which option limits the body size?').shape).toBe('option');
    expect(docsQuestion('What port does the dev server listen on?').shape).toBe('value');
    expect(docsQuestion('How large is a cache of 10k entries?').shape).toBe('quantity');
  });

  it('stops the wh-phrase at its verb, so a later noun does not decide', () => {
    // "pool" is the head; "files" after the verb must not make it a path question.
    expect(docsQuestion('Which pool runs my test files?').shape).toBeUndefined();
  });

  it('recognises a default asked in other words, a how-to and a description', () => {
    expect(docsQuestion('What is the default body limit?').defaultAsked).toBe(true);
    expect(docsQuestion('If I never set `retries`, how many retries happen?').defaultAsked).toBe(true);
    expect(docsQuestion('Which folder is used unless I change it?').defaultAsked).toBe(true);
    expect(docsQuestion('Which folder holds the logs?').defaultAsked).toBe(false);
    expect(docsQuestion("How deep does it recurse if I don't give it a depth?").defaultAsked).toBe(true);
    expect(docsQuestion('I mount a child router under a path. How do I see the parent params?').howTo).toBe(true);
    expect(docsQuestion('The router matches paths. Which option makes it strict?').howTo).toBe(false);
    expect(docsQuestion('Without a custom key function, what does the limiter count by?').defaultAsked).toBe(true);
    expect(docsQuestion('How many redirects does the agent follow unless the options say otherwise?').defaultAsked).toBe(true);
    expect(docsQuestion('Does it retry, or does it fail otherwise?').defaultAsked).toBe(false);
    expect(docsQuestion('How do I publish the packages?').howTo).toBe(true);
    expect(docsQuestion('How long does a build take?').howTo).toBe(false);
    expect(docsQuestion('What does quill compact do?').describe).toBe(true);
  });
});

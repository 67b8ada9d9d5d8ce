import { describe, expect, it } from 'vitest';
import { abstentionReason } from './abstention-reason.js';
import { MARIE } from '../test-fixtures.js';

describe('abstentionReason', () => {
  it('names the entity no passage mentions', () => {
    expect(abstentionReason('When was Vic Darchinyan born?', MARIE.chunks)).toBe('no passage mentions Vic Darchinyan');
  });
  it('names the asked relation the evidence about the entity does not state', () => {
    expect(abstentionReason('Who is the spouse of Marie Lindqvist?', MARIE.chunks)).toBe('the evidence mentions Marie Lindqvist but no passage says "spouse"');
  });
  it('says when nothing was retrieved', () => {
    expect(abstentionReason('Who is the spouse of Marie Lindqvist?', [])).toBe('no passage was retrieved for the question');
  });
});

// Test support: a server-sent event stream as (event, data) pairs, in order.
export function parseSse(text: string): { event: string; data: string }[] {
  return text
    .split('\n\n')
    .filter((b) => b.trim())
    .map((block) => {
      const lines = block.split('\n');
      return {
        event: lines.find((l) => l.startsWith('event:'))?.slice(6).trim() ?? 'message',
        data: lines
          .filter((l) => l.startsWith('data:'))
          .map((l) => l.slice(5).replace(/^ /, ''))
          .join('\n'),
      };
    });
}

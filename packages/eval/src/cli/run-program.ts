// Runs a commander program as a command-line tool: exit code 0 or 1, a RagError printed as
// "<name>: <code>: <message>" on stderr. What is not a RagError is `onUnexpected`'s to handle.
import { Command, CommanderError } from 'commander';
import { RagError } from '@rag/core';

export async function runProgram(
  program: Command,
  argv: readonly string[],
  stderr: { write(text: string): unknown },
  onUnexpected: (error: unknown) => number,
): Promise<number> {
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 1;
    if (RagError.isInstance(error)) {
      stderr.write(`${program.name()}: ${error.code}: ${error.message}\n`);
      return 1;
    }
    return onUnexpected(error);
  }
}

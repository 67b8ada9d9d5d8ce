#!/usr/bin/env node
// The `rag` command. Wires the CLI to @rag/indexer stores, @rag/eval, the HTTP server and MCP stdio.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createDefaultCliDeps, runCli } from '@rag/eval';
import { createOllamaChatModel, ollamaFromEnv } from '@rag/ollama';
import { runTrainDataCli } from '@rag/train-data';
import { runRagCli, type CliIo } from '../cli/rag-cli.js';
import { startServer } from '../http/serve.js';
import { createIndexerBackend } from '../stack/indexer-backend.js';

// pnpm runs root scripts from the repo root; INIT_CWD is where the user typed the command.
const io: CliIo = { stdout: process.stdout, stderr: process.stderr, env: process.env, cwd: process.env.INIT_CWD ?? process.cwd() };

const code = await runRagCli(process.argv.slice(2), io, {
  get backend() {
    return createIndexerBackend({ env: io.env });
  },
  runEval: (argv, evalIo) => runCli(argv, evalIo, createDefaultCliDeps()),
  // The teacher is Ollama when OLLAMA_HOST is set (--teacher-model picks the model, else
  // OLLAMA_CHAT_MODEL / the default); otherwise the train-data CLI's own --teacher-url or its
  // "no teacher model configured" message.
  runTrainData(argv, tio) {
    const ollama = ollamaFromEnv(tio.env);
    const host = tio.env.OLLAMA_HOST;
    // Its paths are relative to where the user typed the command (pnpm runs us from the root).
    process.chdir(tio.cwd);
    return runTrainDataCli(argv, tio, ollama && host ? { teacher: ({ model }) => (model ? createOllamaChatModel({ host, model }) : ollama.chat) } : {});
  },
  async serve(service, options, sio) {
    const server = await startServer({ service, ...options });
    const info = service.info();
    sio.stdout.write(
      `rag serve: ${info.docs} documents, ${info.nodes} entities (${info.mode})\n` +
        `  web UI + API: ${server.url}\n  MCP (Streamable HTTP): ${server.url}/mcp\n` +
        `  writes: ${options.token ? 'need the bearer token' : 'open to this machine only (loopback, no token)'}\n  Ctrl-C to stop\n`,
    );
    await new Promise<void>((resolve) => {
      const stop = () => void server.close().then(resolve);
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
  },
  async mcpStdio(server) {
    const transport = new StdioServerTransport();
    const closed = new Promise<void>((resolve) => (transport.onclose = resolve));
    await server.connect(transport);
    process.stdin.once('end', () => void server.close());
    await closed;
  },
});
process.exitCode = code;

#!/usr/bin/env node
// The `rag-eval` bin. Committed (not built) so that `pnpm install` on a fresh clone can link it
// before `pnpm build`; the command itself is the built dist/bin/rag-eval.js.
import '../dist/bin/rag-eval.js';

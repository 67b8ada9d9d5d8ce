// Files `pnpm demo` leaves in its store directory (read by the CLI to offer sample questions).
/** sha256 of the corpus the store was built from: reuse the store while it matches. */
export const DEMO_MARKER = 'demo-corpus.sha256';
/** The sample questions of a demo store, offered by the web UI. */
export const DEMO_QUESTIONS = 'demo-questions.json';

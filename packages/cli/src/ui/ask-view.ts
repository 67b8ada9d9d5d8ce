// The Ask tab's result panels between questions: the answer as it is being written (tokens
// from a streaming chat model), and clearing every panel, so an answer, its citations, graph
// and trace are never shown beside a question they do not belong to (a new ask, a failed one).
const $ = (id: string) => document.getElementById(id) as HTMLElement;

/** Empty the answer, verification, meta, citations, trace, evidence and graph panels. */
export function clearAskResults(destroyGraph: () => void): void {
  const status = $('answer-status');
  status.textContent = '';
  status.className = 'badge';
  $('answer-verification').hidden = true;
  $('verification-reason').hidden = true;
  $('answer-form-note').hidden = true;
  const text = $('answer-text');
  text.textContent = '';
  text.className = 'answer';
  for (const id of ['answer-meta', 'citations', 'trace', 'evidence', 'graph-chips']) $(id).replaceChildren();
  destroyGraph();
  const graph = $('graph');
  graph.replaceChildren();
  graph.dataset.nodes = '0';
  delete graph.dataset.renderer;
  $('graph-hint').textContent = 'click a node';
  $('node-card').hidden = true;
}

/** Shows streamed answer text in `#answer-text`; the final result then replaces it. */
export function createAnswerStream(): { token(text: string, generation: number): void } {
  let generation = 0;
  return {
    token(text, g) {
      const el = $('answer-text');
      // A new generation: the agent discarded the attempt written so far (a failed check, a retry).
      if (g !== generation) {
        generation = g;
        el.textContent = '';
        el.className = 'answer streaming';
        const status = $('answer-status');
        status.textContent = g > 1 ? `writing (attempt ${g})…` : 'writing…';
        status.className = 'badge streaming';
      }
      el.append(text);
    },
  };
}

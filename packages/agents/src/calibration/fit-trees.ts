// Gradient-boosted regression trees for a correctness probability (logistic loss, Newton leaf
// values, shrinkage), written here: a few hundred rows and a few dozen features need no library,
// and the calibrator is our core. Shallow trees (depth 1–2) capture what a logistic regression
// cannot — interactions such as "a yes/no question answered on the first attempt" or "an asked
// type met by an answer of that type" — while staying readable as data. Deterministic: the same
// rows give the same trees. The model is a list of trees, each a flat array of nodes; the score is
// sigmoid(bias + Σ leaf values).
import { invalidInput } from '@rag/core';

/** A split sends a row left when `x[feature] < threshold`, right otherwise. */
export type TreeNode = { feature: number; threshold: number; left: number; right: number } | { value: number };

export interface Tree {
  nodes: TreeNode[];
}

export interface TreesFit {
  /** Initial log-odds (the base rate of the training rows). */
  bias: number;
  trees: Tree[];
}

export interface TreeFitOptions {
  /** Boosting rounds (default 150). */
  rounds?: number;
  /** Depth of each tree: 1 = stumps, 2 = pairwise interactions (default 2). */
  depth?: number;
  /** Shrinkage applied to every leaf value (default 0.1). */
  learningRate?: number;
  /** Fewest training rows in a leaf (default 15). */
  minLeaf?: number;
  /** L2 penalty on leaf values (added to the hessian sum, default 1). */
  lambda?: number;
  /** Features a split may use (indices); default every feature. */
  allowed?: readonly number[];
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

/** The log-odds a tree adds for row `x`. */
export function treeValue(tree: Tree, x: readonly number[]): number {
  let i = 0;
  for (let guard = 0; guard <= tree.nodes.length; guard++) {
    const node = tree.nodes[i]!;
    if ('value' in node) return node.value;
    i = (x[node.feature] ?? 0) < node.threshold ? node.left : node.right;
  }
  throw invalidInput('tree', 'has a cycle');
}

/** The fitted probability that the answer is correct, in [0, 1]. */
export function treesScore(fit: TreesFit, x: readonly number[]): number {
  let z = fit.bias;
  for (const tree of fit.trees) z += treeValue(tree, x);
  return sigmoid(z);
}

interface Split {
  feature: number;
  threshold: number;
  gain: number;
  left: number[];
  right: number[];
}

/** Candidate cut points of one feature: midpoints between distinct values (at most 32, by quantile). */
function cutPoints(values: readonly number[]): number[] {
  const distinct = [...new Set(values)].sort((a, b) => a - b);
  const mids = distinct.slice(1).map((v, i) => (v + distinct[i]!) / 2);
  if (mids.length <= 32) return mids;
  return Array.from({ length: 32 }, (_, k) => mids[Math.floor(((k + 0.5) * mids.length) / 32)]!);
}

function bestSplit(rows: readonly (readonly number[])[], idx: readonly number[], g: readonly number[], h: readonly number[], cuts: readonly number[][], allowed: readonly number[], minLeaf: number, lambda: number): Split | undefined {
  let G = 0;
  let H = 0;
  for (const i of idx) (G += g[i]!, H += h[i]!);
  const parent = (G * G) / (H + lambda);
  let best: Split | undefined;
  for (const f of allowed) {
    for (const t of cuts[f]!) {
      let gl = 0;
      let hl = 0;
      let nl = 0;
      for (const i of idx)
        if (rows[i]![f]! < t) (gl += g[i]!, hl += h[i]!, nl++);
      const nr = idx.length - nl;
      if (nl < minLeaf || nr < minLeaf) continue;
      const gain = (gl * gl) / (hl + lambda) + ((G - gl) * (G - gl)) / (H - hl + lambda) - parent;
      if (gain > 1e-9 && (!best || gain > best.gain + 1e-12))
        best = { feature: f, threshold: t, gain, left: [], right: [] };
    }
  }
  if (best) for (const i of idx) (rows[i]![best.feature]! < best.threshold ? best.left : best.right).push(i);
  return best;
}

function growTree(rows: readonly (readonly number[])[], idx: number[], g: readonly number[], h: readonly number[], cuts: readonly number[][], o: Required<Omit<TreeFitOptions, 'rounds'>>): Tree {
  const nodes: TreeNode[] = [];
  const leaf = (at: readonly number[]): TreeNode => {
    let G = 0;
    let H = 0;
    for (const i of at) (G += g[i]!, H += h[i]!);
    return { value: (-o.learningRate * G) / (H + o.lambda) };
  };
  const grow = (at: number[], depth: number): number => {
    const me = nodes.length;
    nodes.push({ value: 0 });
    const split = depth < o.depth ? bestSplit(rows, at, g, h, cuts, o.allowed, o.minLeaf, o.lambda) : undefined;
    if (!split) {
      nodes[me] = leaf(at);
      return me;
    }
    const left = grow(split.left, depth + 1);
    const right = grow(split.right, depth + 1);
    nodes[me] = { feature: split.feature, threshold: split.threshold, left, right };
    return me;
  };
  grow(idx, 0);
  return { nodes };
}

export function fitTrees(rows: readonly (readonly number[])[], labels: readonly (0 | 1)[], options: TreeFitOptions = {}): TreesFit {
  if (rows.length === 0) throw invalidInput('rows', 'no rows to fit');
  if (rows.length !== labels.length) throw invalidInput('labels', `has ${labels.length} entries for ${rows.length} rows`);
  const d = rows[0]!.length;
  if (rows.some((r) => r.length !== d || r.some((x) => !Number.isFinite(x)))) throw invalidInput('rows', `every row must hold ${d} finite numbers`);
  const allowed = options.allowed ?? Array.from({ length: d }, (_, j) => j);
  if (allowed.some((j) => !Number.isInteger(j) || j < 0 || j >= d)) throw invalidInput('allowed', `feature indices must be in 0…${d - 1}`);
  const o = { depth: options.depth ?? 2, learningRate: options.learningRate ?? 0.1, minLeaf: options.minLeaf ?? 15, lambda: options.lambda ?? 1, allowed };
  const rounds = options.rounds ?? 150;
  const n = rows.length;
  const positives = labels.reduce<number>((s, y) => s + y, 0);
  const bias = positives === 0 || positives === n ? 0 : Math.log(positives / (n - positives));
  const cuts = Array.from({ length: d }, (_, j) => cutPoints(rows.map((r) => r[j]!)));
  const z = new Array<number>(n).fill(bias);
  const trees: Tree[] = [];
  const all = Array.from({ length: n }, (_, i) => i);
  for (let round = 0; round < rounds; round++) {
    const p = z.map(sigmoid);
    const g = p.map((pi, i) => pi - labels[i]!);
    const h = p.map((pi) => Math.max(pi * (1 - pi), 1e-6));
    const tree = growTree(rows, all, g, h, cuts, o);
    if (tree.nodes.length === 1) break; // no split gains anything any more
    trees.push(tree);
    for (let i = 0; i < n; i++) z[i]! += treeValue(tree, rows[i]!);
  }
  return { bias, trees };
}

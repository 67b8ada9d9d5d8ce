// GitHub's heading anchors ("## Verified, unsure, failed" → #verified-unsure-failed), shared by the
// docs link checker and the VitePress config so an anchor works on GitHub and on the site alike.
export function githubSlug(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/<[^>]*>/g, '')
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
    .replace(/ /g, '-');
}

/** A slugger that numbers repeated headings of one page as GitHub does (`x`, `x-1`, `x-2`). */
export function createSlugger() {
  const seen = new Map();
  return (heading) => {
    const base = githubSlug(heading);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    return n === 0 ? base : `${base}-${n}`;
  };
}

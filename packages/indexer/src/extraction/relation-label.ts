// Relation labels are normalised to snake_case so "was born in", "Born In" and "born-in"
// meet on one edge label ("born_in") whatever produced them.
const DROP = new Set([
  'is', 'was', 'were', 'are', 'be', 'been', 'being', 'am', 'has', 'have', 'had', 'a', 'an', 'the', 'which', 'who', 'whom', 'that',
  'also', 'originally', 'later', 'then', 'currently', 'formerly', 'now', 'still', 'often', 'first', 'subsequently', 'eventually',
  'only', 'just', 'both', 'mainly', 'mostly', 'primarily', 'largely', 'widely', 'best', 'well', 'very', 'most', 'more',
]);

export function normaliseRelation(label: string): string {
  const words = label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
  const kept = words.filter((w) => !DROP.has(w));
  const out = (kept.length > 0 ? kept : words).slice(0, 5).join('_');
  return out || 'related_to';
}

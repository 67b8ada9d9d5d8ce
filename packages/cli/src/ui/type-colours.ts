// One colour per entity type, the same in the evidence graph, the explorer and its legend.
// `prime` hands the palette out in a given order (the explorer passes the types by count, so
// the commonest types get distinct colours); types beyond the palette share a neutral grey.
export const PALETTE = ['#3b5bdb', '#0ca678', '#f59f00', '#e8590c', '#ae3ec9', '#1098ad', '#d6336c', '#5c940d', '#7048e8', '#c2255c', '#2b8a3e', '#e67700'];
export const OTHER_COLOUR = '#98a2b3';

export interface TypeColours {
  (type: string): string;
  prime(types: readonly string[]): void;
}

export function createTypeColours(): TypeColours {
  const seen = new Map<string, string>();
  const colourOf = ((type: string) => {
    let c = seen.get(type);
    if (c === undefined) {
      c = seen.size < PALETTE.length ? PALETTE[seen.size]! : OTHER_COLOUR;
      seen.set(type, c);
    }
    return c;
  }) as TypeColours;
  colourOf.prime = (types) => {
    for (const t of types) colourOf(t);
  };
  return colourOf;
}

/** The colours shared by every view on the page. */
export const typeColour = createTypeColours();

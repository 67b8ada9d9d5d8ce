// What a question about technical documentation asks for: the shape of the answer a docs page
// holds for it. Read from the question's own words, never from a particular question:
// - a default ("what … by default", "default …", "if I never set / don't configure", "unless I
//   change it", "out of the box", "left unset"): the value a default marker names;
// - the kind of identifier asked by the head noun after what / which ("which environment
//   variable", "which flag", "which status code", "which package", "which option", "which method");
// - how-to ("How do I …?", "How can I …?", "what do I pass / add / put …"): the key call or option,
//   else the sentence that says how;
// - a description ("What does X do?", "What is X for?"): a sentence, never a phrase;
// - a quantity with a unit ("how large / long / big / much memory"): a number with its unit;
//   "how many / much" without a named thing: a value.
export type DocsShape = 'env' | 'flag' | 'status' | 'module' | 'option' | 'function' | 'command' | 'value' | 'quantity';

export interface DocsQuestion {
  /** The identifier or value shape the answer should have; undefined when the question names none. */
  shape?: DocsShape;
  /** The question asks for a default value. */
  defaultAsked: boolean;
  /** "How do I …?": the key call or option answers, else the sentence that says how. */
  howTo: boolean;
  /** "What does X do?": the answer is a sentence. */
  describe: boolean;
  /** X of "What does X do?", code marks removed. */
  subject?: string;
  /** The kind of unit a quantity question asks for ("how large" → size, "how long" → time). */
  unit?: 'size' | 'time';
  /**
   * The head noun names a kind of value no boolean is ("which hashing algorithm", "what
   * Referrer-Policy", "which status code"): a `true` / `false` default cell does not answer it.
   * False for "what value", "what default", "which setting", or no head noun at all.
   */
  kindAsked: boolean;
}

// The head noun of the wh-phrase (or of "the … that", "which … do I") → the shape asked. Order
// matters: the first pattern that matches decides ("environment variable" before "variable").
// 'env' is the shape of an upper-case constant: an environment variable, or an error code.
const SHAPES: readonly [RegExp, DocsShape][] = [
  [/\b(?:env(?:ironment)?(?:\s+|-)?(?:variable|var|setting)s?|env\b)/i, 'env'],
  [/\berror\s+codes?\b/i, 'env'],
  // An exit status is a small number, not an HTTP status.
  [/\bexit\s+(?:status|code|value)(?:es|s)?\b|\breturn\s+(?:code|value)s?\b/i, 'value'],
  [/\bstatus(?:\s+code)?s?\b|\bhttp\s+(?:code|status)\b/i, 'status'],
  [/\b(?:cli\s+)?(?:flag|switch)(?:es|s)?\b|\bcommand[- ]line\s+(?:option|argument)s?\b/i, 'flag'],
  [/\b(?:npm\s+)?(?:package|module|import(?:\s+path)?|specifier|entry\s*point|plugin|library|dependency)s?\b/i, 'module'],
  [/\b(?:command|script|binary|executable|cli\s+command)s?\b/i, 'command'],
  [/\b(?:function|method|helper|api|hook|matcher|call|class|utility|constructor)s?\b/i, 'function'],
  [/\b(?:option|setting|config(?:uration)?(?:\s+(?:key|field|property|option))?|key|property|field|parameter|argument|header|placeholder|keyword|attribute|variable)s?\b/i, 'option'],
  [/\b(?:port|version|release|timeout|limit|size|number|count|value|width|height|length|threshold|amount|algorithm|policy|format|strategy|mode|pattern|glob|folder|directory|dir|path|name|text|string|year)s?\b/i, 'value'],
];

const WH_PHRASE = /\b(?:which|what(?:'s|\s+is|\s+are|\s+was)?)\s+((?:[\w`.'-]+\s+){0,4}[\w`.'-]+)/gi;
// A verb or auxiliary ends the wh-phrase: "which pool runs my test files" is about a pool.
const PHRASE_END = /^(?:is|are|was|were|do|does|did|should|must|can|could|will|would|has|have|had|makes?|lets?|runs?|uses?|gets?|turns?|stops?|selects?|sets?|marks?|picks?|provides?|backs?|renders?|replaces?|keeps?|goes|go|I|you|we|it|they|in|of|for|to|from|with|on|at|by|when|if|that)$/i;
const DEFAULT_CUE = /\bdefaults?\b|\bby default\b|\bout of the box\b|\bunless (?:I|you|we) (?:change|configure|set|pass|override)\b|\bif (?:I|you|we) (?:never|don'?t|do not) (?:set|configure|pass|change|specify|give|provide|supply)\b|\bwithout (?:a |an |any )?(?:custom|explicit)\b|\b(?:unless|if|when)\b[^.?!]{0,60}\botherwise\b|\b(?:isn'?t|is not|aren'?t|are not|left) (?:configured|set|unset|specified)\b|\bleft unset\b|\bwithout (?:configuring|setting|passing)\b|\bif (?:it|that) is (?:not|n't) (?:set|configured)\b/i;
// A how-to opens the question or its last sentence ("I mount a child router. How do I …?").
const HOW_TO = /(?:^|[.!?]\s+)\s*(?:\w+\s*,\s*)?how\s+(?:do|can|should|would|could|to|does one)\b|\bwhat\s+(?:do|should|can)\s+(?:I|we|you)\s+(?:add|pass|put|write|use|set|call|configure|import|install|run|change)\b|\b(?:which|what)\s+\w+\s+(?:do|should|can)\s+(?:I|we|you)\s+(?:add|pass|put|write|use|set|call|configure|import|install|run)\b/i;
const DESCRIBE = /^\s*what\s+(?:does|do|did)\s+.+?\s+do\b|^\s*what\s+is\s+.+?\s+(?:for|used for)\s*\??$|^\s*what\s+(?:is|are)\s+(?:the\s+)?(?:purpose|role|point)\s+of\b|^\s*(?:explain|describe)\b/i;
const QUANTITY = /\bhow\s+(?:large|big|small|long|much\s+(?:memory|disk|space|time|ram|heap)|fast|slow|heavy)\b|\bwhat\s+(?:size|footprint)\b/i;

// Head nouns a boolean can answer: "what value", "what default", "which setting".
const BOOLEAN_HEAD = /\b(?:value|default|setting|config(?:uration)?|option|state)s?$/i;

/** The shape the head noun of a which / what phrase names, if it names one, and whether a boolean can answer it. */
function shapeOfHead(query: string): { shape?: DocsShape; kindAsked: boolean } {
  for (const m of query.matchAll(WH_PHRASE)) {
    const words = m[1]!.split(/\s+/);
    const end = words.findIndex((w) => PHRASE_END.test(w));
    const phrase = words.slice(0, end < 0 ? words.length : end).join(' ');
    if (!phrase) continue;
    for (const [re, shape] of SHAPES) if (re.test(phrase)) return { shape, kindAsked: !BOOLEAN_HEAD.test(phrase.replace(/[`?]/g, '')) };
  }
  // "Through which HTTP header …", "the name of the environment variable that …".
  for (const [re, shape] of SHAPES.slice(0, 3)) if (re.test(query)) return { shape, kindAsked: true };
  return { kindAsked: false };
}

const SUBJECT = /^\s*what\s+(?:does|do|did|is|are)\s+(?:the\s+)?(.+?)\s+(?:do|for|used for)\s*\??\s*$/i;
const SIZE_CUE = /\b(?:large|big|small|size|memory|disk|space|heap|ram|footprint|heavy)\b/i;
const TIME_CUE = /\b(?:long|fast|slow|time|duration|take|latency)\b/i;

export function docsQuestion(query: string): DocsQuestion {
  const q = query.trim();
  const describe = DESCRIBE.test(q);
  const subject = describe ? SUBJECT.exec(q)?.[1]?.replace(/`/g, '').trim() : undefined;
  const howTo = !describe && HOW_TO.test(q);
  const head = shapeOfHead(q);
  const quantity = QUANTITY.test(q);
  const shape = quantity ? 'quantity' : (head.shape ?? (/\bhow\s+(?:many|much)\b/i.test(q) ? 'value' : undefined));
  const unit = shape !== 'quantity' ? undefined : SIZE_CUE.test(q) ? 'size' : TIME_CUE.test(q) ? 'time' : undefined;
  const kindAsked = quantity || /\bhow\s+(?:many|much)\b/i.test(q) || head.kindAsked;
  return { ...(shape ? { shape } : {}), defaultAsked: DEFAULT_CUE.test(q), howTo, describe, ...(subject ? { subject } : {}), ...(unit ? { unit } : {}), kindAsked };
}

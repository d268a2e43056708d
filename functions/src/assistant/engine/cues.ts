/**
 * The words the local engine's routing listens for, in English and Bokmål, folded (words.ts: lower case,
 * ø → o, å → a, æ → ae). A cue is a word or a phrase of words in a row; a trailing `*` matches any word
 * that starts so ("vinkart*" is "vinkartet", "vinkartene"). The vocabulary typos are corrected towards is
 * every cue's words and the frame words.
 */

/** A `|`-separated list of cues. */
function cues(list: string): readonly string[] {
  return list.split('|');
}

export const CART_VERBS = cues('put|add|place|legg|putt|plasser|kjop|buy|order|bestill|send');
export const CART_NOUNS = cues('cart|basket|trolley|handlekurv*|kurv*|handlevogn*|handleliste*|handlelista');
export const PRICE_NOUNS = cues('price|prices|pris|prisen|utsalgspris*|salgspris*|menypris*');
export const SET_VERBS = cues(
  'set|change|make|update|raise|lower|sett|endre|endr|oppdater|ok|senk|gjor|juster',
);
export const LIST_NOUNS = cues('list|lists|vinkart*|liste|lister|listen|listene|lista|menu|menus|meny*');
export const REORDER_CUES = cues(
  'reorder|re order|restock|replenish|order|order more|order in|buy more|buy in|bestille|bestill|bestiller|etterbestill*|etterfyll*|fylle pa|kjope inn|kjop inn|innkjop*|supplier|suppliers|leverandor*|grossist*',
);
export const LOW_CUES = cues(
  'low|lowest stock|running low|running out|run out|almost out|nearly out|few bottles|days of stock|days left|sold out|out of stock|empty|lite av|lite igjen|lav beholdning|lavt lager|lav lagerbeholdning|lite pa lager|gar tom|gar tomme|snart tom|snart tomt|snart tomme|nesten tom|nesten tomt|tom for|tomt for|fa flasker|dager igjen|utsolgt',
);
export const MONEY_CUES = cues(
  'earned|earnt|tjente|tjent|earn|earns|earning|earnings|margin|margins|profit|profits|profitable|lonnsom*|fortjeneste*|tjener|tjene|inntjening*|dekningsbidrag*|makes money|avanse',
);
export const SALES_CUES = cues(
  'earned|earnt|tjente|tjent|earn|earns|earning|earnings|margin|margins|profit|profits|profitable|lonnsom*|fortjeneste*|tjener|tjene|inntjening*|dekningsbidrag*|sold|solgte|sell|sells|sale|sales|salg|salget|solgt|selger|selges|revenue|omsetning*|turnover|bestseller*|popular|populaer*|makes money|tjener penger',
);
export const PAIR_CUES = cues(
  'pair|pairs|pairing|goes with|go with|goes well with|match|matches|serve with|with|passer til|passer med|passe til|passer godt til|til|med|server til|servere til|food|dish|dinner|mat|matvin|middag|retten|rett',
);
/** Words a dish follows when the question is about food. */
export const DISH_LEADS = new Set(['with', 'to', 'for', 'til', 'med', 'pair', 'match', 'serve', 'alongside']);
export const DRINK_CUES = cues(
  'drink|drinking|drikke|drikk|drikkes|drikkeklar*|drinkable|ready|klar|klare|window|windows|vindu|vinduet|drikkevindu*|peak|pa topp|pa sitt beste|at their best|at its best|open|opne|apne|apnes|tonight|i kveld|mature|moden|modne|modent',
);
export const PAST_CUES = cues(
  'past|too old|over the hill|for gammel|for gamle|passert|gatt ut|utlopt|over toppen|expired',
);
export const TOTAL_CUES = cues(
  'worth|value|valued|verdt|verdi|verdien|total|totals|totalt|sum|summen|how many bottles|how many wines|hvor mange flasker|hvor mange viner|antall flasker|antall viner|how big|hvor stor|size|overview|oversikt|status|lagerverdi*|varelager*|inventory',
);
export const SEARCH_CUES = cues(
  'how many|hvor mange|do i have|have i got|have we got|do we have|har jeg|har vi|show|find|search|look up|list my|where is|where are|vis|finn|sok|sok etter|hvor er|hvor star|hvor ligger|any|noe|noen',
);
export const LEAST = cues('least|lowest|worst|smallest|poorest|minst|lavest|lavere|darligst|svakest|lite');
export const MOST = cues('most|best|highest|biggest|top|mest|best|hoyest|storst|topp');
export const FIRST = cues('first|top|forste|topp');
export const BOTTLE_WORDS = cues('bottle|bottles|flaske|flasker|btl|stk|x|cases|kasser');
export const ALL_WORDS = cues('them|these|those|all|everything|it|dem|disse|alle|alt|den|det|de');
export const GREETINGS = cues('hi|hello|hey|hei|hallo|heisann|thanks|thank|takk|tusen takk');

/** Words around a wine's name that are not part of it. */
export const FRAME = new Set(
  (
    'the a an my our your me i we you us do does did have has had got get any some of in on at to for from with is are was ' +
    'be it its this that these those what whats wheres im ive dont which how many much bottles bottle wine wines please pls can could would ' +
    'should show find search look up list lists tell about left there still all now cellar stock in into onto tell me ' +
    'jeg vi du meg oss min mitt mine var vart vare har hadde noe noen av pa til fra med om er det den de en et ei hva hvilke ' +
    'hvilken hvilket hvor mange mye flasker flaske flaskene vin viner vinen vinene kan kunne vil skal bor ma vis finn sok ' +
    'etter fortell igjen fortsatt enda alle alt na kjeller kjelleren lager lageret takk vennligst gjerne inne der her som og ' +
    'eller and or star ligger where called named heter kalt type sort'
  ).split(' '),
);

const ALL_CUES = [
  CART_VERBS,
  CART_NOUNS,
  PRICE_NOUNS,
  SET_VERBS,
  LIST_NOUNS,
  REORDER_CUES,
  LOW_CUES,
  MONEY_CUES,
  SALES_CUES,
  PAIR_CUES,
  DRINK_CUES,
  PAST_CUES,
  TOTAL_CUES,
  SEARCH_CUES,
  LEAST,
  MOST,
  FIRST,
  BOTTLE_WORDS,
  GREETINGS,
];

/** The words typos are corrected towards: every cue's words (not the `*` stems), the frame words, a few more. */
export const VOCABULARY: ReadonlySet<string> = new Set([
  ...ALL_CUES.flat()
    .flatMap((phrase) => phrase.split(' '))
    .filter((w) => !w.endsWith('*')),
  ...FRAME,
  ...cues(
    'kjelleren|vinkartet|vinkartene|handlekurven|leverandorer|etterbestille|drikkeklare|rodvin|hvitvin',
  ),
  ...cues('musserende|champagne|sparkling|italia|frankrike|spania|tyskland|month|maned|year|week|uke|today'),
  ...cues('yesterday|forrige|denne|siste|last|bottles|flasker|wines|viner'),
]);

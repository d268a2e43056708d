/**
 * Dishes people name, in English and Bokmål, as the catalogue's food pairings (Vinmonopolet's Norwegian
 * values, `foodPairings` of a catalogue wine). A dish word matches a food when it is one of the food's
 * words or, for compounds ("lammestek", "laksefilet"), starts with one of at least four letters.
 */
import { foldText } from '@kork/shared';

const FOODS: Record<string, string[]> = {
  Storfe: [
    'beef',
    'steak',
    'steaks',
    'biff',
    'entrecote',
    'okse',
    'oksekjott',
    'storfe',
    'burger',
    'ribeye',
    'indrefilet',
    'oxtail',
  ],
  'Lam og sau': ['lamb', 'mutton', 'lam', 'lamme', 'sau', 'farikal', 'pinnekjott', 'lammelar', 'lammestek'],
  Storvilt: [
    'game',
    'venison',
    'elk',
    'moose',
    'reindeer',
    'deer',
    'elg',
    'hjort',
    'rein',
    'reinsdyr',
    'vilt',
    'storvilt',
    'boar',
    'villsvin',
  ],
  'Småvilt og fugl': [
    'duck',
    'goose',
    'pheasant',
    'grouse',
    'fowl',
    'quail',
    'gas',
    'fasan',
    'rype',
    'smavilt',
    'fugl',
    'andebryst',
    'ande',
    'vaktel',
    'hare',
  ],
  Svinekjøtt: [
    'pork',
    'ham',
    'bacon',
    'sausage',
    'sausages',
    'svin',
    'svinekjott',
    'ribbe',
    'skinke',
    'polse',
    'koteletter',
    'nakkekoteletter',
  ],
  'Lyst kjøtt': ['chicken', 'turkey', 'veal', 'poultry', 'kylling', 'kalkun', 'kalv', 'kalvekjott'],
  Fisk: [
    'fish',
    'salmon',
    'cod',
    'trout',
    'tuna',
    'halibut',
    'haddock',
    'fisk',
    'laks',
    'torsk',
    'orret',
    'sei',
    'lutefisk',
    'kveite',
    'hyse',
    'rakfisk',
    'sushi',
    'makrell',
    'mackerel',
  ],
  Skalldyr: [
    'shellfish',
    'seafood',
    'shrimp',
    'shrimps',
    'prawn',
    'prawns',
    'lobster',
    'crab',
    'oyster',
    'oysters',
    'mussels',
    'scallops',
    'skalldyr',
    'sjomat',
    'reker',
    'hummer',
    'krabbe',
    'osters',
    'blaskjell',
    'kamskjell',
    'kreps',
    'crayfish',
  ],
  Ost: ['cheese', 'cheeses', 'ost', 'ostefat', 'ostebrett', 'brie', 'cheddar', 'parmesan', 'chevre', 'blue'],
  'Dessert, kake, frukt': [
    'dessert',
    'desserts',
    'cake',
    'fruit',
    'pudding',
    'chocolate',
    'pie',
    'kake',
    'kaker',
    'frukt',
    'sjokolade',
    'pai',
    'ice',
  ],
  Grønnsaker: [
    'vegetables',
    'vegetable',
    'vegetarian',
    'vegan',
    'salad',
    'mushrooms',
    'mushroom',
    'gronnsaker',
    'vegetar',
    'salat',
    'sopp',
  ],
  'Aperitiff/avec': [
    'aperitif',
    'aperitiff',
    'digestif',
    'avec',
    'snacks',
    'tapas',
    'appetizer',
    'appetizers',
    'apero',
  ],
};

/** Words that match only whole ("board" is no boar, "blueberry" no blue cheese). */
const WHOLE_ONLY = new Set(['boar', 'game', 'rein', 'hare', 'blue', 'ande']);

/** The catalogue's food values a dish names (none when the dish is not one it knows). */
export function foodsOf(dish: string): string[] {
  const words = foldText(dish)
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  const phrase = ` ${words.join(' ')} `;
  const found: string[] = [];
  for (const [food, names] of Object.entries(FOODS)) {
    // The value itself, in either form ("Lam og sau", "lyst kjøtt").
    const hit =
      phrase.includes(
        ` ${foldText(food)
          .split(/[^a-z0-9]+/)
          .filter(Boolean)
          .join(' ')} `,
      ) ||
      words.some((word) =>
        names.some(
          (name) => word === name || (name.length >= 4 && !WHOLE_ONLY.has(name) && word.startsWith(name)),
        ),
      );
    if (hit) found.push(food);
  }
  return found;
}

/**
 * A small made-up catalogue for when Vinmonopolet's file is not at hand (a fresh local setup, tests).
 * Deterministic: the same count always gives the same wines. Producers and wines are invented but
 * shaped like the real catalogue, in the mapper's output form (Norwegian style names and notes).
 */
import type { GrapeShare, MainCategory } from '@kork/shared';
import { categoryOf, type ImportedWine, withoutUndefined } from './map-row';

interface Template {
  producer: string;
  name: string;
  /** Vinmonopolet's `Varetype`. */
  style: string;
  country: string;
  region?: string;
  subRegion?: string;
  grapes: GrapeShare[];
  alcohol: number;
  sugar?: number;
  acid?: number;
  /** NOK, lowest and highest. */
  price: [number, number];
  /** Newest and oldest vintage; absent for non-vintage drinks. */
  vintages?: [number, number];
  bottleSize?: number;
  corkType?: string;
}

const g = (name: string, share?: number): GrapeShare => (share === undefined ? { name } : { name, share });

const TEMPLATES: Template[] = [
  // Red
  {
    producer: 'Domaine des Trois Sources',
    name: 'Gevrey-Chambertin Vieilles Vignes',
    style: 'Rødvin',
    country: 'Frankrike',
    region: 'Burgund',
    subRegion: 'Gevrey-Chambertin',
    grapes: [g('Pinot Noir', 100)],
    alcohol: 13,
    sugar: 1.8,
    acid: 5.6,
    price: [449, 699],
    vintages: [2012, 2007],
  },
  {
    producer: 'Château Lafleur-Marquis',
    name: 'Château Lafleur-Marquis Pauillac',
    style: 'Rødvin',
    country: 'Frankrike',
    region: 'Bordeaux',
    subRegion: 'Pauillac',
    grapes: [g('Cabernet Sauvignon', 65), g('Merlot', 30), g('Cabernet Franc', 5)],
    alcohol: 13.5,
    sugar: 2,
    acid: 5.4,
    price: [499, 899],
    vintages: [2011, 2000],
  },
  {
    producer: 'Château Belle Croix',
    name: 'Château Belle Croix Saint-Émilion Grand Cru',
    style: 'Rødvin',
    country: 'Frankrike',
    region: 'Bordeaux',
    subRegion: 'Saint-Émilion',
    grapes: [g('Merlot', 80), g('Cabernet Franc', 20)],
    alcohol: 14,
    sugar: 2.2,
    price: [299, 499],
    vintages: [2012, 2005],
  },
  {
    producer: 'Domaine du Vieux Mas',
    name: 'Châteauneuf-du-Pape',
    style: 'Rødvin',
    country: 'Frankrike',
    region: 'Rhône Sør',
    subRegion: 'Châteauneuf-du-Pape',
    grapes: [g('Grenache', 70), g('Syrah', 20), g('Mourvèdre', 10)],
    alcohol: 14.5,
    sugar: 2.4,
    price: [289, 459],
    vintages: [2012, 2006],
  },
  {
    producer: 'Domaine les Grès',
    name: 'Côtes du Rhône Villages',
    style: 'Rødvin',
    country: 'Frankrike',
    region: 'Rhône Sør',
    subRegion: 'Côtes du Rhône',
    grapes: [g('Grenache', 60), g('Syrah', 30), g('Carignan', 10)],
    alcohol: 14,
    sugar: 2.5,
    price: [129, 169],
    vintages: [2013, 2010],
    corkType: 'Skrukapsel',
  },
  {
    producer: 'Cantina Serralunga',
    name: 'Barolo Cerequio',
    style: 'Rødvin',
    country: 'Italia',
    region: 'Piemonte',
    subRegion: 'Barolo',
    grapes: [g('Nebbiolo', 100)],
    alcohol: 14.5,
    sugar: 1.5,
    acid: 5.9,
    price: [399, 749],
    vintages: [2010, 2001],
  },
  {
    producer: 'Cantina Serralunga',
    name: "Barbera d'Alba Superiore",
    style: 'Rødvin',
    country: 'Italia',
    region: 'Piemonte',
    subRegion: "Barbera d'Alba",
    grapes: [g('Barbera', 100)],
    alcohol: 14,
    sugar: 2,
    price: [179, 239],
    vintages: [2013, 2010],
  },
  {
    producer: 'Tenuta Poggio Alto',
    name: 'Chianti Classico Riserva',
    style: 'Rødvin',
    country: 'Italia',
    region: 'Toscana',
    subRegion: 'Chianti Classico',
    grapes: [g('Sangiovese', 95), g('Canaiolo', 5)],
    alcohol: 13.5,
    sugar: 2.1,
    price: [219, 329],
    vintages: [2011, 2006],
  },
  {
    producer: 'Fattoria Montecorvo',
    name: 'Brunello di Montalcino',
    style: 'Rødvin',
    country: 'Italia',
    region: 'Toscana',
    subRegion: 'Brunello di Montalcino',
    grapes: [g('Sangiovese', 100)],
    alcohol: 14,
    sugar: 1.9,
    price: [399, 599],
    vintages: [2009, 2004],
  },
  {
    producer: 'Corte Valmarano',
    name: 'Amarone della Valpolicella Classico',
    style: 'Rødvin',
    country: 'Italia',
    region: 'Veneto',
    subRegion: 'Valpolicella',
    grapes: [g('Corvina', 70), g('Rondinella', 25), g('Molinara', 5)],
    alcohol: 15.5,
    sugar: 6,
    price: [349, 549],
    vintages: [2010, 2005],
  },
  {
    producer: 'Bodegas Viña Alta',
    name: 'Rioja Reserva',
    style: 'Rødvin',
    country: 'Spania',
    region: 'Rioja',
    subRegion: 'Rioja Alta',
    grapes: [g('Tempranillo', 90), g('Graciano', 10)],
    alcohol: 13.5,
    sugar: 2.3,
    price: [169, 259],
    vintages: [2010, 2004],
  },
  {
    producer: 'Bodegas Páramo',
    name: 'Ribera del Duero Crianza',
    style: 'Rødvin',
    country: 'Spania',
    region: 'Castilla y León',
    subRegion: 'Ribera del Duero',
    grapes: [g('Tempranillo', 100)],
    alcohol: 14,
    sugar: 2,
    price: [189, 279],
    vintages: [2011, 2008],
  },
  {
    producer: 'Quinta do Vale Escuro',
    name: 'Douro Tinto Reserva',
    style: 'Rødvin',
    country: 'Portugal',
    region: 'Douro',
    grapes: [g('Touriga Nacional', 40), g('Touriga Franca', 30), g('Tinta Roriz', 30)],
    alcohol: 14,
    sugar: 2.6,
    price: [179, 299],
    vintages: [2012, 2007],
  },
  {
    producer: 'Ridgeview Cellars',
    name: 'Napa Valley Cabernet Sauvignon',
    style: 'Rødvin',
    country: 'USA',
    region: 'California',
    subRegion: 'Napa Valley',
    grapes: [g('Cabernet Sauvignon', 100)],
    alcohol: 14.5,
    sugar: 3.5,
    price: [349, 599],
    vintages: [2012, 2008],
  },
  {
    producer: 'Bodega Altos del Plata',
    name: 'Malbec Reserva',
    style: 'Rødvin',
    country: 'Argentina',
    region: 'Mendoza',
    grapes: [g('Malbec', 100)],
    alcohol: 14,
    sugar: 3.2,
    price: [139, 199],
    vintages: [2013, 2010],
    corkType: 'Skrukapsel',
  },
  {
    producer: 'Kookaburra Ridge',
    name: 'Barossa Valley Shiraz',
    style: 'Rødvin',
    country: 'Australia',
    region: 'South Australia',
    subRegion: 'Barossa Valley',
    grapes: [g('Shiraz', 100)],
    alcohol: 14.5,
    sugar: 3.8,
    price: [179, 329],
    vintages: [2012, 2008],
    corkType: 'Skrukapsel',
  },
  // White
  {
    producer: 'Domaine Laroche-Millet',
    name: 'Chablis Premier Cru Montmains',
    style: 'Hvitvin',
    country: 'Frankrike',
    region: 'Burgund',
    subRegion: 'Chablis',
    grapes: [g('Chardonnay', 100)],
    alcohol: 12.5,
    sugar: 1.6,
    acid: 6.4,
    price: [259, 379],
    vintages: [2013, 2009],
  },
  {
    producer: 'Domaine Bellecour',
    name: 'Meursault Les Narvaux',
    style: 'Hvitvin',
    country: 'Frankrike',
    region: 'Burgund',
    subRegion: 'Meursault',
    grapes: [g('Chardonnay', 100)],
    alcohol: 13,
    sugar: 1.4,
    price: [429, 649],
    vintages: [2012, 2008],
  },
  {
    producer: 'Domaine des Pierres Blanches',
    name: 'Sancerre',
    style: 'Hvitvin',
    country: 'Frankrike',
    region: 'Loire',
    subRegion: 'Sancerre',
    grapes: [g('Sauvignon Blanc', 100)],
    alcohol: 13,
    sugar: 2,
    acid: 6.8,
    price: [199, 279],
    vintages: [2013, 2011],
  },
  {
    producer: 'Domaine Zimmerlin',
    name: 'Gewurztraminer Réserve',
    style: 'Hvitvin',
    country: 'Frankrike',
    region: 'Alsace',
    grapes: [g('Gewürztraminer', 100)],
    alcohol: 13.5,
    sugar: 18,
    price: [169, 229],
    vintages: [2013, 2010],
  },
  {
    producer: 'Weingut Brauneberger Hof',
    name: 'Brauneberger Juffer Riesling Kabinett',
    style: 'Hvitvin',
    country: 'Tyskland',
    region: 'Mosel',
    grapes: [g('Riesling', 100)],
    alcohol: 8.5,
    sugar: 38,
    acid: 8.2,
    price: [169, 239],
    vintages: [2013, 2008],
  },
  {
    producer: 'Weingut Kessler',
    name: 'Rüdesheimer Riesling Trocken',
    style: 'Hvitvin',
    country: 'Tyskland',
    region: 'Rheingau',
    grapes: [g('Riesling', 100)],
    alcohol: 12.5,
    sugar: 6,
    acid: 7.6,
    price: [179, 259],
    vintages: [2013, 2010],
  },
  {
    producer: 'Weingut Kellerberg',
    name: 'Grüner Veltliner Federspiel',
    style: 'Hvitvin',
    country: 'Østerrike',
    region: 'Niederösterreich',
    subRegion: 'Wachau',
    grapes: [g('Grüner Veltliner', 100)],
    alcohol: 12.5,
    sugar: 2.5,
    price: [159, 219],
    vintages: [2013, 2011],
    corkType: 'Skrukapsel',
  },
  {
    producer: 'Tenuta Le Colline',
    name: 'Soave Classico',
    style: 'Hvitvin',
    country: 'Italia',
    region: 'Veneto',
    subRegion: 'Soave',
    grapes: [g('Garganega', 85), g('Trebbiano di Soave', 15)],
    alcohol: 12.5,
    sugar: 3,
    price: [129, 169],
    vintages: [2013, 2011],
  },
  {
    producer: 'Bodegas Mar de Lías',
    name: 'Rías Baixas Albariño',
    style: 'Hvitvin',
    country: 'Spania',
    region: 'Galicia',
    subRegion: 'Rías Baixas',
    grapes: [g('Albariño', 100)],
    alcohol: 12.5,
    sugar: 2.8,
    price: [169, 229],
    vintages: [2013, 2011],
  },
  {
    producer: 'Tiderip Estate',
    name: 'Marlborough Sauvignon Blanc',
    style: 'Hvitvin',
    country: 'New Zealand',
    region: 'Marlborough',
    grapes: [g('Sauvignon Blanc', 100)],
    alcohol: 13,
    sugar: 4,
    price: [149, 199],
    vintages: [2014, 2012],
    corkType: 'Skrukapsel',
  },
  {
    producer: 'Helderberg Vineyards',
    name: 'Stellenbosch Chenin Blanc',
    style: 'Hvitvin',
    country: 'Sør-Afrika',
    region: 'Stellenbosch',
    grapes: [g('Chenin Blanc', 100)],
    alcohol: 13.5,
    sugar: 3.5,
    price: [129, 179],
    vintages: [2014, 2012],
    corkType: 'Skrukapsel',
  },
  // Dessert (still red and white wines of 45 g/l sugar and more)
  {
    producer: 'Château Doisy-Lacoste',
    name: 'Château Doisy-Lacoste Sauternes',
    style: 'Hvitvin',
    country: 'Frankrike',
    region: 'Bordeaux',
    subRegion: 'Sauternes',
    grapes: [g('Sémillon', 80), g('Sauvignon Blanc', 20)],
    alcohol: 13.5,
    sugar: 128,
    price: [249, 399],
    vintages: [2011, 2003],
    bottleSize: 0.375,
  },
  {
    producer: 'Weingut Brauneberger Hof',
    name: 'Brauneberger Juffer Riesling Auslese',
    style: 'Hvitvin',
    country: 'Tyskland',
    region: 'Mosel',
    grapes: [g('Riesling', 100)],
    alcohol: 7.5,
    sugar: 92,
    price: [229, 329],
    vintages: [2012, 2005],
  },
  {
    producer: 'Dereszla Pince',
    name: 'Tokaji Aszú 5 Puttonyos',
    style: 'Hvitvin',
    country: 'Ungarn',
    region: 'Tokaj',
    grapes: [g('Furmint', 70), g('Hárslevelű', 30)],
    alcohol: 11,
    sugar: 140,
    price: [299, 449],
    vintages: [2008, 2003],
    bottleSize: 0.5,
  },
  // Rosé
  {
    producer: 'Domaine de la Colline',
    name: 'Côtes de Provence Rosé',
    style: 'Rosévin',
    country: 'Frankrike',
    region: 'Provence',
    subRegion: 'Côtes de Provence',
    grapes: [g('Grenache', 50), g('Cinsault', 30), g('Syrah', 20)],
    alcohol: 13,
    sugar: 2,
    price: [149, 219],
    vintages: [2014, 2013],
  },
  {
    producer: 'Domaine des Garrigues',
    name: 'Tavel',
    style: 'Rosévin',
    country: 'Frankrike',
    region: 'Rhône Sør',
    subRegion: 'Tavel',
    grapes: [g('Grenache', 60), g('Cinsault', 25), g('Mourvèdre', 15)],
    alcohol: 14,
    sugar: 2.4,
    price: [159, 209],
    vintages: [2014, 2012],
  },
  // Sparkling
  {
    producer: 'Champagne Mercier-Laval',
    name: 'Mercier-Laval Brut Réserve',
    style: 'Musserende Vin',
    country: 'Frankrike',
    region: 'Champagne',
    grapes: [g('Chardonnay', 30), g('Pinot Meunier'), g('Pinot Noir')],
    alcohol: 12,
    sugar: 9,
    price: [329, 429],
  },
  {
    producer: 'Champagne Delorme Père et Fils',
    name: 'Delorme Blanc de Blancs Millésime',
    style: 'Musserende Vin',
    country: 'Frankrike',
    region: 'Champagne',
    subRegion: 'Côte des Blancs',
    grapes: [g('Chardonnay', 100)],
    alcohol: 12.5,
    sugar: 6,
    price: [499, 749],
    vintages: [2008, 2002],
  },
  {
    producer: 'Col di Sole',
    name: 'Prosecco Superiore Extra Dry',
    style: 'Musserende Vin',
    country: 'Italia',
    region: 'Veneto',
    subRegion: 'Valdobbiadene',
    grapes: [g('Glera', 100)],
    alcohol: 11,
    sugar: 15,
    price: [139, 189],
  },
  {
    producer: 'Cavas Sant Martí',
    name: 'Cava Brut Nature Reserva',
    style: 'Musserende Vin',
    country: 'Spania',
    region: 'Catalonia',
    subRegion: 'Penedès',
    grapes: [g('Macabeo', 40), g('Xarel-lo', 35), g('Parellada', 25)],
    alcohol: 11.5,
    sugar: 2,
    price: [129, 179],
  },
  {
    producer: 'Hollow Lane Estate',
    name: 'Classic Cuvée Brut',
    style: 'Musserende Vin',
    country: 'England',
    region: 'Sussex',
    grapes: [g('Chardonnay', 55), g('Pinot Noir', 30), g('Pinot Meunier', 15)],
    alcohol: 12,
    sugar: 8,
    price: [299, 379],
    vintages: [2010, 2008],
  },
  // Fortified
  {
    producer: 'Quinta da Ribeira',
    name: 'Quinta da Ribeira Vintage Port',
    style: 'Portvin',
    country: 'Portugal',
    region: 'Douro',
    grapes: [g('Touriga Nacional', 40), g('Touriga Franca', 35), g('Tinta Roriz', 25)],
    alcohol: 20,
    sugar: 98,
    price: [399, 699],
    vintages: [2011, 1994],
  },
  {
    producer: 'Quinta da Ribeira',
    name: 'Quinta da Ribeira 10 Years Old Tawny',
    style: 'Portvin',
    country: 'Portugal',
    region: 'Douro',
    grapes: [g('Touriga Nacional'), g('Touriga Franca'), g('Tinta Barroca')],
    alcohol: 20,
    sugar: 110,
    price: [279, 349],
  },
  {
    producer: 'Bodegas Puerto Real',
    name: 'Fino en Rama',
    style: 'Sherry',
    country: 'Spania',
    region: 'Andalucía',
    subRegion: 'Jerez',
    grapes: [g('Palomino', 100)],
    alcohol: 15,
    sugar: 1,
    price: [139, 189],
    bottleSize: 0.375,
  },
  {
    producer: 'Companhia do Funchal',
    name: 'Malmsey 10 Years Old Madeira',
    style: 'Madeira',
    country: 'Portugal',
    region: 'Madeira',
    grapes: [g('Malvasia', 100)],
    alcohol: 19,
    sugar: 120,
    price: [299, 389],
    bottleSize: 0.5,
  },
  // Other drinks
  {
    producer: 'Hardanger Siderhus',
    name: 'Hardanger Eplesider Tørr',
    style: 'Fruktvin',
    country: 'Norge',
    region: 'Øvrige',
    grapes: [g('Aroma', 60), g('Gravenstein', 40)],
    alcohol: 8,
    sugar: 12,
    price: [89, 129],
  },
  {
    producer: 'Fratelli Berardi',
    name: 'Vermouth di Torino Rosso',
    style: 'Vermut',
    country: 'Italia',
    region: 'Piemonte',
    grapes: [g('Hvitvin', 75), g('urter'), g('krydder'), g('sukker')],
    alcohol: 16.5,
    sugar: 150,
    price: [159, 219],
  },
  {
    producer: 'Glen Corran Distillery',
    name: 'Glen Corran 12 Years Old Single Malt',
    style: 'Whisky',
    country: 'Skottland',
    region: 'Speyside',
    grapes: [g('Maltet bygg', 100)],
    alcohol: 40,
    price: [499, 649],
    bottleSize: 0.7,
  },
  {
    producer: 'Fjellstad Brenneri',
    name: 'Fjellstad Akevitt',
    style: 'Akevitt',
    country: 'Norge',
    region: 'Øvrige',
    grapes: [g('Poteter'), g('krydder')],
    alcohol: 41.5,
    sugar: 5,
    price: [369, 429],
    bottleSize: 0.7,
  },
  {
    producer: 'Maison Verdier',
    name: 'Verdier VSOP Cognac',
    style: 'Druebrennevin',
    country: 'Frankrike',
    region: 'Cognac Tradisjonell',
    subRegion: 'Grande Champagne',
    grapes: [g('Ugni Blanc', 100)],
    alcohol: 40,
    price: [549, 699],
    bottleSize: 0.7,
  },
  {
    producer: 'Hollowell Distillers',
    name: 'Hollowell London Dry Gin',
    style: 'Gin',
    country: 'England',
    region: 'Øvrige',
    grapes: [g('Einebær'), g('koriander'), g('sitrus')],
    alcohol: 43,
    price: [389, 449],
    bottleSize: 0.7,
  },
  {
    producer: 'Bryggeri Fjordlys',
    name: 'Fjordlys Pale Ale',
    style: 'Øl',
    country: 'Norge',
    region: 'Øvrige',
    grapes: [g('Vann'), g('malt'), g('humle'), g('gjær')],
    alcohol: 5.2,
    price: [39, 54],
    bottleSize: 0.5,
    corkType: 'Crown Cap',
  },
  {
    producer: 'Brasserie de la Vallée',
    name: 'Vallée Tripel',
    style: 'Øl',
    country: 'Belgia',
    region: 'Øvrige',
    grapes: [g('Maltet bygg'), g('humle'), g('kandisukker'), g('gjær')],
    alcohol: 8.5,
    price: [42, 59],
    bottleSize: 0.33,
    corkType: 'Crown Cap',
  },
];

/** Tasting notes by main category, or by style where the style says more. */
const NOTES: Record<string, { colour: string[]; aroma: string[]; taste: string[] }> = {
  red: {
    colour: ['Dyp mørk rød.', 'Middels dyp rubinrød.', 'Lys granatrød.', 'Dyp fiolett rød.'],
    aroma: [
      'Aroma av modne kirsebær, plomme og krydder, innslag av fat.',
      'Preg av mørke bær, lakris og urter.',
      'Duft av rips, jordbær og skogbunn.',
      'Solbær, sedertre og tobakk.',
    ],
    taste: [
      'Fyldig og konsentrert med faste tanniner og god lengde.',
      'Saftig og frisk med preg av røde bær. Middels fylde.',
      'Stram og balansert med fine tanniner og lang avslutning.',
      'Rund og myk med god fruktsødme og krydret avslutning.',
    ],
  },
  white: {
    colour: ['Lys gul.', 'Lys grønnskjær.', 'Middels dyp gyllen.'],
    aroma: [
      'Sitrus, grønne epler og mineralske toner.',
      'Aroma av fersken, hvite blomster og honning.',
      'Stikkelsbær, nesle og lime.',
      'Preg av gule epler, nøtter og smør.',
    ],
    taste: [
      'Frisk og stram med god syre og lang avslutning.',
      'Fruktig og rund med preg av sitrus og steinfrukt.',
      'Tørr og mineralsk med god konsentrasjon.',
    ],
  },
  dessert: {
    colour: ['Dyp gyllen.', 'Middels dyp ravfarget.'],
    aroma: ['Aprikos, honning, safran og tørket frukt.', 'Moden fersken, appelsinmarmelade og krydder.'],
    taste: ['Søt og konsentrert med frisk syre og lang, fruktig avslutning.'],
  },
  rose: {
    colour: ['Lys laksefarget.', 'Lys rosa.'],
    aroma: ['Jordbær, bringebær og sitrus.', 'Røde bær og blomster.'],
    taste: ['Tørr og frisk med preg av røde bær.', 'Fruktig og frisk med god balanse.'],
  },
  sparkling: {
    colour: ['Lys gul med fin mousse.', 'Lys strågul.'],
    aroma: ['Grønne epler, sitrus og gjærpreg.', 'Brioche, hvite blomster og sitrus.'],
    taste: [
      'Frisk og leskende med fin mousse og god lengde.',
      'Tørr og elegant med preg av sitrus og kjeks.',
    ],
  },
  // Fortified wines and spirits by style (`Varetype`): a fino and a port have little in common.
  Portvin: {
    colour: ['Dyp mørk rød.', 'Middels dyp teglrød.'],
    aroma: ['Moden plomme, rosiner og krydder.', 'Mørke bær, sjokolade og fiken.'],
    taste: ['Søt og fyldig med god konsentrasjon og lang avslutning.'],
  },
  Sherry: {
    colour: ['Lys strågul.'],
    aroma: ['Mandler, gjærpreg og salte toner.'],
    taste: ['Tørr, frisk og nøtteaktig med lang avslutning.'],
  },
  Madeira: {
    colour: ['Middels dyp ravfarget.'],
    aroma: ['Nøtter, karamell, tørket frukt og kaffe.'],
    taste: ['Søt og konsentrert med frisk syre.'],
  },
  Whisky: {
    colour: ['Middels dyp gyllen.'],
    aroma: ['Vanilje, honning, tørket frukt og eik.'],
    taste: ['Myk og fyldig med lang, lett krydret avslutning.'],
  },
  Akevitt: {
    colour: ['Lys gyllen.', 'Vannklar.'],
    aroma: ['Karve, anis, sitrus og fat.'],
    taste: ['Tørr og krydret med preg av karve og god lengde.'],
  },
  Druebrennevin: {
    colour: ['Dyp ravfarget.'],
    aroma: ['Tørket frukt, vanilje og eik.'],
    taste: ['Rund og fyldig med lang avslutning.'],
  },
  Gin: {
    colour: ['Vannklar.'],
    aroma: ['Einebær, sitrusskall og koriander.'],
    taste: ['Tørr og frisk med tydelig einebær.'],
  },
  beer: {
    colour: ['Gyllen, lett uklar.', 'Dyp ravfarget.'],
    aroma: ['Sitrus, tropisk frukt og humle.', 'Gjær, krydder og banan.'],
    taste: ['Frisk og lett bitter.', 'Fyldig, maltrik og lett søtlig.'],
  },
};

const FOOD: Partial<Record<MainCategory, string[]>> = {
  red: ['Storfe', 'Lam og sau', 'Storvilt', 'Småvilt og fugl', 'Ost', 'Svinekjøtt'],
  white: ['Fisk', 'Skalldyr', 'Lyst kjøtt', 'Aperitiff/avec', 'Grønnsaker'],
  dessert: ['Dessert, kake, frukt', 'Ost'],
  rose: ['Aperitiff/avec', 'Fisk', 'Lyst kjøtt', 'Grønnsaker'],
  sparkling: ['Aperitiff/avec', 'Skalldyr', 'Fisk'],
  fortified: ['Ost', 'Dessert, kake, frukt', 'Aperitiff/avec'],
  fruit: ['Aperitiff/avec', 'Lyst kjøtt'],
  aromatized: ['Aperitiff/avec'],
};

const WHOLESALERS = [
  'Nordvin Import AS',
  'Fjord Vinhandel AS',
  'Vinkjelleren Import AS',
  'Grand Cru Partners AS',
  'Bryggen Vinimport AS',
];
const CARRIERS = ['Nordlager Vin AS', 'Vinlogistikk AS'];
const STORE_CATEGORIES = [
  'Uavhengig sortiment',
  'Butikkategori 2',
  'Butikkategori 3',
  'Butikkategori 4',
  'Butikkategori 5',
  'Butikkategori 6',
];

/** Mulberry32: a small seeded generator, so the catalogue is the same on every run. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * `count` plausible wines (and a few spirits and beers): each template in turn, later rounds giving
 * other vintages of the same wine. Vinmonopolet numbers start at 900000; prices are in øre.
 */
export function generateDemoCatalog(count = 300): ImportedWine[] {
  const random = seededRandom(2014);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const between = (min: number, max: number) => min + random() * (max - min);
  // One shuffled order for every round, so that even a short catalogue has every kind of drink.
  const order = [...TEMPLATES];
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j] as Template, order[i] as Template];
  }
  const wines: ImportedWine[] = [];

  for (let i = 0; i < count; i++) {
    const template = order[i % order.length] as Template;
    const round = Math.floor(i / TEMPLATES.length);
    const category = categoryOf(template.style, template.alcohol, template.sugar);
    const isWine = !['spirits', 'beer', 'fruit', 'aromatized'].includes(category);

    let vintage: number | null = null;
    if (template.vintages) {
      const [newest, oldest] = template.vintages;
      vintage = newest - (round % (newest - oldest + 1));
    }
    const baseSize = template.bottleSize ?? 0.75;
    const bottleSize = isWine && baseSize === 0.75 && round % 4 === 3 ? 1.5 : baseSize;
    const sizeFactor = bottleSize / baseSize;
    // Prices end in ,90 as at the monopoly; now and then a wine is sold out (no price).
    const price = Math.round(between(...template.price) * sizeFactor) + 0.9;
    const priceMinor = random() < 0.08 ? undefined : Math.round(price * 100);
    const notes = NOTES[template.style] ?? NOTES[category];
    const foods = FOOD[category] ?? [];
    const foodPairings = [...new Set([pick(foods), pick(foods), pick(foods)])].filter(
      (food): food is string => food !== undefined,
    );
    const number = String(900000 + i);
    const wholesaler = random() < 0.9 ? pick(WHOLESALERS) : undefined;
    const profile = (min: number, max: number) => Math.round(between(min, max));

    const wine: ImportedWine = {
      source: 'KORK',
      externalIds: [{ kind: 'VinmonopoletID', value: number }],
      name: template.name,
      producer: template.producer,
      vintage,
      bottleSize,
      mainCategoryId: category,
      style: template.style,
      country: template.country,
      region: template.region,
      subRegion: template.subRegion,
      grapes: template.grapes.map((grape) => ({ ...grape })),
      alcohol: template.alcohol,
      acid: template.acid,
      sugar: template.sugar,
      colour: notes && pick(notes.colour),
      taste: notes && pick(notes.taste),
      aroma: notes && pick(notes.aroma),
      foodPairings: isWine || category === 'fruit' || category === 'aromatized' ? foodPairings : [],
      body: isWine ? profile(5, 11) : undefined,
      freshness: isWine ? profile(5, 10) : undefined,
      tannins: category === 'red' ? profile(5, 10) : undefined,
      bitterness: category === 'beer' ? profile(3, 9) : undefined,
      sweetness: isWine ? Math.max(1, Math.min(12, Math.round((template.sugar ?? 0) / 12))) : undefined,
      packaging: 'Engangsflasker av glass',
      corkType: template.corkType ?? (isWine ? 'Naturkork' : 'Skrukapsel'),
      storingGrade: isWine
        ? pick(['Drikkeklar nå, men kan også lagres', 'Kan drikkes nå, blir bedre ved lagring'])
        : undefined,
      wholesaler,
      carrier: pick(CARRIERS),
      productSelection: random() < 0.15 ? 'Basisutvalget' : 'Bestillingsutvalget',
      storeCategory: pick(STORE_CATEGORIES),
      vinmonopoletNumber: number,
      priceMinor,
      priceCurrency: 'NOK',
      isAvailable: priceMinor !== undefined,
      isHorecaAvailable: wholesaler !== undefined,
    };
    wines.push(withoutUndefined(wine));
  }
  return wines;
}

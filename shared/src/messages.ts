import { GENERIC_MESSAGE } from './generic-message';
import type { Locale } from './locales';

export { GENERIC_MESSAGE };

/**
 * Messages the API and the forms show, in English and Norwegian Bokmål (SPEC §5 and §8). The web app's
 * screen texts live in its i18n catalogues; these are the ones both sides must word identically.
 */
export const MESSAGES = {
  required: { en: 'Required', nb: 'Påkrevd' },
  invalidEmail: { en: 'Invalid email', nb: 'Ugyldig e-postadresse' },
  invalidLink: { en: 'Invalid link', nb: 'Ugyldig lenke' },
  tooShort: { en: 'Too short', nb: 'For kort' },
  tooLong: { en: 'Too long', nb: 'For lang' },
  invalidValue: { en: 'Invalid value', nb: 'Ugyldig verdi' },
  // Field rules that name their bound: sent as `key|name=value` (see `withBounds`), filled in when shown.
  maxCharacters: { en: 'At most {max} characters', nb: 'Høyst {max} tegn' },
  minCharacters: { en: 'At least {min} characters', nb: 'Minst {min} tegn' },
  maxItems: { en: 'At most {max} items', nb: 'Høyst {max} elementer' },
  minItems: { en: 'At least {min} items', nb: 'Minst {min} elementer' },
  maxSaleLines: { en: 'At most {max} lines in one sale', nb: 'Høyst {max} linjer i ett salg' },
  maxSaleWines: { en: 'At most {max} wines in one sale', nb: 'Høyst {max} viner i ett salg' },
  maxSaleLocations: {
    en: 'The bottles of one sale can come from at most {max} locations',
    nb: 'Flaskene i ett salg kan komme fra høyst {max} plasseringer',
  },
  between: { en: 'Must be between {min} and {max}', nb: 'Må være mellom {min} og {max}' },
  atLeast: { en: 'Must be at least {min}', nb: 'Må være minst {min}' },
  atMost: { en: 'Must be at most {max}', nb: 'Må være høyst {max}' },
  moreThan: { en: 'Must be more than {min}', nb: 'Må være mer enn {min}' },
  privateNoteTooLong: { en: 'Too long: at most {max} characters', nb: 'For lang: høyst {max} tegn' },
  marginsTooWide: {
    en: 'The margins leave too little room: together at most {max} % of the page',
    nb: 'Margene gir for lite plass: til sammen høyst {max} % av siden',
  },
  wineListsFull: {
    en: 'A cellar can have at most {max} wine lists',
    nb: 'En kjeller kan ha høyst {max} vinkart',
  },
  wineListTooLong: {
    en: 'A wine list can hold at most {max} wines',
    nb: 'Et vinkart kan ha høyst {max} viner',
  },
  winesNotInCellar: {
    en: 'Some of the wines are not in this cellar',
    nb: 'Noen av vinene finnes ikke i denne kjelleren',
  },
  wineListChanged: {
    en: 'The wine list was changed by someone else: reload it and try again',
    nb: 'Vinkartet ble endret av noen andre: last det inn på nytt og prøv igjen',
  },
  dateBetween: { en: 'Must be a date from {min} to {max}', nb: 'Må være en dato fra {min} til {max}' },
  mustBeText: { en: 'Must be text', nb: 'Må være tekst' },
  mustBeNumber: { en: 'Must be a number', nb: 'Må være et tall' },
  mustBeWholeNumber: { en: 'Must be a whole number', nb: 'Må være et heltall' },
  mustBeTrueOrFalse: { en: 'Must be true or false', nb: 'Må være sann eller usann' },
  mustNotBeNegative: { en: 'Must not be negative', nb: 'Kan ikke være negativ' },
  amountTooLarge: { en: 'The amount is too large', nb: 'Beløpet er for stort' },
  tooManyDecimals: { en: 'Too many decimals', nb: 'For mange desimaler' },
  atMostOneDecimal: {
    en: 'At most one decimal: tenths of an open bottle',
    nb: 'Høyst én desimal: tideler av en åpnet flaske',
  },
  wholeBottlesOnly: {
    en: 'This cellar counts whole bottles only',
    nb: 'Denne kjelleren teller bare hele flasker',
  },
  invalidCharacters: {
    en: 'Contains control characters or broken text',
    nb: 'Inneholder kontrolltegn eller ødelagt tekst',
  },
  unknownField: { en: 'Not a field this accepts', nb: 'Ikke et felt som tas imot her' },
  passwordsDoNotMatch: { en: 'Passwords do not match', nb: 'Passordene er ikke like' },
  generic: GENERIC_MESSAGE,
  internal: { en: 'Internal server error', nb: 'Internal server error' },
  validation: { en: 'Some fields are not valid', nb: 'Noen felt er ikke gyldige' },
  malformedJson: { en: 'The request body is not valid JSON', nb: 'Forespørselen er ikke gyldig JSON' },
  missingApiKey: { en: 'Missing or unknown API key', nb: 'Manglende eller ukjent API-nøkkel' },
  unauthorized: { en: 'You need to log in', nb: 'Du må logge inn' },
  forbidden: { en: 'Permission denied', nb: 'Ingen tilgang' },
  notFound: { en: 'Not found', nb: 'Ikke funnet' },
  planRequired: {
    en: 'Market value analytics are part of the Plus and Pro plans',
    nb: 'Markedsverdianalyse er en del av Plus- og Pro-abonnementene',
  },
  invalidSignature: { en: 'Invalid signature', nb: 'Ugyldig signatur' },
  conflict: { en: 'Conflict with the current state', nb: 'Konflikt med gjeldende tilstand' },
  saleTooLargeToDelete: {
    en: 'This sale holds too many wines and locations to be deleted in one step. Add its bottles back to the wines instead.',
    nb: 'Dette salget har for mange viner og plasseringer til å slettes i ett steg. Legg flaskene tilbake på vinene i stedet.',
  },
  idempotencyKeyInUse: {
    en: 'A request with this Idempotency-Key is still being handled',
    nb: 'En forespørsel med denne Idempotency-Key behandles fortsatt',
  },
  idempotencyKeyReused: {
    en: 'This Idempotency-Key was used for another request',
    nb: 'Denne Idempotency-Key er brukt til en annen forespørsel',
  },
  invalidIdempotencyKey: {
    en: 'Idempotency-Key must be 8 to 128 letters, digits or - _ . :',
    nb: 'Idempotency-Key må være 8 til 128 bokstaver, sifre eller - _ . :',
  },
  payloadTooLarge: {
    en: 'Image size exceeds maximum allowed size (50MB)',
    nb: 'Bildestørrelsen overskrider maksimal tillatt størrelse (50MB)',
  },
  unsupportedMediaType: { en: 'File type not allowed', nb: 'Filtypen er ikke tillatt' },
  rateLimited: {
    en: 'Too many requests. Please wait and try again.',
    nb: 'For mange forespørsler. Vent litt og prøv igjen.',
  },
  passwordRule: {
    en: 'At least 6 characters with a digit, an uppercase and a lowercase letter',
    nb: 'Minst 6 tegn med et tall, en stor og en liten bokstav',
  },
  tooYoung: { en: 'You must be at least 18 years old', nb: 'Du må være minst 18 år' },
  invalidDate: { en: 'Invalid date', nb: 'Ugyldig dato' },
  invalidPoints: { en: 'Invalid points', nb: 'Ugyldige poeng' },
  invalidTastingPoints: {
    en: 'Invalid points: {min} to {max}, in whole or half points',
    nb: 'Ugyldige poeng: {min} til {max}, i hele eller halve poeng',
  },
  wantToTryFull: {
    en: 'Your Want to try list is full ({max} wines): remove one first',
    nb: 'Listen Vil smake er full ({max} viner): fjern en først',
  },
  bottleSizeTooLarge: {
    en: 'Bottle size must be less than 100 litres',
    nb: 'Flaskestørrelsen må være under 100 liter',
  },
  customWineNoSuggestedWindow: {
    en: 'Custom wines cannot have a suggested drinking window',
    nb: 'Egne viner kan ikke ha et foreslått drikkevindu',
  },
  instagramUsername: {
    en: 'Letters, digits, full stops and underscores only (at most 30)',
    nb: 'Bare bokstaver, sifre, punktum og understrek (høyst 30)',
  },
  duplicateWine: {
    en: 'This wine is in the list twice',
    nb: 'Denne vinen står to ganger i listen',
  },
  reorderDraftNote: {
    en: 'Reorder: wines no marketplace supplier offers',
    nb: 'Påfyll: viner ingen leverandør på markedsplassen tilbyr',
  },
  parUnderReorderPoint: {
    en: 'The par level must be at least the reorder point',
    nb: 'Par-nivået må være minst bestillingspunktet',
  },
  drinkUntilBeforeFrom: {
    en: 'Drink until must be on or after drink from',
    nb: 'Drikk til må være samme år som eller etter drikk fra',
  },
  bottlesAvailable: {
    en: 'Only {count} bottles there',
    nb: 'Bare {count} flasker der',
  },
  changeQuantityOnce: {
    en: 'Set the total or add bottles, not both',
    nb: 'Angi totalen eller legg til flasker, ikke begge',
  },
  quantityChangeZero: { en: 'Add or take at least one bottle', nb: 'Legg til eller ta ut minst én flaske' },
  notEnoughBottles: {
    en: 'There are not that many bottles in that location',
    nb: 'Det er ikke så mange flasker på den plasseringen',
  },
  alreadyInCellar: {
    en: 'This wine is already in your cellar',
    nb: 'Denne vinen er allerede i kjelleren din',
  },
  locationNameTaken: {
    en: 'A location with this name already exists here',
    nb: 'Det finnes allerede en plassering med dette navnet her',
  },
  categoryNameTaken: {
    en: 'A category with this name already exists here',
    nb: 'Det finnes allerede en kategori med dette navnet her',
  },
  locationCycle: {
    en: 'A location cannot be placed inside itself',
    nb: 'En plassering kan ikke ligge inni seg selv',
  },
  wineNotInCatalog: { en: 'That wine is not in the catalogue', nb: 'Den vinen finnes ikke i katalogen' },
  unknownLocation: { en: 'Unknown location', nb: 'Ukjent plassering' },
  unknownCategory: { en: 'Unknown category', nb: 'Ukjent kategori' },
  notAnAppliedPrice: {
    en: 'Only a price set by applying a rule set can be restored',
    nb: 'Bare en pris satt av et regelsett kan settes tilbake',
  },
  glassSizeTooLarge: { en: 'Glass size can be at most 99 cl', nb: 'Glassstørrelsen kan være høyst 99 cl' },
  unableToCopyLink: { en: 'Unable to copy link', nb: 'Kunne ikke kopiere lenken' },
  invalidOrganizationNumber: {
    en: 'Organization number must be 9 digits',
    nb: 'Organisasjonsnummeret må ha 9 siffer',
  },
  loginFailed: {
    en: 'Password or email you entered is incorrect',
    nb: 'Passordet eller e-postadressen du skrev inn er feil',
  },
  emailNotVerified: {
    en: 'Please verify your email address first. Check your inbox, or send the link again.',
    nb: 'Bekreft e-postadressen din først. Sjekk innboksen, eller send lenken på nytt.',
  },
  emailTaken: {
    en: 'An account with this email already exists',
    nb: 'Det finnes allerede en konto med denne e-postadressen',
  },
  accountCreated: {
    en: 'Account created. Check your email to verify your address.',
    nb: 'Kontoen er opprettet. Sjekk e-posten din for å bekrefte adressen.',
  },
  passwordChanged: { en: 'Password changed', nb: 'Passordet er endret' },
  invalidToken: {
    en: 'The link is invalid or has expired',
    nb: 'Lenken er ugyldig eller har utløpt',
  },
  appleLoginFailed: {
    en: 'We are having trouble logging you in with your AppleID, please try again',
    nb: 'Vi har problemer med å logge deg inn med Apple-ID-en din, vennligst prøv igjen',
  },
  socialLoginFailed: {
    en: 'We could not verify your sign-in. Please try again.',
    nb: 'Vi kunne ikke bekrefte innloggingen. Vennligst prøv igjen.',
  },
  accountNotFound: {
    en: 'No account uses this sign-in yet. Register first.',
    nb: 'Ingen konto bruker denne innloggingen ennå. Registrer deg først.',
  },
  accountDeactivated: {
    en: 'This account is deactivated',
    nb: 'Denne kontoen er deaktivert',
  },
  mergeWinesDiffer: {
    en: 'These wines differ in style, producer or vintage. Type MERGE to merge them anyway.',
    nb: 'Disse vinene er ulike i stil, produsent eller årgang. Skriv SLÅ SAMMEN for å slå dem sammen likevel.',
  },
  confirmationMismatch: {
    en: 'Type the confirmation phrase exactly as shown',
    nb: 'Skriv bekreftelsesfrasen nøyaktig som vist',
  },
  wrongCurrentPassword: { en: 'The current password is wrong', nb: 'Nåværende passord er feil' },
  invalidRedirect: {
    en: 'Only an address in this app can follow log-in',
    nb: 'Bare en adresse i denne appen kan følge innloggingen',
  },
  imageUrlNotAllowed: { en: 'Image address not allowed', nb: 'Bildeadressen er ikke tillatt' },
  imageWidthNotAllowed: { en: 'Image width not allowed', nb: 'Bildebredden er ikke tillatt' },
  imageStyleNotAllowed: {
    en: 'No bottle is drawn for this style',
    nb: 'Det tegnes ingen flaske for denne stilen',
  },
  malformedMultipart: {
    en: 'The form data could not be read',
    nb: 'Skjemadataene kunne ikke leses',
  },
  fieldNameNotAllowed: { en: 'This field name is not allowed', nb: 'Dette feltnavnet er ikke tillatt' },
  fieldRepeated: {
    en: 'This field was sent more than once',
    nb: 'Dette feltet ble sendt mer enn én gang',
  },
  tooManyParts: {
    en: 'The form has too many fields or files',
    nb: 'Skjemaet har for mange felt eller filer',
  },
  imageUnreadable: {
    en: 'The file is not an image that can be read',
    nb: 'Filen er ikke et bilde som kan leses',
  },
  imageTooManyPixels: {
    en: 'The image is too large: at most 40 megapixels',
    nb: 'Bildet er for stort: høyst 40 megapiksler',
  },
  imageUnavailable: {
    en: 'The image is not available right now',
    nb: 'Bildet er ikke tilgjengelig akkurat nå',
  },
  geocoderUnavailable: {
    en: 'Address search is not available right now: place the pin on the map or enter the coordinates',
    nb: 'Adressesøk er ikke tilgjengelig akkurat nå: plasser nålen på kartet eller skriv inn koordinatene',
  },
  // Stock counts, sales and orders.
  notEnoughStock: {
    en: 'Not enough bottles in stock: {wine} has {count}',
    nb: 'Ikke nok flasker på lager: {wine} har {count}',
  },
  wineNotInCellarAtCount: {
    en: "This wine was not in the cellar on the count's date",
    nb: 'Denne vinen var ikke i kjelleren på tellingens dato',
  },
  stockCountFinished: {
    en: 'This count is finished: its figures can no longer change',
    nb: 'Denne tellingen er avsluttet: tallene kan ikke lenger endres',
  },
  stockCountChanged: {
    en: 'The count was changed by someone else: reload it and try again',
    nb: 'Tellingen ble endret av noen andre: last den inn på nytt og prøv igjen',
  },
  openCountsFull: {
    en: 'A cellar can have at most {max} open counts',
    nb: 'En kjeller kan ha høyst {max} åpne tellinger',
  },
  locationNotInCount: {
    en: 'This location is not part of the count',
    nb: 'Denne plasseringen er ikke med i tellingen',
  },
  orderChanged: {
    en: 'The order was changed by someone else: reload it and try again',
    nb: 'Bestillingen ble endret av noen andre: last den inn på nytt og prøv igjen',
  },
  orderLineWine: {
    en: 'Choose a cellar wine or a catalogue wine',
    nb: 'Velg en vin fra kjelleren eller katalogen',
  },
  orderProductsLocked: {
    en: 'Bottles of this order have been received: its products can no longer change',
    nb: 'Flasker fra denne bestillingen er mottatt: produktene kan ikke lenger endres',
  },
  orderClosed: {
    en: 'This order is {status}: it cannot change',
    nb: 'Denne bestillingen er {status}: den kan ikke endres',
  },
  orderHasReceipts: {
    en: 'Bottles of this order have been received: cancel it instead of deleting it',
    nb: 'Flasker fra denne bestillingen er mottatt: kanseller den i stedet for å slette den',
  },
  receiveTooMany: {
    en: 'At most {max} bottles of this line are still to come',
    nb: 'Høyst {max} flasker av denne linjen gjenstår',
  },
  nothingToReceive: {
    en: 'Every bottle of this order has been received',
    nb: 'Alle flaskene i denne bestillingen er mottatt',
  },
  unknownOrderLine: { en: 'Unknown order line', nb: 'Ukjent bestillingslinje' },
  periodOrder: {
    en: 'The end of the period must be on or after its start',
    nb: 'Periodens slutt må være samme dag som eller etter starten',
  },
  periodTooLong: {
    en: 'A period can be at most {max} days',
    nb: 'En periode kan være høyst {max} dager',
  },
  importerUnknown: {
    en: 'No wine of this cellar comes from that importer',
    nb: 'Ingen vin i denne kjelleren kommer fra den importøren',
  },
  // Price rules and price reviews.
  priceRangeOrder: {
    en: 'The end of a range must be above its start',
    nb: 'Slutten av et intervall må være over starten',
  },
  priceRangesOverlap: {
    en: 'The price ranges overlap',
    nb: 'Prisintervallene overlapper hverandre',
  },
  wholeMinorUnits: {
    en: 'A fixed amount has at most two decimals',
    nb: 'Et fast beløp har høyst to desimaler',
  },
  confirmRequired: {
    en: 'Confirm that the prices are to be changed: it cannot be undone',
    nb: 'Bekreft at prisene skal endres: det kan ikke angres',
  },
  ruleSetsFull: {
    en: 'A cellar can have at most {max} rule sets',
    nb: 'En kjeller kan ha høyst {max} regelsett',
  },
  pricesChanged: {
    en: 'Some prices were changed by someone else meanwhile: preview again and apply',
    nb: 'Noen priser ble endret av noen andre i mellomtiden: forhåndsvis på nytt og bruk',
  },
  // Recipes.
  recipesFull: {
    en: 'A cellar can have at most {max} recipes',
    nb: 'En kjeller kan ha høyst {max} oppskrifter',
  },
  ingredientNotInCellar: {
    en: 'This wine is not in the cellar',
    nb: 'Denne vinen er ikke i kjelleren',
  },
  // The till (POS).
  posKeysFull: {
    en: 'A cellar can have at most {max} POS keys',
    nb: 'En kjeller kan ha høyst {max} kassenøkler',
  },
  posSignatureInvalid: {
    en: 'The signature does not match the body',
    nb: 'Signaturen stemmer ikke med innholdet',
  },
  posKeyInvalid: {
    en: 'Unknown or revoked POS key',
    nb: 'Ukjent eller tilbakekalt kassenøkkel',
  },
  duplicateColumn: {
    en: 'Each column can be chosen only once',
    nb: 'Hver kolonne kan bare velges én gang',
  },
  unknownColumn: {
    en: 'The file has no column named {name}',
    nb: 'Filen har ingen kolonne som heter {name}',
  },
  fileTooLarge: {
    en: 'The file is too large: at most {max} MB',
    nb: 'Filen er for stor: høyst {max} MB',
  },
  unknownPosProduct: {
    en: 'No product of the cellar has this id',
    nb: 'Ingen vare i kjelleren har denne id-en',
  },
  soldAtOutOfRange: {
    en: 'The time of sale must be within the last year and not in the future',
    nb: 'Salgstidspunktet må være innen det siste året og ikke i fremtiden',
  },
  posTransactionNotImported: {
    en: 'Another row of this transaction has an error: the transaction was not imported',
    nb: 'En annen rad i denne transaksjonen har en feil: transaksjonen ble ikke importert',
  },
  // Batch import.
  importFileTooLarge: {
    en: 'File size exceeds maximum allowed size (50MB)',
    nb: 'Filstørrelsen overskrider maksimal tillatt størrelse (50MB)',
  },
  importFileEmpty: { en: 'The file is empty', nb: 'Filen er tom' },
  wineNameColumnRequired: {
    en: 'One column must be the wine name',
    nb: 'Én kolonne må være vinnavnet',
  },
  fieldChosenTwice: {
    en: 'This field is already chosen for another column',
    nb: 'Dette feltet er allerede valgt for en annen kolonne',
  },
  noWinesDetected: {
    en: 'No wines detected in the imported file',
    nb: 'Ingen viner funnet i den importerte filen',
  },
  importFileUnreadable: {
    en: 'The file could not be read: it may be damaged, or not the kind of file it says it is',
    nb: 'Filen kunne ikke leses: den kan være skadet, eller ikke den typen fil den sier at den er',
  },
  importFileMissing: {
    en: 'The file has not arrived yet: upload it again',
    nb: 'Filen har ikke kommet fram ennå: last den opp på nytt',
  },
  importNotReady: {
    en: 'The import is not at this step: reload to see where it stands',
    nb: 'Importen er ikke på dette steget: last inn på nytt for å se hvor den står',
  },
  importFinished: {
    en: 'The import is finished and can no longer be changed',
    nb: 'Importen er ferdig og kan ikke lenger endres',
  },
  importCancelled: { en: 'The import was cancelled', nb: 'Importen ble avbrutt' },
  // Trade marketplace.
  missingBillingAddress: { en: 'Missing billing address', nb: 'Fakturaadresse mangler' },
  missingOrganizationNumber: { en: 'Missing organization number', nb: 'Organisasjonsnummer mangler' },
  missingDeliveryAddress: { en: 'Missing delivery address', nb: 'Leveringsadresse mangler' },
  missingName: { en: 'Missing name', nb: 'Navn mangler' },
  organizationNumberCheckDigit: {
    en: 'Not a valid organization number: the check digit does not match',
    nb: 'Ikke et gyldig organisasjonsnummer: kontrollsifferet stemmer ikke',
  },
  invalidPostalCode: { en: 'Postal code must be 4 digits', nb: 'Postnummeret må ha 4 siffer' },
  professionalAccountsOnly: {
    en: 'Ordering is for professional accounts',
    nb: 'Bestilling er for profesjonelle kontoer',
  },
  supplierDoesNotOfferWine: {
    en: 'This supplier does not offer that wine',
    nb: 'Denne leverandøren tilbyr ikke den vinen',
  },
  priceWithoutDutiesNeedsAlcohol: {
    en: "The wine's alcohol is not known, so its duties cannot be added: enter this price with duties",
    nb: 'Vinens alkoholprosent er ukjent, så avgiftene kan ikke legges til: legg inn denne prisen med avgifter',
  },
  priceWithoutDutiesNeedsRates: {
    en: "Today's duty rates are not loaded, so duties cannot be added: enter this price with duties",
    nb: 'Dagens avgiftssatser er ikke lastet inn, så avgiftene kan ikke legges til: legg inn denne prisen med avgifter',
  },
  wineOutOfStock: { en: 'Out of stock', nb: 'Ikke på lager' },
  onlyInStock: { en: 'Only {stock} in stock', nb: 'Bare {stock} på lager' },
  onlyInStockWithCart: {
    en: 'Only {stock} in stock, and {inCart} are in your cart',
    nb: 'Bare {stock} på lager, og {inCart} ligger i handlekurven',
  },
  cartTooManyLines: { en: 'The cart holds at most {max} wines', nb: 'Handlekurven kan ha høyst {max} viner' },
  cartTooManySuppliers: {
    en: 'One order can go to at most {max} suppliers',
    nb: 'Én bestilling kan gå til høyst {max} leverandører',
  },
  supplierTooManyLines: {
    en: 'At most {max} wines from one supplier in one order',
    nb: 'Høyst {max} viner fra én leverandør i én bestilling',
  },
  cartEmpty: { en: 'The cart is empty', nb: 'Handlekurven er tom' },
  cartChanged: {
    en: 'The cart was changed since you looked at it: check it and order again',
    nb: 'Handlekurven er endret siden du så på den: sjekk den og bestill på nytt',
  },
  belowMinimumOrder: {
    en: "Below the supplier's minimum order of {amount}",
    nb: 'Under leverandørens minste bestilling på {amount}',
  },
  checkoutSuppliersBlocked: {
    en: 'Some suppliers cannot take the order as it is: see the problems under each supplier, or place the orders that can go',
    nb: 'Noen leverandører kan ikke ta imot bestillingen slik den er: se problemene under hver leverandør, eller send bestillingene som kan gå',
  },
  checkoutNoSupplierReady: {
    en: 'No supplier can take the order as it is: see the problems under each supplier',
    nb: 'Ingen leverandør kan ta imot bestillingen slik den er: se problemene under hver leverandør',
  },
  idempotencyKeyRequired: {
    en: 'An Idempotency-Key header is required',
    nb: 'En Idempotency-Key-header er påkrevd',
  },
  supplierLinkInvalid: {
    en: 'This order link is not valid',
    nb: 'Denne bestillingslenken er ikke gyldig',
  },
  supplierLinkExpired: {
    en: 'This order link has expired: ask the buyer for a new one',
    nb: 'Denne bestillingslenken er utløpt: be kjøperen om en ny',
  },
  supplierOrderClosed: {
    en: 'This order is closed and can no longer be answered',
    nb: 'Denne bestillingen er avsluttet og kan ikke lenger besvares',
  },
  supplierOrderChanged: {
    en: 'The order was changed since you opened it: reload to see it',
    nb: 'Bestillingen er endret siden du åpnet den: last inn på nytt for å se den',
  },
  substituteRequired: {
    en: 'Give a new quantity, a substitute or both',
    nb: 'Oppgi nytt antall, en erstatning eller begge',
  },
  supplierAccountType: {
    en: 'Only a Wine importer or Wholesaler account can be linked to a supplier',
    nb: 'Bare en konto av typen Vinimportør eller Grossist kan kobles til en leverandør',
  },
  supplierAccountTaken: {
    en: 'This account is already linked to another supplier',
    nb: 'Denne kontoen er allerede koblet til en annen leverandør',
  },
  notASupplierAccount: {
    en: 'This account is not linked to a supplier',
    nb: 'Denne kontoen er ikke koblet til en leverandør',
  },
  orderImportNeedsActivation: {
    en: 'Order import needs activation',
    nb: 'Ordreimport må aktiveres',
  },
  unknownBuyer: {
    en: 'No business account has that organization number',
    nb: 'Ingen bedriftskonto har det organisasjonsnummeret',
  },
  importTruncated: {
    en: 'The file has more wines than one import takes: the first {max} were read',
    nb: 'Filen har flere viner enn én import tar: de første {max} ble lest',
  },
  importLineUnknown: { en: 'The import has no such line', nb: 'Importen har ingen slik linje' },
  importWineGone: {
    en: 'The wine these bottles were to be added to is no longer in the cellar',
    nb: 'Vinen disse flaskene skulle legges til, finnes ikke lenger i kjelleren',
  },
  importNothingConfirmed: {
    en: 'Confirm at least one wine to import',
    nb: 'Bekreft minst én vin for å importere',
  },
  importsRunning: {
    en: 'At most {max} imports can run at once: finish or cancel one first',
    nb: 'Høyst {max} importer kan pågå samtidig: fullfør eller avbryt en først',
  },
  importWriteStopped: {
    en: 'The import stopped before every wine was written: the wines written are in the cellar',
    nb: 'Importen stoppet før alle vinene var skrevet: vinene som ble skrevet, er i kjelleren',
  },
  // Wine events.
  invalidTime: { en: 'Invalid time: use HH:mm', nb: 'Ugyldig klokkeslett: bruk TT:mm' },
  invalidWebAddress: {
    en: 'Must be a web address starting with https://',
    nb: 'Må være en nettadresse som begynner med https://',
  },
  eventEndsBeforeStart: { en: 'The end must be after the start', nb: 'Slutt må være etter start' },
  eventListsFull: {
    en: 'An event can have at most {max} wine lists',
    nb: 'Et arrangement kan ha høyst {max} vinlister',
  },
  eventListTooLong: {
    en: 'An event wine list can hold at most {max} wines',
    nb: 'En vinliste for et arrangement kan ha høyst {max} viner',
  },
  eventWinesUnknown: {
    en: 'Some of the wines are not in the catalogue',
    nb: 'Noen av vinene finnes ikke i katalogen',
  },
  eventCoverNotYours: {
    en: 'The cover photo must be one you uploaded',
    nb: 'Forsidebildet må være et du har lastet opp',
  },
  eventCreated: { en: 'Event created', nb: 'Arrangementet er opprettet' },
  eventUpdated: { en: 'Event updated', nb: 'Arrangementet er oppdatert' },
  listAdded: { en: 'List added', nb: 'Listen er lagt til' },
  listUpdated: { en: 'List updated', nb: 'Listen er oppdatert' },
  invalidId: { en: 'Not a valid id', nb: 'Ikke en gyldig id' },
  invalidPath: { en: 'The address is not valid', nb: 'Adressen er ikke gyldig' },
  // The cellar assistant (SPEC §1, §8).
  assistantTrouble: {
    en: 'Sorry, I had trouble connecting. Please try again.',
    nb: 'Beklager, jeg fikk ikke kontakt. Prøv igjen.',
  },
  assistantBudgetSpent: {
    en: "The assistant's allowance for this month is used up. It opens again on the 1st of next month.",
    nb: 'Assistentens kvote for denne måneden er brukt opp. Den åpner igjen den 1. neste måned.',
  },
  assistantTooManyQuestions: {
    en: 'Too many questions at once. Please wait a minute and ask again.',
    nb: 'For mange spørsmål på en gang. Vent et minutt og spør igjen.',
  },
  assistantConversationFull: {
    en: 'This conversation is full. Start a new conversation to ask more.',
    nb: 'Denne samtalen er full. Start en ny samtale for å spørre mer.',
  },
} as const satisfies Record<string, Record<Locale, string>>;

export type MessageKey = keyof typeof MESSAGES;

/** A message key with the bounds of its rule: `maxCharacters|max=14`, `between|min=1900|max=2027`. */
export type BoundMessage = `${MessageKey}|${string}`;

/** Values a bounded message names: numbers, or short texts such as ISO dates. */
export type MessageBounds = Record<string, number | string>;

/**
 * A message key that carries its bounds, as a schema's error text: `withBounds('maxCharacters', {max: 14})`
 * is `maxCharacters|max=14`, shown as "At most 14 characters" / "Høyst 14 tegn".
 */
export function withBounds(key: MessageKey, bounds: MessageBounds): BoundMessage {
  const parts = Object.entries(bounds).map(([name, value]) => `${name}=${value}`);
  return `${key}|${parts.join('|')}`;
}

/** The key and bounds of a message text; `key` is undefined when the text is no message of the catalogue. */
export function parseMessage(text: string): { key: MessageKey | undefined; bounds: Record<string, string> } {
  const [head = '', ...parts] = text.split('|');
  const bounds: Record<string, string> = {};
  for (const part of parts) {
    const at = part.indexOf('=');
    if (at > 0) bounds[part.slice(0, at)] = part.slice(at + 1);
  }
  return { key: Object.hasOwn(MESSAGES, head) ? (head as MessageKey) : undefined, bounds };
}

const NUMBER = /^-?\d+(\.\d+)?$/;

/** Numbers of five digits or more are grouped the local way (10,000 / 10 000); years stay as they are. */
function formatBound(value: string, locale: Locale): string {
  if (!NUMBER.test(value)) return value;
  const number = Number(value);
  if (Math.abs(number) < 10_000) return value;
  return new Intl.NumberFormat(locale === 'nb' ? 'nb-NO' : 'en-GB', { maximumFractionDigits: 20 }).format(
    number,
  );
}

/**
 * A message in a language: a key (`required`), a key with bounds (`maxCharacters|max=14`), or any other
 * text, which is answered as it is.
 */
export function message(text: string, locale: Locale): string {
  const { key, bounds } = parseMessage(text);
  if (!key) return text;
  return MESSAGES[key][locale].replace(/\{(\w+)\}/g, (whole, name: string) =>
    bounds[name] === undefined ? whole : formatBound(bounds[name], locale),
  );
}

/** Whether a text is a message of the catalogue, with or without bounds. */
export function isMessage(text: string): text is MessageKey | BoundMessage {
  return parseMessage(text).key !== undefined;
}

/**
 * The local engine's own sentences, in English and Bokmål: what it can answer (for a question it cannot
 * place; it says it reads questions by rules, not with a language model), and the answers for a wine it
 * did not find. Every figure of an answer comes from the templates, never from here.
 */
import type { Locale } from '@kork/shared';

/** A wine's name as the person typed it, quoted and cut to a sensible length. */
function quoted(name: string, locale: Locale): string {
  const cut = name.length > 80 ? `${name.slice(0, 79)}…` : name;
  return locale === 'nb' ? `«${cut}»` : `“${cut}”`;
}

export function cannotAnswer(locale: Locale): string {
  if (locale === 'nb') {
    return [
      'Det spørsmålet kan jeg ikke svare på. Kork sin lokale assistent leser spørsmål etter faste regler, uten en språkmodell, og svarer bare med tall fra kjelleren din.',
      '',
      'Jeg kan svare på spørsmål om beholdning, verdi, hva du bør drikke nå, mat og vin, hva du har lite av og bør bestille, salg og marginer og hvilke vinkart en vin står på, og jeg kan foreslå en utsalgspris eller en handlekurv som du bekrefter selv.',
      '',
      'Prøv for eksempel: «Hva har jeg lite av?», «Hva passer til lam?» eller «Hva er kjelleren verdt?»',
    ].join('\n');
  }
  return [
    "I can't answer that one. Kork's local assistant reads questions by fixed rules, without a language model, and answers only with figures from your cellar.",
    '',
    'I can answer questions about your stock, value, what to drink now, food pairing, low stock and what to reorder, sales and margins, and the wine lists a wine is on, and I can propose a selling price or a supplier cart for you to confirm.',
    '',
    'Try for example: “What is low on stock?”, “What goes with lamb?” or “What is my cellar worth?”',
  ].join('\n');
}

/** A tool's refusal, said as the answer: nothing was proposed or changed. */
export function refused(said: string, locale: Locale): string {
  return locale === 'nb'
    ? `Det kan jeg ikke foreslå: ${said.replace(/\.?$/, '.')} Ingenting er endret.`
    : `I can't propose that: ${said.replace(/\.?$/, '.')} Nothing has changed.`;
}

export function noSuchWine(name: string, locale: Locale): string {
  return locale === 'nb'
    ? `Jeg fant ingen vin som passer ${quoted(name, locale)} i kjelleren din.`
    : `I found no wine matching ${quoted(name, locale)} in your cellar.`;
}

export function notToReorder(name: string, locale: Locale): string {
  return locale === 'nb'
    ? `${quoted(name, locale)} er ikke blant vinene du bør bestille (de du har lite av og som en leverandør tilbyr), så jeg kan ikke legge den i handlekurven herfra.`
    : `${quoted(name, locale)} is not among the wines to reorder (those running low that a supplier offers), so I can't put it in the cart from here.`;
}

export function businessOnly(locale: Locale): string {
  return locale === 'nb'
    ? 'Bestilling fra leverandører er for bedriftskontoer, så denne kontoen har ingen handlekurv hos leverandørene. Jeg kan fortelle deg hva du har lite av.'
    : "Ordering from suppliers is for business accounts, so this account has no supplier cart. I can tell you what you're running low on.";
}

/**
 * The mails of a marketplace order, in Norwegian Bokmål first and English below (suppliers and buyers
 * are Norwegian businesses): the supplier's order with its signed link, its one reminder, and the
 * buyer's notice of each answer. Plain text; amounts are NOK ex VAT.
 */
import type { SupplierOrderView } from '@kork/shared';
import type { MailMessage } from '../../adapters/mail';
import { env } from '../../platform/env';

const nok = (minor: number, locale: 'nb' | 'en') =>
  locale === 'nb' ? `${(minor / 100).toFixed(2).replace('.', ',')} kr` : `NOK ${(minor / 100).toFixed(2)}`;

/** The order's number as its buyer sees it (`K-…`); the record's id only for an order without one. */
const orderNumber = (view: SupplierOrderView) => view.orderNumber ?? view.orderId;

const INVOICE = {
  nb: { email: 'e-post', ehf: 'EHF', paper: 'papir' },
  en: { email: 'e-mail', ehf: 'EHF', paper: 'paper' },
} as const;

function orderLines(view: SupplierOrderView, locale: 'nb' | 'en'): string[] {
  return view.lines
    .filter((line) => line.units > 0 || line.answer.state === 'waiting')
    .map((line) => {
      const number = line.vinmonopoletNumber
        ? ` (${locale === 'nb' ? 'varenr.' : 'no.'} ${line.vinmonopoletNumber})`
        : '';
      return `- ${line.units} × ${line.wineDisplayName}${number} à ${nok(line.unitCost, locale)} = ${nok(line.units * line.unitCost, locale)}`;
    });
}

function orderBody(view: SupplierOrderView, locale: 'nb' | 'en'): string[] {
  const nb = locale === 'nb';
  const { billing, delivery } = view;
  const address = [
    delivery.recipient,
    delivery.careOf ? `c/o ${delivery.careOf}` : '',
    delivery.street,
    `${delivery.postalCode} ${delivery.city}`,
    delivery.phone ? `${nb ? 'Telefon' : 'Phone'}: ${delivery.phone}` : '',
    delivery.tineNumber ? `${nb ? 'TINE-nummer' : 'TINE number'}: ${delivery.tineNumber}` : '',
  ].filter(Boolean);
  const invoice = [
    billing.name,
    `${nb ? 'Org.nr.' : 'Organization number'}: ${billing.organizationNumber}`,
    `${billing.street}, ${billing.postalCode} ${billing.city}`,
    `${nb ? 'Faktura på' : 'Invoice by'} ${INVOICE[locale][billing.invoiceMethod]}${billing.invoiceMethod === 'email' && billing.invoiceEmail ? `: ${billing.invoiceEmail}` : ''}`,
  ];
  return [
    `${nb ? 'Bestillingsnummer' : 'Order number'}: ${orderNumber(view)}`,
    '',
    ...orderLines(view, locale),
    '',
    `${nb ? 'Sum eks. mva.' : 'Total ex VAT'}: ${nok(view.totalCost, locale)}`,
    '',
    nb ? 'Levering:' : 'Delivery:',
    ...address,
    '',
    nb ? 'Faktura:' : 'Billing:',
    ...invoice,
    ...(view.note ? ['', `${nb ? 'Merknad' : 'Note'}: ${view.note}`] : []),
  ];
}

const DIVIDER = '— English below —';

function bilingual(nb: string[], en: string[]): string {
  return [...nb, '', DIVIDER, '', ...en].join('\n');
}

/** The supplier's order: its lines, delivery and billing, and the link to confirm, change or reject. */
export function placedMail(view: SupplierOrderView, to: string, link: string): MailMessage {
  const nb = [
    `Ny bestilling fra ${view.buyerName} gjennom Kork.`,
    '',
    ...orderBody(view, 'nb'),
    '',
    'Bekreft, endre eller avvis linjene innen 24 timer:',
    link,
  ];
  const en = [
    `New order from ${view.buyerName} through Kork.`,
    '',
    ...orderBody(view, 'en'),
    '',
    'Please confirm, change or reject its lines within 24 hours:',
    link,
  ];
  return {
    to,
    replyTo: view.buyerEmail || undefined,
    subject: `Bestilling ${orderNumber(view)} fra ${view.buyerName} / Order ${orderNumber(view)} from ${view.buyerName}`,
    text: bilingual(nb, en),
  };
}

/** The one reminder of an order a supplier has not answered. */
export function reminderMail(view: SupplierOrderView, to: string, link: string): MailMessage {
  const nb = [
    `Påminnelse: bestillingen fra ${view.buyerName} (${view.placedAt.slice(0, 10)}) venter på svar.`,
    '',
    ...orderBody(view, 'nb'),
    '',
    'Bekreft, endre eller avvis linjene her:',
    link,
  ];
  const en = [
    `Reminder: the order from ${view.buyerName} (${view.placedAt.slice(0, 10)}) is waiting for your answer.`,
    '',
    ...orderBody(view, 'en'),
    '',
    'Confirm, change or reject its lines here:',
    link,
  ];
  return {
    to,
    replyTo: view.buyerEmail || undefined,
    subject: `Påminnelse: bestilling ${orderNumber(view)} fra ${view.buyerName} / Reminder: order ${orderNumber(view)} from ${view.buyerName}`,
    text: bilingual(nb, en),
  };
}

const STATE = {
  nb: { waiting: 'venter', confirmed: 'bekreftet', modified: 'endret', rejected: 'avvist' },
  en: { waiting: 'waiting', confirmed: 'confirmed', modified: 'changed', rejected: 'rejected' },
} as const;

function answerLines(view: SupplierOrderView, locale: 'nb' | 'en'): string[] {
  const nb = locale === 'nb';
  return view.lines.map((line) => {
    const { answer } = line;
    const name = answer.orderedWine?.name ?? line.wineDisplayName;
    const parts = [`- ${name}: ${STATE[locale][answer.state]}`];
    if (answer.state === 'modified') {
      if (line.units !== answer.orderedUnits)
        parts.push(
          nb
            ? `${line.units} i stedet for ${answer.orderedUnits} flasker`
            : `${line.units} instead of ${answer.orderedUnits} bottles`,
        );
      if (answer.substitute)
        parts.push(nb ? `erstattes med ${answer.substitute.name}` : `replaced by ${answer.substitute.name}`);
    } else if (answer.state === 'confirmed')
      parts.push(nb ? `${line.units} flasker` : `${line.units} bottles`);
    if (answer.comment) parts.push(`«${answer.comment}»`);
    return parts.join(', ');
  });
}

/** The buyer's notice of an answer: each line's state, the delivery date and the order's page. */
export function answeredMail(view: SupplierOrderView, to: string): MailMessage {
  const link = `${env.appUrl().replace(/\/+$/, '')}/wine-cellar/orders`;
  const body = (locale: 'nb' | 'en') => {
    const nb = locale === 'nb';
    return [
      nb
        ? `${view.supplierName} har svart på bestillingen din.`
        : `${view.supplierName} has answered your order.`,
      '',
      ...answerLines(view, locale),
      '',
      `${nb ? 'Sum eks. mva.' : 'Total ex VAT'}: ${nok(view.totalCost, locale)}`,
      ...(view.deliveryDate ? [`${nb ? 'Leveringsdato' : 'Delivery date'}: ${view.deliveryDate}`] : []),
      '',
      nb ? 'Se bestillingene dine:' : 'See your orders:',
      link,
    ];
  };
  return {
    to,
    subject: `${view.supplierName} har svart på bestillingen / ${view.supplierName} answered your order`,
    text: bilingual(body('nb'), body('en')),
  };
}

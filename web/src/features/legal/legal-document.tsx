import type { Locale } from '@kork/shared';
import { Container, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../i18n/i18n';
import legalEn from '../../i18n/legal/en.json';
import legalNb from '../../i18n/legal/nb.json';
import { SUPPORT_EMAIL } from '../../lib/links';
import { usePageTitle } from '../../lib/use-page-title';
import classes from './legal-document.module.css';

interface LegalSection {
  heading: string;
  paragraphs: string[];
  items?: string[];
}

interface LegalText {
  title: string;
  updated: string;
  intro: string;
  sections: LegalSection[];
  contactHeading: string;
  contactText: string;
}

interface LegalTexts {
  terms: LegalText;
  privacy: LegalText;
}

// The long texts live in their own catalogues, loaded with these pages only, so they do not weigh on the
// first page load. Typing both against one shape keeps the two languages in step.
const TEXTS: Record<Locale, LegalTexts> = { en: legalEn, nb: legalNb };

export function LegalDocument({ kind }: { kind: keyof LegalTexts }) {
  // Subscribes the page to language changes.
  useTranslation();
  const text = TEXTS[currentLocale()][kind];
  usePageTitle(text.title);

  return (
    <Container size={760} className={classes.root}>
      <article>
        <header className={classes.header}>
          <Title order={1} className={classes.title}>
            {text.title}
          </Title>
          <Text c="dimmed" size="sm">
            {text.updated}
          </Text>
          <Text size="lg" className={classes.intro}>
            {text.intro}
          </Text>
        </header>
        {text.sections.map((section) => (
          <section key={section.heading} className={classes.section}>
            <Title order={2} className={classes.heading}>
              {section.heading}
            </Title>
            {section.paragraphs.map((paragraph) => (
              <Text key={paragraph} className={classes.paragraph}>
                {paragraph}
              </Text>
            ))}
            {section.items && (
              <ul className={classes.list}>
                {section.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            )}
          </section>
        ))}
        <aside className={classes.contact}>
          <Title order={2} className={classes.heading}>
            {text.contactHeading}
          </Title>
          <Text>
            {text.contactText} <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
          </Text>
        </aside>
      </article>
    </Container>
  );
}

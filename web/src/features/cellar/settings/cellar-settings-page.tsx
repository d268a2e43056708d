import {
  type Cellar,
  CellarSettingsInput,
  CURRENCIES,
  type CurrencyCode,
  defaultVats,
  LIMITS,
  type MainCategory,
  VAT_STYLES,
} from '@kork/shared';
import {
  ActionIcon,
  AspectRatio,
  Box,
  Button,
  Checkbox,
  Fieldset,
  Group,
  Image,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ImagePicker } from '../../../components/image-picker';
import { NumberField } from '../../../components/number-field';
import { currentLocale } from '../../../i18n/i18n';
import { apiFieldErrors, errorMessage, schemaValidator } from '../../../lib/form-schema';
import { imageSources } from '../../../lib/image-url';
import { notify } from '../../../lib/notify';
import { numberText, schemaNumber } from '../../../lib/number-text';
import { QueryProvider } from '../../../lib/query-client';
import { useSession } from '../../../lib/session';
import { usePageTitle } from '../../../lib/use-page-title';
import { deleteCellarImage, uploadCellarImage } from '../api/cellar-images';
import { cellarSettingsQuery } from '../api/cellar-queries';
import { CategoriesManager } from '../categories/categories-manager';
import { useBusinessCellar } from '../cellar-menu';
import { updateCellar } from './api/update-cellar';
import classes from './cellar-settings-page.module.css';

export const CELLAR_SETTINGS_PATH = '/wine-cellar/settings';

/** The till (POS) of a business cellar: its code loads only for a business, with its section. */
const PosSection = lazy(() => import('../../pos/pos-section'));

/** The form: numbers are the text typed (components/number-field.tsx), read in the page's language. */
interface CellarSettingsValues {
  baseCurrency: string;
  defaultGlassSize: string;
  vats: Record<MainCategory, string>;
  countTenths: boolean;
}

/** The cellar's VAT for every style; a style the cellar has no rate for yet has the Norwegian default. */
function vatsOf(cellar: Cellar): Record<MainCategory, number> {
  return { ...defaultVats(), ...cellar.vats };
}

function valuesOf(cellar: Cellar): CellarSettingsValues {
  const locale = currentLocale();
  const vats = vatsOf(cellar);
  return {
    baseCurrency: cellar.baseCurrency,
    defaultGlassSize: numberText(cellar.defaultGlassSize, locale),
    vats: Object.fromEntries(
      Object.entries(vats).map(([style, vat]) => [style, numberText(vat, locale)]),
    ) as Record<MainCategory, string>,
    countTenths: cellar.countTenths,
  };
}

/**
 * A field's number as typed: an empty field is `null`, which the schema turns down as "Required", and text
 * that is no number NaN ("Must be a number"). "-10" stays −10, for the schema's "Must be between 0 and 100".
 */
function numberOf(value: string): number | null {
  return schemaNumber(value, currentLocale());
}

/** A field's number when it is one the schema may accept, else `null`. */
function validNumberOf(value: string): number | null {
  const number = numberOf(value);
  return number === null || Number.isNaN(number) ? null : number;
}

/** Every field as the schema reads it, so each one is checked, not only the changed ones. */
function toSchemaInput(values: CellarSettingsValues): unknown {
  return {
    baseCurrency: values.baseCurrency,
    defaultGlassSize: numberOf(values.defaultGlassSize),
    vats: Object.fromEntries(VAT_STYLES.map((style) => [style, numberOf(values.vats[style])])),
  };
}

/** Only what differs from the saved cellar: the body of the PATCH. */
function changesOf(values: CellarSettingsValues, cellar: Cellar): CellarSettingsInput {
  const changes: CellarSettingsInput = {};
  if (values.baseCurrency !== cellar.baseCurrency) {
    changes.baseCurrency = values.baseCurrency as CurrencyCode;
  }
  const glass = validNumberOf(values.defaultGlassSize);
  if (glass !== null && glass !== cellar.defaultGlassSize) changes.defaultGlassSize = glass;
  const saved = vatsOf(cellar);
  const vats: Partial<Record<MainCategory, number>> = {};
  for (const style of VAT_STYLES) {
    const vat = validNumberOf(values.vats[style]);
    if (vat !== null && vat !== saved[style]) vats[style] = vat;
  }
  if (Object.keys(vats).length > 0) changes.vats = vats;
  if (values.countTenths !== cellar.countTenths) changes.countTenths = values.countTenths;
  return changes;
}

/** True when a field differs from the saved cellar, an emptied field included. */
function hasChanges(values: CellarSettingsValues, cellar: Cellar): boolean {
  const saved = vatsOf(cellar);
  return (
    values.baseCurrency !== cellar.baseCurrency ||
    numberOf(values.defaultGlassSize) !== cellar.defaultGlassSize ||
    values.countTenths !== cellar.countTenths ||
    VAT_STYLES.some((style) => numberOf(values.vats[style]) !== saved[style])
  );
}

const validate = schemaValidator(CellarSettingsInput, toSchemaInput);

/**
 * The cellar's settings (SPEC §3 Cellar): the base currency, the default glass size and the VAT per wine
 * style, checked with the API's own CellarSettingsInput and saved together; only changed fields are sent.
 */
export function CellarSettingsPage() {
  const { t } = useTranslation();
  usePageTitle(t('cellarSettings.title'));
  const session = useSession();
  const business = useBusinessCellar() === true;

  return (
    <div className={classes.page}>
      <header className={classes.intro}>
        <Title order={1} className={classes.title}>
          {t('cellarSettings.title')}
        </Title>
        <Text size="lg" className={classes.lead}>
          {t('cellarSettings.intro')}
        </Text>
      </header>
      {session.status === 'loading' && <SettingsSkeleton />}
      {session.status === 'anonymous' && (
        <Text>
          {t('cellarSettings.signedOut')}{' '}
          <Link to={`/sign-in?redirect=${encodeURIComponent(CELLAR_SETTINGS_PATH)}`}>
            {t('cellarSettings.signIn')}
          </Link>
        </Text>
      )}
      {session.status === 'authenticated' && (
        // Keyed by the person so a different sign-in never sees someone else's cellar.
        <QueryProvider>
          <CellarSettings key={session.user.id} userId={session.user.id} />
        </QueryProvider>
      )}
      {session.status === 'authenticated' && (
        // Categories have their own route, so they load and fail independently of the settings form.
        <CategoriesManager key={`categories-${session.user.id}`} userId={session.user.id} />
      )}
      {session.status === 'authenticated' && business && (
        <Suspense fallback={<Skeleton height={220} radius="lg" />}>
          <PosSection key={`pos-${session.user.id}`} userId={session.user.id} />
        </Suspense>
      )}
    </div>
  );
}

/** Fetches the person's cellar, then shows its form; a failed fetch can be tried again. */
function CellarSettings({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const query = useQuery(cellarSettingsQuery(userId));
  const cellar = query.data;

  // What a save answers is the cellar as it now is.
  const onSaved = useCallback(
    (saved: Cellar) => client.setQueryData(cellarSettingsQuery(userId).queryKey, saved),
    [client, userId],
  );

  if ((cellar === undefined && !query.isError) || (query.isFetching && !cellar)) return <SettingsSkeleton />;
  // A cellar the answer does not hold is as good as a failed fetch.
  if (!cellar) {
    return (
      <Stack align="flex-start" gap="sm" role="alert" className={classes.problem}>
        <Text fw={600}>{t('cellarSettings.loadError')}</Text>
        <Button radius="xl" onClick={() => void query.refetch()}>
          {t('cellarSettings.retry')}
        </Button>
      </Stack>
    );
  }
  return (
    <>
      <CellarSettingsForm key={cellar.id} cellar={cellar} onSaved={onSaved} />
      <CellarImagesSection userId={userId} cellar={cellar} onChanged={onSaved} />
    </>
  );
}

function SettingsSkeleton() {
  return (
    <Stack gap="md" aria-busy="true" className={classes.skeleton}>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <Skeleton height={58} radius="md" />
        <Skeleton height={58} radius="md" />
      </SimpleGrid>
      <Skeleton height={220} radius="lg" />
    </Stack>
  );
}

function CellarSettingsForm({ cellar, onSaved }: { cellar: Cellar; onSaved: (cellar: Cellar) => void }) {
  const { t } = useTranslation();
  const form = useForm<CellarSettingsValues>({
    mode: 'controlled',
    initialValues: valuesOf(cellar),
    validate,
    // The message shows beside the field as it is typed, and the save waits until none is left.
    validateInputOnChange: true,
    validateInputOnBlur: true,
  });
  const changed = hasChanges(form.values, cellar);
  const invalid = Object.keys(validate(form.values)).length > 0;

  const submit = form.onSubmit(async (values) => {
    const changes = changesOf(values, cellar);
    if (Object.keys(changes).length === 0) return;
    try {
      const saved = await updateCellar(cellar.id, changes);
      form.setInitialValues(valuesOf(saved));
      form.setValues(valuesOf(saved));
      onSaved(saved);
      notify.success(t('cellarSettings.saved'));
    } catch (error) {
      form.setErrors(apiFieldErrors(error));
      notify.error(errorMessage(error));
    }
  });

  const currencyOptions = CURRENCIES.map((c) => ({
    value: c.code,
    label: t('currency.option', { code: c.code, symbol: c.symbol }),
  }));
  const currencyField = form.getInputProps('baseCurrency');

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xl">
        <section className={classes.section}>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <Select
              {...currencyField}
              label={t('cellarSettings.baseCurrency')}
              description={t('cellarSettings.baseCurrencyHint')}
              data={currencyOptions}
              searchable
              allowDeselect={false}
              nothingFoundMessage={t('account.fields.nothingFound')}
              value={(currencyField.value as string) || null}
              onChange={(value) => currencyField.onChange(value ?? '')}
            />
            <NumberField
              label={t('cellarSettings.defaultGlassSize')}
              description={t('cellarSettings.defaultGlassSizeHint', { max: LIMITS.glassSizeMaxCl })}
              suffix="cl"
              decimals={1}
              required
              {...form.getInputProps('defaultGlassSize')}
            />
          </SimpleGrid>
          <Checkbox
            mt="md"
            label={t('cellarSettings.countTenths')}
            description={t('cellarSettings.countTenthsHint')}
            {...form.getInputProps('countTenths', { type: 'checkbox' })}
          />
        </section>

        <Fieldset legend={t('cellarSettings.vatLegend')} radius="lg" className={classes.section}>
          <Text size="sm" c="dimmed" mb="md">
            {t('cellarSettings.vatHint')}
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
            {VAT_STYLES.map((style) => (
              <NumberField
                key={style}
                label={t(`wine.categories.${style}`)}
                suffix="%"
                decimals={2}
                required
                {...form.getInputProps(`vats.${style}`)}
              />
            ))}
          </SimpleGrid>
        </Fieldset>

        <Group justify="flex-end">
          <Button
            type="submit"
            radius="xl"
            loading={form.submitting}
            disabled={!changed || invalid || form.submitting}
          >
            {t('cellarSettings.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

const CELLAR_IMAGE_WIDTH = 240;

interface CellarImagesSectionProps {
  userId: string;
  cellar: Cellar;
  /** Both routes answer the whole cellar, which replaces the one shown. */
  onChanged: (cellar: Cellar) => void;
}

/**
 * Photos of the cellar. A chosen picture is uploaded at once (the picker has already checked the upload
 * rule: images only, at most 50 MB); each image can be removed on its own.
 */
function CellarImagesSection({ userId, cellar, onChanged }: CellarImagesSectionProps) {
  const { t } = useTranslation();
  const [uploading, setUploading] = useState<File | null>(null);
  const [removing, setRemoving] = useState<string>();

  async function upload(file: File | null) {
    if (!file) return;
    setUploading(file);
    try {
      onChanged(await uploadCellarImage(userId, cellar.id, file));
      notify.success(t('cellarReview.images.added'));
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setUploading(null);
    }
  }

  async function remove(image: string) {
    setRemoving(image);
    try {
      onChanged(await deleteCellarImage(userId, cellar.id, image));
      notify.success(t('cellarReview.images.removed'));
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setRemoving(undefined);
    }
  }

  return (
    <section className={classes.section} aria-labelledby="cellar-images-heading">
      <Title order={2} size="h4" id="cellar-images-heading" mb={4}>
        {t('cellarReview.images.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('cellarReview.images.intro')}
      </Text>
      {cellar.images.length === 0 ? (
        <Text size="sm" mb="md">
          {t('cellarReview.images.empty')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 2, xs: 3, md: 4 }} spacing="sm" mb="md">
          {cellar.images.map((image, index) => (
            <Box component="figure" key={image} pos="relative" m={0}>
              <AspectRatio ratio={4 / 3}>
                <Image
                  {...imageSources(image, CELLAR_IMAGE_WIDTH)}
                  alt={t('cellarReview.images.image', { number: index + 1 })}
                  loading="lazy"
                  radius="md"
                  fit="cover"
                />
              </AspectRatio>
              <ActionIcon
                variant="filled"
                color="dark"
                radius="xl"
                pos="absolute"
                top={6}
                right={6}
                aria-label={t('cellarReview.images.remove', { number: index + 1 })}
                loading={removing === image}
                disabled={removing !== undefined}
                onClick={() => void remove(image)}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Box>
          ))}
        </SimpleGrid>
      )}
      <ImagePicker
        label={t('cellarReview.images.add')}
        shape="cover"
        file={uploading}
        busy={uploading !== null}
        removable={false}
        onChange={(file) => void upload(file)}
      />
    </section>
  );
}

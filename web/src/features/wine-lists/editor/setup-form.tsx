import {
  LOCALES,
  type Locale,
  ORIENTATIONS,
  PAPER_SIZES,
  SORT_DIRECTIONS,
  WINE_LIST_FONTS,
  WINE_LIST_LIMITS,
  WINE_LIST_SORT_FIELDS,
  type WineListDetail,
} from '@kork/shared';
import {
  Button,
  Fieldset,
  Group,
  Radio,
  SegmentedControl,
  type SegmentedControlProps,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImagePicker } from '../../../components/image-picker';
import { NumberField } from '../../../components/number-field';
import { currentLocale } from '../../../i18n/i18n';
import { errorMessage } from '../../../lib/form-schema';
import { imageUrl } from '../../../lib/image-url';
import { notify } from '../../../lib/notify';
import { useWineListLogo } from '../api/wine-lists';
import { fontStack, loadAllWineListFonts } from '../preview/fonts';
import { type LayoutFormValues, paperText } from './layout-form';
import classes from './list-editor.module.css';

interface SetupFormProps {
  userId: string;
  detail: WineListDetail;
  values: LayoutFormValues;
  onChange: (update: (values: LayoutFormValues) => LayoutFormValues, field: string) => void;
  errors: Record<string, string>;
}

/** The page setup: paper, margins, font, header, what prints, sorting, the staff note and low stock. */
export function SetupForm({ userId, detail, values, onChange, errors }: SetupFormProps) {
  const { t } = useTranslation();
  const locale = currentLocale();
  useEffect(() => {
    void loadAllWineListFonts();
  }, []);

  const set = <K extends keyof LayoutFormValues>(key: K, value: LayoutFormValues[K]) =>
    onChange((current) => ({ ...current, [key]: value }), key);
  const setMargin = (side: keyof LayoutFormValues['margins'], text: string) =>
    onChange((current) => ({ ...current, margins: { ...current.margins, [side]: text } }), `margins.${side}`);
  const setHeader = (key: keyof LayoutFormValues['header'], value: string | boolean) =>
    onChange((current) => ({ ...current, header: { ...current.header, [key]: value } }), `header.${key}`);

  return (
    <Stack gap="lg">
      <Fieldset legend={t('wineListEditor.setup.paper')} variant="unstyled" className={classes.fieldset}>
        <Stack gap="sm">
          <Select
            label={t('wineListEditor.setup.paperSize')}
            data={PAPER_SIZES.map((size) => ({
              value: size,
              label: t(`wineListEditor.setup.paperSizes.${size}`),
            }))}
            value={values.paperSize}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            error={errors.paperSize}
            onChange={(value) => {
              if (!value) return;
              onChange((current) => {
                const paperSize = value as LayoutFormValues['paperSize'];
                // A custom paper starts from the size chosen before.
                if (paperSize === 'custom' && current.paperSize !== 'custom')
                  return { ...current, paperSize, ...paperText(current.paperSize, locale) };
                return { ...current, paperSize };
              }, 'paperSize');
            }}
          />
          {values.paperSize === 'custom' && (
            <SimpleGrid cols={2} spacing="sm">
              <NumberField
                label={t('wineListEditor.setup.width')}
                suffix="mm"
                decimals={1}
                min={WINE_LIST_LIMITS.pageMinMm}
                max={WINE_LIST_LIMITS.pageMaxMm}
                value={values.width}
                onChange={(text) => set('width', text)}
                error={errors.width}
              />
              <NumberField
                label={t('wineListEditor.setup.height')}
                suffix="mm"
                decimals={1}
                min={WINE_LIST_LIMITS.pageMinMm}
                max={WINE_LIST_LIMITS.pageMaxMm}
                value={values.height}
                onChange={(text) => set('height', text)}
                error={errors.height}
              />
            </SimpleGrid>
          )}
          <LabelledChoice
            label={t('wineListEditor.setup.orientation')}
            data={ORIENTATIONS.map((o) => ({
              value: o,
              label: t(`wineListEditor.setup.orientations.${o}`),
            }))}
            value={values.orientation}
            onChange={(value) => set('orientation', value as LayoutFormValues['orientation'])}
          />
          <Fieldset legend={t('wineListEditor.setup.margins')} variant="unstyled">
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
              {(['top', 'right', 'bottom', 'left'] as const).map((side) => (
                <NumberField
                  key={side}
                  label={t(`wineListEditor.setup.marginSides.${side}`)}
                  suffix="mm"
                  decimals={1}
                  description=""
                  value={values.margins[side]}
                  onChange={(text) => setMargin(side, text)}
                  error={errors[`margins.${side}`]}
                />
              ))}
            </SimpleGrid>
          </Fieldset>
        </Stack>
      </Fieldset>

      <Radio.Group
        label={t('wineListEditor.setup.font')}
        value={values.font}
        onChange={(value) => set('font', value as LayoutFormValues['font'])}
        error={errors.font}
      >
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs" mt={6}>
          {WINE_LIST_FONTS.map((font) => (
            <Radio.Card key={font} value={font} radius="md" className={classes.fontCard}>
              <Group gap="xs" wrap="nowrap">
                <Radio.Indicator />
                <span className={classes.fontSample} style={{ fontFamily: fontStack(font) }}>
                  {t(`wineListEditor.setup.fonts.${font}`)}
                </span>
              </Group>
            </Radio.Card>
          ))}
        </SimpleGrid>
      </Radio.Group>

      <Fieldset legend={t('wineListEditor.setup.header')} variant="unstyled" className={classes.fieldset}>
        <Stack gap="sm">
          <LogoField userId={userId} detail={detail} />
          <Switch
            label={t('wineListEditor.setup.headerLogo')}
            checked={values.header.logo}
            onChange={(event) => setHeader('logo', event.currentTarget.checked)}
          />
          <Switch
            label={t('wineListEditor.setup.headerName')}
            checked={values.header.name}
            onChange={(event) => setHeader('name', event.currentTarget.checked)}
          />
          <TextInput
            label={t('wineListEditor.setup.headerText')}
            placeholder={t('wineListEditor.setup.headerTextPlaceholder')}
            value={values.header.text}
            onChange={(event) => setHeader('text', event.currentTarget.value)}
            error={errors['header.text']}
          />
        </Stack>
      </Fieldset>

      <Fieldset legend={t('wineListEditor.setup.content')} variant="unstyled" className={classes.fieldset}>
        <Stack gap="sm">
          <Textarea
            label={t('wineListEditor.setup.footnote')}
            rows={3}
            value={values.footnote}
            onChange={(event) => set('footnote', event.currentTarget.value)}
            error={errors.footnote}
          />
          <Switch
            label={t('wineListEditor.setup.pageNumbers')}
            checked={values.pageNumbers}
            onChange={(event) => set('pageNumbers', event.currentTarget.checked)}
          />
          <Switch
            label={t('wineListEditor.setup.glassColumn')}
            checked={values.glassColumn}
            onChange={(event) => set('glassColumn', event.currentTarget.checked)}
          />
          <Switch
            label={t('wineListEditor.setup.qrCode')}
            description={t('wineListEditor.setup.qrCodeHint')}
            checked={values.qrCode}
            onChange={(event) => set('qrCode', event.currentTarget.checked)}
          />
          <div>
            <LabelledChoice
              label={t('wineListEditor.setup.printLanguage')}
              data={LOCALES.map((language) => ({
                value: language,
                label: t(`wineListEditor.setup.languages.${language}`),
              }))}
              value={values.language ?? locale}
              onChange={(value) => set('language', value as Locale)}
            />
            <Text size="xs" c="dimmed" mt={4}>
              {t('wineListEditor.setup.printLanguageHint')}
            </Text>
          </div>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <Select
              label={t('wineListEditor.setup.sortBy')}
              data={WINE_LIST_SORT_FIELDS.map((field) => ({
                value: field,
                label: t(`wineListEditor.setup.sortFields.${field}`),
              }))}
              value={values.sorting.by}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              onChange={(value) =>
                value &&
                onChange(
                  (current) => ({
                    ...current,
                    sorting: { ...current.sorting, by: value as LayoutFormValues['sorting']['by'] },
                  }),
                  'sorting.by',
                )
              }
              error={errors['sorting.by']}
            />
            <LabelledChoice
              label={t('wineListEditor.setup.direction')}
              data={SORT_DIRECTIONS.map((d) => ({
                value: d,
                label: t(`wineListEditor.setup.directions.${d}`),
              }))}
              value={values.sorting.direction}
              onChange={(value) =>
                onChange(
                  (current) => ({
                    ...current,
                    sorting: {
                      ...current.sorting,
                      direction: value as LayoutFormValues['sorting']['direction'],
                    },
                  }),
                  'sorting.direction',
                )
              }
            />
          </SimpleGrid>
        </Stack>
      </Fieldset>

      <Fieldset legend={t('wineListEditor.setup.staff')} variant="unstyled" className={classes.fieldset}>
        <Stack gap="sm">
          <TextInput
            label={t('wineListEditor.setup.privateNote')}
            description={t('wineListEditor.setup.privateNoteHint', { max: WINE_LIST_LIMITS.privateNoteMax })}
            value={values.privateNote}
            onChange={(event) => set('privateNote', event.currentTarget.value)}
            error={errors.privateNote}
          />
          <NumberField
            label={t('wineListEditor.setup.lowStock')}
            description={t('wineListEditor.setup.lowStockHint')}
            decimals={0}
            suffix={t('wineListEditor.setup.bottlesUnit')}
            value={values.lowStockThreshold}
            onChange={(text) => set('lowStockThreshold', text)}
            error={errors.lowStockThreshold}
          />
        </Stack>
      </Fieldset>
    </Stack>
  );
}

/** The list's logo: uploaded as soon as it is chosen, removed on request. */
function LogoField({ userId, detail }: { userId: string; detail: WineListDetail }) {
  const { t } = useTranslation();
  const { upload, remove } = useWineListLogo(userId, detail.id);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string>();
  return (
    <Stack gap={4}>
      <ImagePicker
        label={t('wineListEditor.setup.logo')}
        shape="logo"
        file={file}
        currentSrc={detail.logoUrl ? imageUrl(detail.logoUrl, 160) : undefined}
        busy={upload.isPending}
        removable={false}
        error={error}
        onChange={(chosen) => {
          setError(undefined);
          setFile(chosen);
          if (!chosen) return;
          upload.mutate(chosen, {
            onSuccess: () => {
              setFile(null);
              notify.success(t('wineListEditor.setup.logoSaved'));
            },
            onError: (failure) => {
              setFile(null);
              setError(errorMessage(failure));
            },
          });
        }}
      />
      {detail.logoUrl && (
        <Button
          variant="subtle"
          color="gray"
          size="xs"
          radius="xl"
          className={classes.selfStart}
          leftSection={<IconTrash size={14} aria-hidden />}
          loading={remove.isPending}
          onClick={() =>
            remove.mutate(undefined, {
              onSuccess: () => notify.success(t('wineListEditor.setup.logoRemoved')),
              onError: (failure) => notify.error(errorMessage(failure)),
            })
          }
        >
          {t('wineListEditor.setup.removeLogo')}
        </Button>
      )}
    </Stack>
  );
}

/** A segmented choice with a visible label above it, the label naming it for screen readers. */
function LabelledChoice({
  label,
  ...control
}: { label: string } & Pick<SegmentedControlProps, 'data' | 'value' | 'onChange'>) {
  const labelId = useId();
  return (
    <div>
      <Text size="sm" fw={500} id={labelId} mb={4}>
        {label}
      </Text>
      <SegmentedControl aria-labelledby={labelId} fullWidth {...control} />
    </div>
  );
}

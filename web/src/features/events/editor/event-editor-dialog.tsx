import type { WineEvent } from '@kork/shared';
import { Alert, Button, Group, Modal, Stepper, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { apiFieldErrors, errorMessage, translateMessage } from '../../../lib/form-schema';
import { notify } from '../../../lib/notify';
import { createEvent, eventKeys, getEvent, updateEvent, uploadEventCover } from '../api/events';
import { DraftListsStep } from './draft-lists';
import classes from './event-editor.module.css';
import { AboutFields, type CoverState, MoreFields, WhenFields } from './event-fields';
import {
  type DraftList,
  draftListsOf,
  type EventFormValues,
  eventErrors,
  eventFormValues,
  eventUpdate,
  parsedEvent,
  STEPS,
  scheduleError,
  stepOfField,
} from './event-form';

export interface EventEditorDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The event to edit; none creates a new one. */
  event?: WineEvent;
  /** Called with the saved event (after the §8 toast). */
  onSaved?: (event: WineEvent) => void;
}

/**
 * Create or edit an event in four steps (SPEC §2): about; date, time and location; wine lists;
 * additional info. Closing the dialog clears the lists being built: the form is mounted only while the
 * dialog is open, so it starts again empty (or from the event as saved).
 */
export function EventEditorDialog({ opened, onClose, event, onSaved }: EventEditorDialogProps) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={event ? t('eventEditor.editTitle') : t('eventEditor.createTitle')}
      fullScreen={phone}
      size="xl"
      closeButtonProps={{ 'aria-label': t('eventEditor.close') }}
    >
      {opened && <EditorBody event={event} onClose={onClose} onSaved={onSaved} />}
    </Modal>
  );
}

const SCHEDULE = ['startDate', 'startTime', 'endDate', 'endTime'] as const;

function EditorBody({
  event,
  onClose,
  onSaved,
}: {
  event: WineEvent | undefined;
  onClose: () => void;
  onSaved: ((event: WineEvent) => void) | undefined;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [saved, setSaved] = useState(event);
  const [active, setActive] = useState(0);
  const [lists, setLists] = useState<DraftList[]>(() => draftListsOf(event));
  const [listsChecked, setListsChecked] = useState(false);
  const [serverListErrors, setServerListErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string>();
  const [cover, setCover] = useState<CoverState>({
    file: null,
    url: event?.coverUrl,
    busy: false,
    error: undefined,
  });

  const form = useForm<EventFormValues>({
    initialValues: eventFormValues(event),
    validateInputOnBlur: true,
    validateInputOnChange: true,
    validate: (values) => eventErrors(values, lists),
    // The end-after-start rule is checked as any of the four is typed: a message it gave goes once met.
    onValuesChange: (now, before) => {
      if (!SCHEDULE.some((field) => now[field] !== before[field])) return;
      if (form.errors.endTime === translateMessage('eventEndsBeforeStart') && !scheduleError(now))
        form.clearFieldError('endTime');
    },
  });
  const values = form.getValues();
  const endError = scheduleError(values);

  const stepTitles = STEPS.map((step) => t(`eventEditor.steps.${step}`));
  const listErrors = {
    ...serverListErrors,
    ...(listsChecked ? eventErrors(values, lists, ['lists']) : {}),
  };

  const refresh = () => client.invalidateQueries({ queryKey: eventKeys.all });
  const create = useMutation({ mutationFn: createEvent, onSuccess: refresh });
  const update = useMutation({
    mutationFn: (input: Parameters<typeof updateEvent>[1]) => updateEvent(saved?.id as string, input),
    onSuccess: refresh,
  });
  const upload = useMutation({ mutationFn: uploadEventCover });
  const saving = create.isPending || update.isPending;

  const focusHeading = useCallback((node: HTMLHeadingElement | null) => {
    node?.focus({ preventScroll: false });
  }, []);

  /** The errors of one step; the schedule's rule is part of the second. */
  const stepErrors = (index: number) => {
    const step = STEPS[index] ?? 'about';
    const errors = eventErrors(form.getValues(), lists, [step]);
    if (step === 'when' && !errors.endTime && endError) errors.endTime = endError;
    return errors;
  };

  const showErrors = (errors: Record<string, string>) => {
    const fields: Record<string, string> = {};
    const listFields: Record<string, string> = {};
    for (const [path, text] of Object.entries(errors)) {
      if (path.startsWith('wineLists')) listFields[path] = text;
      else fields[path] = text;
    }
    form.setErrors(fields);
    setServerListErrors(listFields);
  };

  const next = () => {
    const errors = stepErrors(active);
    if (STEPS[active] === 'lists') setListsChecked(true);
    if (Object.keys(errors).length > 0) {
      form.setErrors({ ...form.errors, ...errors });
      return;
    }
    setActive(active + 1);
  };

  const save = async () => {
    setListsChecked(true);
    for (let index = 0; index < STEPS.length; index += 1) {
      const errors = stepErrors(index);
      if (Object.keys(errors).length > 0) {
        form.setErrors({ ...form.errors, ...errors });
        setActive(index);
        return;
      }
    }
    const input = parsedEvent(form.getValues(), lists);
    if (!input || saving || cover.busy) return;
    setFailure(undefined);
    try {
      const result = saved
        ? await update.mutateAsync(eventUpdate(input, saved.version))
        : await create.mutateAsync(input);
      notify.success(t(saved ? 'wineEvents.toasts.eventUpdated' : 'wineEvents.toasts.eventCreated'));
      onSaved?.(result);
      onClose();
    } catch (error) {
      if (saved && error instanceof ApiError && error.status === 409) {
        await reload(saved.id);
        return;
      }
      const fields = apiFieldErrors(error);
      showErrors(fields);
      const steps = Object.keys(fields)
        .map(stepOfField)
        .filter((step) => step >= 0);
      if (steps.length > 0) setActive(Math.min(...steps));
      setFailure(errorMessage(error));
    }
  };

  /** Someone else saved the event first: it is read again and shown as it is now. */
  const reload = async (eventId: string) => {
    void refresh();
    try {
      const fresh = await getEvent(eventId);
      setSaved(fresh);
      form.setValues(eventFormValues(fresh));
      form.resetDirty(eventFormValues(fresh));
      form.clearErrors();
      setLists(draftListsOf(fresh));
      setCover({ file: null, url: fresh.coverUrl, busy: false, error: undefined });
      setFailure(t('eventEditor.conflict'));
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };

  const changeCover = async (file: File | null) => {
    if (!file) {
      setCover({ file: null, url: undefined, busy: false, error: undefined });
      form.setFieldValue('coverPhoto', null);
      return;
    }
    setCover((current) => ({ ...current, file, busy: true, error: undefined }));
    try {
      const uploaded = await upload.mutateAsync(file);
      form.setFieldValue('coverPhoto', uploaded.coverPhoto);
      setCover({ file, url: uploaded.coverUrl, busy: false, error: undefined });
    } catch (error) {
      setCover((current) => ({ ...current, file: null, busy: false, error: errorMessage(error) }));
    }
  };

  const steps = [
    <AboutFields
      key="about"
      form={form}
      cover={cover}
      onCoverChange={(file) => void changeCover(file)}
      onCoverRemove={() => void changeCover(null)}
    />,
    <WhenFields key="when" form={form} endError={endError} />,
    <DraftListsStep key="lists" lists={lists} setLists={setLists} errors={listErrors} />,
    <MoreFields key="more" form={form} />,
  ];
  const last = active === STEPS.length - 1;

  return (
    <>
      <Stepper
        active={active}
        onStepClick={(step) => step < active && setActive(step)}
        allowNextStepsSelect={false}
        wrap={false}
        size="sm"
        iconSize={30}
        classNames={{
          root: classes.stepper,
          steps: classes.steps,
          stepBody: classes.stepBody,
          content: classes.content,
        }}
      >
        {stepTitles.map((title, index) => (
          <Stepper.Step
            key={title}
            label={title}
            aria-label={t('eventEditor.stepButton', { number: index + 1, title })}
            allowStepSelect={index < active}
          />
        ))}
      </Stepper>
      <Title
        order={2}
        size="h4"
        key={active}
        ref={focusHeading}
        tabIndex={-1}
        className={classes.stepTitle}
        mb="sm"
      >
        {t('eventEditor.stepHeading', {
          number: active + 1,
          total: STEPS.length,
          title: stepTitles[active],
        })}
      </Title>
      <form
        noValidate
        onSubmit={(submitted) => {
          submitted.preventDefault();
          if (last) void save();
          else next();
        }}
      >
        {steps[active]}
        {failure && (
          <Alert color="red.9" variant="outline" mt="md" role="alert">
            <Text size="sm">{failure}</Text>
          </Alert>
        )}
        <Group justify="space-between" mt="lg" className={classes.footer} wrap="nowrap">
          {active > 0 ? (
            <Button
              variant="default"
              radius="xl"
              leftSection={<IconArrowLeft size={16} aria-hidden />}
              onClick={() => setActive(active - 1)}
            >
              {t('eventEditor.back')}
            </Button>
          ) : (
            <Button variant="subtle" color="gray.8" radius="xl" onClick={onClose}>
              {t('eventEditor.cancel')}
            </Button>
          )}
          {last ? (
            <Button type="submit" radius="xl" loading={saving} disabled={cover.busy}>
              {saved ? t('eventEditor.saveChanges') : t('eventEditor.create')}
            </Button>
          ) : (
            <Button type="submit" radius="xl" rightSection={<IconArrowRight size={16} aria-hidden />}>
              {t('eventEditor.next')}
            </Button>
          )}
        </Group>
      </form>
    </>
  );
}

import { defaultCurrencyFor } from '@kork/shared';
import { Button, Divider, Group, Stack, Stepper, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { getCurrency } from '../../lib/currency';
import { apiFieldErrors, errorMessage } from '../../lib/form-schema';
import { notify } from '../../lib/notify';
import { signUp } from './api/sign-up';
import { signUpWithProvider } from './api/sign-up-social';
import { AuthFrame } from './components/auth-frame';
import { AuthModeSwitch } from './components/auth-mode-switch';
import { BasicInfoStep } from './components/registration/basic-info-step';
import { CheckEmailStep } from './components/registration/check-email-step';
import { ProfileStep } from './components/registration/profile-step';
import { SocialSignUpNotice } from './components/registration/social-sign-up-notice';
import { UserTypeStep } from './components/registration/user-type-step';
import { SocialSignInButtons } from './components/social-sign-in-buttons';
import { withAuthParams } from './redirect';
import {
  emptyRegistration,
  FORM_STEPS,
  firstStepOf,
  formErrors,
  NO_IMAGES,
  type RegistrationImages,
  type RegistrationValues,
  type SocialSignUp,
  signUpFormData,
  stepErrors,
  withTastingLocation,
} from './registration-form';
import classes from './registration-page.module.css';
import {
  credentialProfile,
  heldCredential,
  holdCredentialForSignUp,
  type SocialCredential,
} from './social-sign-in';
import { useCompleteLogin } from './use-complete-login';

/** A provider's credential as the registration form uses it, with the names it carries. */
function socialSignUpOf(credential: SocialCredential) {
  const profile = credentialProfile(credential);
  const social: SocialSignUp = {
    provider: credential.provider,
    token: credential.provider === 'google' ? credential.idToken : credential.identityToken,
    email: profile.email,
  };
  return { social, profile };
}

const DONE = FORM_STEPS.length;

/**
 * Registration in steps (SPEC §2): basic info, account type, the profile of that type, then "check your
 * email". One form holds every value, so going back and forth keeps what was typed; each step is
 * checked with the shared schema before the next one opens. With Google or Apple the provider gives
 * the address (no password, no mail to confirm): the account is created and the person signed in.
 */
export function RegistrationPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const completeLogin = useCompleteLogin();
  const [active, setActive] = useState(0);
  // A Google or Apple sign-in that found no account on the sign-in screen continues here.
  const [held] = useState(() => {
    const credential = heldCredential();
    return credential ? socialSignUpOf(credential) : undefined;
  });
  const [social, setSocial] = useState<SocialSignUp | undefined>(held?.social);
  const [images, setImages] = useState<RegistrationImages>(NO_IMAGES);
  const [registeredEmail, setRegisteredEmail] = useState<string>();
  const [submitting, setSubmitting] = useState(false);
  const moved = useRef(false);
  // The currency follows the country (NOK in Norway) until the person picks one (SPEC §9: EUR only
  // when the country is unknown).
  const shownCurrency = useRef(getCurrency());
  /** The currency the country gave; another one in the field was picked by the person. */
  const countryCurrency = useRef<string>(shownCurrency.current);
  const currencyPicked = useRef(false);
  const form = useForm<RegistrationValues>({
    mode: 'controlled',
    initialValues: {
      ...emptyRegistration(shownCurrency.current),
      firstName: held?.profile.givenName ?? '',
      lastName: held?.profile.familyName ?? '',
    },
    onValuesChange: (values, previous) => {
      if (values.viewCurrency !== previous.viewCurrency && values.viewCurrency !== countryCurrency.current)
        currencyPicked.current = true;
    },
  });
  const { country, viewCurrency } = form.values;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new country sets the currency
  useEffect(() => {
    if (currencyPicked.current) return;
    const next = country ? defaultCurrencyFor(country) : shownCurrency.current;
    countryCurrency.current = next;
    if (next !== viewCurrency) form.setFieldValue('viewCurrency', next);
  }, [country]);

  // A new step is announced by moving focus to its heading (remounted per step, see `key`); not on the
  // first render, where the page title is what a screen reader should read first.
  const focusHeading = useCallback((heading: HTMLHeadingElement | null) => {
    if (heading && moved.current) heading.focus();
  }, []);

  function goTo(step: number) {
    moved.current = true;
    setActive(step);
  }

  /** Google or Apple answered for someone without an account: sign up with it, names filled in. */
  function beginSocial(credential: SocialCredential) {
    const { social: next, profile } = socialSignUpOf(credential);
    setSocial(next);
    if (!form.values.firstName && profile.givenName) form.setFieldValue('firstName', profile.givenName);
    if (!form.values.lastName && profile.familyName) form.setFieldValue('lastName', profile.familyName);
    form.clearErrors();
  }

  function leaveSocial() {
    holdCredentialForSignUp(undefined);
    setSocial(undefined);
  }

  function next() {
    const step = FORM_STEPS[active];
    if (!step) return;
    const errors = stepErrors(step, form.values, social);
    form.setErrors(errors);
    if (Object.keys(errors).length === 0) goTo(active + 1);
  }

  async function submit() {
    const { errors, step } = formErrors(form.values, social);
    if (step) {
      form.setErrors(errors);
      goTo(FORM_STEPS.indexOf(step));
      return;
    }
    setSubmitting(true);
    try {
      if (social) {
        const result = await signUpWithProvider(social.provider, signUpFormData(form.values, images, social));
        holdCredentialForSignUp(undefined);
        completeLogin(result, t('auth.registration.socialCreated'));
        return;
      }
      const answer = await signUp(signUpFormData(form.values, images));
      setRegisteredEmail(answer.email);
      notify.success(t('auth.registration.created'));
      goTo(DONE);
    } catch (error) {
      const fields = apiFieldErrors(error);
      // A field failed on the server (or a conflict): show it where it was typed. A taken address is
      // not an error here: the API answers as for a new one and mails the address's owner.
      if (error instanceof ApiError && error.code === 'CONFLICT') fields.email = error.message;
      form.setErrors(fields);
      const step = firstStepOf(Object.keys(fields), form.values.userType, social);
      if (step) goTo(FORM_STEPS.indexOf(step));
      notify.error(errorMessage(error));
    } finally {
      setSubmitting(false);
    }
  }

  const stepTitles = [
    t('auth.registration.steps.basic'),
    t('auth.registration.steps.type'),
    withTastingLocation(form.values.userType)
      ? t('auth.registration.steps.business')
      : t('auth.registration.steps.profile'),
    // With Google or Apple the address needs no confirming: the account signs in when created.
    ...(social ? [] : [t('auth.registration.steps.verify')]),
  ];
  const done = active === DONE;
  const stepBody = [
    <Stack key="basic" gap="lg">
      {social ? (
        <SocialSignUpNotice provider={social.provider} email={social.email} onLeave={leaveSocial} />
      ) : (
        <>
          <SocialSignInButtons onNotRegistered={beginSocial} />
          <Divider label={t('auth.social.or')} labelPosition="center" />
        </>
      )}
      <BasicInfoStep form={form} social={Boolean(social)} />
    </Stack>,
    <UserTypeStep key="type" form={form} />,
    <ProfileStep
      key="profile"
      form={form}
      images={images}
      onImage={(field, file) => setImages((current) => ({ ...current, [field]: file }))}
    />,
    registeredEmail ? <CheckEmailStep key="done" email={registeredEmail} /> : null,
  ];

  return (
    <AuthFrame
      wide
      title={t('auth.registration.title')}
      description={t('auth.registration.description')}
      footer={
        <Text size="sm">
          {t('auth.registration.haveAccount')}{' '}
          <Link to={withAuthParams('/sign-in', search)}>{t('auth.registration.signIn')}</Link>
        </Text>
      }
    >
      {!done && <AuthModeSwitch mode="registration" />}
      <Stepper
        active={active}
        onStepClick={(step) => goTo(step)}
        allowNextStepsSelect={false}
        wrap={false}
        size="sm"
        iconSize={32}
        mt="sm"
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
            // On a phone the labels are hidden: the step's button keeps its name for screen readers.
            aria-label={title}
            // Once the account exists, the earlier steps are history: they cannot be opened again.
            allowStepSelect={!done && index < active}
          />
        ))}
      </Stepper>
      <section className={classes.step} aria-labelledby="registration-step-title">
        <Title
          order={2}
          size="h3"
          id="registration-step-title"
          key={active}
          ref={focusHeading}
          tabIndex={-1}
          className={classes.stepTitle}
        >
          {t('auth.registration.stepHeading', {
            number: active + 1,
            total: stepTitles.length,
            title: stepTitles[active],
          })}
        </Title>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (active < FORM_STEPS.length - 1) next();
            else void submit();
          }}
        >
          {stepBody[active]}
          {!done && (
            <Group justify="space-between" mt="xl">
              {active > 0 ? (
                <Button
                  variant="default"
                  radius="xl"
                  leftSection={<IconArrowLeft size={16} aria-hidden />}
                  onClick={() => goTo(active - 1)}
                >
                  {t('auth.registration.back')}
                </Button>
              ) : (
                <span />
              )}
              {active < FORM_STEPS.length - 1 ? (
                <Button type="submit" radius="xl" rightSection={<IconArrowRight size={16} aria-hidden />}>
                  {t('auth.registration.next')}
                </Button>
              ) : (
                <Button type="submit" radius="xl" loading={submitting}>
                  {t('auth.registration.submit')}
                </Button>
              )}
            </Group>
          )}
        </form>
      </section>
    </AuthFrame>
  );
}

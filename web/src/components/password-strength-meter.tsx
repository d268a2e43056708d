import { PASSWORD_STRENGTHS, type PasswordStrength, passwordStrength } from '@kork/shared';
import { useTranslation } from 'react-i18next';
import classes from './password-strength-meter.module.css';

/** i18n key of each level: the shared names contain a space ("very strong"). */
const LABEL_KEYS = {
  weak: 'password.strength.weak',
  medium: 'password.strength.medium',
  strong: 'password.strength.strong',
  'very strong': 'password.strength.veryStrong',
} as const satisfies Record<PasswordStrength, string>;

interface PasswordStrengthMeterProps {
  password: string;
  /** Ties the meter to its password field for screen readers (`aria-describedby` on the field). */
  id?: string;
}

/**
 * The four strength levels of SPEC §5 (weak, medium, strong, very strong) as bars, colour and words: the
 * colour alone would leave out people who cannot tell the colours apart. The words sit in a polite live
 * region, so a screen reader says the new level while the person types. The level itself is the shared
 * rule, the same one the API would apply.
 */
export function PasswordStrengthMeter({ password, id }: PasswordStrengthMeterProps) {
  const { t } = useTranslation();
  const strength = password ? passwordStrength(password) : undefined;
  const filled = strength ? PASSWORD_STRENGTHS.indexOf(strength) + 1 : 0;

  return (
    <div className={classes.meter} data-strength={strength} id={id}>
      <div className={classes.bars} aria-hidden="true">
        {PASSWORD_STRENGTHS.map((level, index) => (
          <span key={level} className={classes.bar} data-filled={index < filled || undefined} />
        ))}
      </div>
      <p className={classes.label} aria-live="polite">
        {strength
          ? t('password.strength.label', { level: t(LABEL_KEYS[strength]) })
          : t('password.strength.empty')}
      </p>
    </div>
  );
}

import type { User } from '@kork/shared';
import { imageSources } from '../lib/image-url';
import classes from './user-avatar.module.css';

function initials(user: Pick<User, 'firstName' | 'lastName' | 'email'>): string {
  const letters = `${user.firstName.trim().charAt(0)}${user.lastName.trim().charAt(0)}`;
  return (letters || user.email.charAt(0)).toUpperCase();
}

interface UserAvatarProps {
  user: Pick<User, 'firstName' | 'lastName' | 'email' | 'profileImage'>;
  size?: number;
}

/**
 * A person's picture through the image service, or their initials. Decorative: wherever it appears,
 * the person's name is said next to it or in the control's label.
 */
export function UserAvatar({ user, size = 36 }: UserAvatarProps) {
  return (
    <span
      className={classes.avatar}
      style={{ width: size, height: size, fontSize: size * 0.4 }}
      aria-hidden="true"
    >
      {user.profileImage ? (
        <img
          {...imageSources(user.profileImage, size)}
          alt=""
          width={size}
          height={size}
          className={classes.image}
        />
      ) : (
        initials(user)
      )}
    </span>
  );
}

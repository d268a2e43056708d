import { hasTastingLocation, type User } from '@kork/shared';
import { SimpleGrid, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImagePicker } from '../../../components/image-picker';
import { errorMessage } from '../../../lib/form-schema';
import { imageUrl } from '../../../lib/image-url';
import { notify } from '../../../lib/notify';
import { updateViewer } from '../../../lib/session';
import { type UserImageField, uploadUserImage } from '../api/upload-user-image';
import classes from './settings-section.module.css';

const PREVIEW_WIDTH = 256;

/**
 * The profile picture and, for businesses with a tasting location, its logo and cover image. A chosen
 * picture is uploaded at once: there is nothing else to fill in, so a separate save would only be a
 * step to forget.
 */
export function PicturesSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const [uploading, setUploading] = useState<{ field: UserImageField; file: File }>();

  async function upload(field: UserImageField, file: File | null) {
    if (!file) return;
    setUploading({ field, file });
    try {
      updateViewer(await uploadUserImage(user.id, field, file));
      notify.success(t('profile.pictureSaved'));
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setUploading(undefined);
    }
  }

  const picker = (field: UserImageField, label: string, shape: 'round' | 'logo' | 'cover') => {
    const current = user[field];
    return (
      <ImagePicker
        label={label}
        shape={shape}
        file={uploading?.field === field ? uploading.file : null}
        currentSrc={current ? imageUrl(current, PREVIEW_WIDTH) : undefined}
        busy={uploading?.field === field}
        removable={false}
        onChange={(file) => void upload(field, file)}
      />
    );
  };

  return (
    <section className={classes.section} aria-labelledby="profile-pictures">
      <Title order={2} size="h3" id="profile-pictures" className={classes.heading}>
        {t('profile.sections.pictures')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: hasTastingLocation(user.userType) ? 3 : 1 }} spacing="lg">
        {picker('profileImage', t('account.fields.profileImage'), 'round')}
        {hasTastingLocation(user.userType) && picker('tastingLocationLogo', t('account.fields.logo'), 'logo')}
        {hasTastingLocation(user.userType) &&
          picker('tastingLocationImage', t('account.fields.coverImage'), 'cover')}
      </SimpleGrid>
    </section>
  );
}

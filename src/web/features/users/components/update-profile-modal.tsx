import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { toast } from 'react-toastify';
import {
  profileUpdateSchema,
  type ProfileUpdate,
  type User,
} from '../../../../shared/schemas/user.schema.ts';
import { TextField } from '../../../components/ui/form-field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import type { SignedInAccount } from '../../../lib/auth-provider.tsx';
import { useUpdateProfile } from '../api/update-profile.ts';
import { t, translate } from '../../../lib/i18n.ts';
import { BusyButton } from '../../../components/ui/busy-button.tsx';

interface UpdateProfileModalProps {
  open: boolean;
  onClose: () => void;
  account: SignedInAccount | null;
  profile: User | null;
}

// The links are text inputs with a URL keyboard, not type="url": `facebook.com/me` is a fine
// answer (the shared schema puts https:// in front) and the browser should not mark it invalid.
// Labels are keys, read at render: the page's words (Bengali ones too) arrive after this module.
const fields = [
  { name: 'phone', label: 'phone', type: 'tel', inputMode: 'tel', autoComplete: 'tel' },
  {
    name: 'address',
    label: 'address',
    type: 'text',
    inputMode: 'text',
    autoComplete: 'street-address',
  },
  { name: 'linkedIn', label: 'linkedInLink', type: 'text', inputMode: 'url', autoComplete: 'url' },
  { name: 'facebook', label: 'facebookLink', type: 'text', inputMode: 'url', autoComplete: 'url' },
] as const;

type ProfileForm = z.input<typeof profileUpdateSchema>;

/** The form's values for a stored profile (empty boxes before it has loaded). */
const profileValues = (profile: User | null): ProfileForm => ({
  phone: profile?.phone ?? '',
  address: profile?.address ?? '',
  linkedIn: profile?.linkedIn ?? '',
  facebook: profile?.facebook ?? '',
});

/**
 * The profile edit form of spec section 2: name and email read-only from the account;
 * phone, address, LinkedIn and Facebook editable, none required (section 5), checked with the
 * server's own profile schema (links get https:// in front; only http(s) links pass).
 * 'Profile Updated' on success; the cached userData is refetched.
 */
export function UpdateProfileModal({ open, onClose, account, profile }: UpdateProfileModalProps) {
  const update = useUpdateProfile();
  const [error, setError] = useState<string | null>(null);
  const firstEditable = useRef<HTMLInputElement | null>(null);
  const id = useId();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ProfileForm, unknown, ProfileUpdate>({
    resolver: zodResolver(profileUpdateSchema),
    defaultValues: profileValues(profile),
  });

  // The form is filled while the dialog is closed (when the profile loads or changes, and after
  // each close), never as it opens: react-hook-form puts a reset's values into the boxes a
  // moment later, and a reset made on opening once wiped the first fields a quick typist filled.
  useEffect(() => {
    if (!open) reset(profileValues(profile));
  }, [open, profile, reset]);
  // The first editable field, not the read-only name, takes the focus.
  const focusFirstField = useCallback(() => firstEditable.current?.focus(), []);

  const onSubmit = (values: ProfileUpdate) => {
    setError(null);
    const userId = profile?._id ?? account?.id;
    if (!account || !userId) {
      setError(t.noUserLoggedIn);
      return;
    }
    update.mutate(
      { id: userId, fields: values },
      {
        onSuccess: () => {
          toast.success(t.profileUpdated);
          onClose();
        },
        onError: (caught) => setError(translate(caught.message)),
      },
    );
  };

  return (
    <Modal
      open={open}
      onOpen={focusFirstField}
      onClose={() => {
        setError(null);
        onClose();
      }}
      labelledBy="update-profile-title"
    >
      <h3 id="update-profile-title" className="mb-4 text-lg font-bold">
        {t.updateProfile}
      </h3>
      <form className="flex flex-col gap-3" onSubmit={handleSubmit(onSubmit)} noValidate>
        <TextField id={`${id}-name`} label={t.name} value={account?.displayName ?? ''} readOnly />
        <TextField id={`${id}-email`} label={t.email} type="email" value={account?.email ?? ''} readOnly />
        {fields.map((field, index) => {
          const registered = register(field.name);
          return (
            <TextField
              key={field.name}
              id={`${id}-${field.name}`}
              label={t[field.label]}
              error={errors[field.name]?.message}
              type={field.type}
              inputMode={field.inputMode}
              autoComplete={field.autoComplete}
              {...registered}
              ref={(element) => {
                registered.ref(element);
                if (index === 0) firstEditable.current = element;
              }}
            />
          );
        })}
        {error && (
          <p role="alert" className="text-sm font-medium text-error">
            {t.errorLine(error)}
          </p>
        )}
        <div className="modal-action">
          <button type="button" className="btn" onClick={onClose} disabled={update.isPending}>
            {t.cancel}
          </button>
          <BusyButton busy={update.isPending}>{t.submit}</BusyButton>
        </div>
      </form>
    </Modal>
  );
}

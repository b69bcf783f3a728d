import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { toast } from 'react-toastify';
import {
  profileUpdateSchema,
  type ProfileUpdate,
  type User,
} from '../../../../shared/schemas/user.schema.ts';
import { describedBy, FormField } from '../../../components/ui/form-field.tsx';
import type { SignedInAccount } from '../../../lib/auth-provider.tsx';
import { useUpdateProfile } from '../api/update-profile.ts';
import { t } from '../../../lib/i18n.ts';

interface UpdateProfileModalProps {
  open: boolean;
  onClose: () => void;
  account: SignedInAccount | null;
  profile: User | null;
}

// The links are text inputs with a URL keyboard, not type="url": `facebook.com/me` is a fine
// answer (the shared schema puts https:// in front) and the browser should not mark it invalid.
const fields = [
  { name: 'phone', label: t.phone, type: 'tel', inputMode: 'tel', autoComplete: 'tel' },
  {
    name: 'address',
    label: t.address,
    type: 'text',
    inputMode: 'text',
    autoComplete: 'street-address',
  },
  { name: 'linkedIn', label: t.linkedInLink, type: 'text', inputMode: 'url', autoComplete: 'url' },
  { name: 'facebook', label: t.facebookLink, type: 'text', inputMode: 'url', autoComplete: 'url' },
] as const;

type ProfileForm = z.input<typeof profileUpdateSchema>;

/**
 * The profile edit form of spec section 2: name and email read-only from the account;
 * phone, address, LinkedIn and Facebook editable, none required (section 5), checked with the
 * server's own profile schema (links get https:// in front; only http(s) links pass).
 * 'Profile Updated' on success; the cached userData is refetched.
 */
export function UpdateProfileModal({ open, onClose, account, profile }: UpdateProfileModalProps) {
  const dialog = useRef<HTMLDialogElement>(null);
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
    defaultValues: { phone: '', address: '', linkedIn: '', facebook: '' },
  });

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      reset({
        phone: profile?.phone ?? '',
        address: profile?.address ?? '',
        linkedIn: profile?.linkedIn ?? '',
        facebook: profile?.facebook ?? '',
      });
      element.showModal();
      // The first editable field, not the read-only name, takes the focus.
      firstEditable.current?.focus();
    }
    if (!open && element.open) element.close();
  }, [open, profile, reset]);

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
        onError: (caught) => setError(caught.message),
      },
    );
  };

  return (
    <dialog
      ref={dialog}
      className="modal modal-bottom sm:modal-middle"
      onClose={() => {
        setError(null);
        onClose();
      }}
      aria-labelledby="update-profile-title"
    >
      <div className="modal-box">
        <h3 id="update-profile-title" className="mb-4 text-lg font-bold">
          {t.updateProfile}
        </h3>
        <form className="flex flex-col gap-3" onSubmit={handleSubmit(onSubmit)} noValidate>
          <FormField id={`${id}-name`} label={t.name}>
            <input
              id={`${id}-name`}
              className="input w-full bg-base-200"
              value={account?.displayName ?? ''}
              readOnly
            />
          </FormField>
          <FormField id={`${id}-email`} label={t.email}>
            <input
              id={`${id}-email`}
              className="input w-full bg-base-200"
              type="email"
              value={account?.email ?? ''}
              readOnly
            />
          </FormField>
          {fields.map((field, index) => {
            const registered = register(field.name);
            const fieldId = `${id}-${field.name}`;
            const fieldError = errors[field.name]?.message;
            return (
              <FormField key={field.name} id={fieldId} label={field.label} error={fieldError}>
                <input
                  id={fieldId}
                  className={`input w-full ${fieldError ? 'input-error' : ''}`}
                  type={field.type}
                  inputMode={field.inputMode}
                  autoComplete={field.autoComplete}
                  aria-invalid={fieldError ? true : undefined}
                  aria-describedby={describedBy(fieldId, fieldError)}
                  {...registered}
                  ref={(element) => {
                    registered.ref(element);
                    if (index === 0) firstEditable.current = element;
                  }}
                />
              </FormField>
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
            <button type="submit" className="btn btn-primary" disabled={update.isPending}>
              {update.isPending && (
                <span className="loading loading-spinner loading-sm" aria-label={t.saving} />
              )}
              {t.submit}
            </button>
          </div>
        </form>
      </div>
      <form method="dialog" className="modal-backdrop">
        <button type="submit" aria-label={t.close}>
          close
        </button>
      </form>
    </dialog>
  );
}

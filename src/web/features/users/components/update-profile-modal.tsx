import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { messages } from '../../../../shared/messages.ts';
import type { ProfileUpdate, User } from '../../../../shared/schemas/user.schema.ts';
import type { SignedInAccount } from '../../../lib/auth-provider.tsx';
import { useUpdateProfile } from '../api/update-profile.ts';

interface UpdateProfileModalProps {
  open: boolean;
  onClose: () => void;
  account: SignedInAccount | null;
  profile: User | null;
}

// The links are text inputs with a URL keyboard, not type="url": `facebook.com/me` is a fine
// answer (the shared schema puts https:// in front) and the browser should not mark it invalid.
const fields = [
  { name: 'phone', label: 'Phone', type: 'tel', inputMode: 'tel', autoComplete: 'tel' },
  { name: 'address', label: 'Address', type: 'text', inputMode: 'text', autoComplete: 'street-address' },
  { name: 'linkedIn', label: 'LinkedIn profile link', type: 'text', inputMode: 'url', autoComplete: 'url' },
  { name: 'facebook', label: 'Facebook profile link', type: 'text', inputMode: 'url', autoComplete: 'url' },
] as const;

/**
 * The profile edit form of spec section 2: name and email read-only from the account;
 * phone, address, LinkedIn and Facebook editable, none required (section 5).
 * 'Profile Updated' on success; the cached userData is refetched.
 */
export function UpdateProfileModal({ open, onClose, account, profile }: UpdateProfileModalProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const update = useUpdateProfile();
  const [error, setError] = useState<string | null>(null);
  const firstEditable = useRef<HTMLInputElement | null>(null);
  const { register, handleSubmit, reset } = useForm<Required<ProfileUpdate>>({
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

  const onSubmit = (values: Required<ProfileUpdate>) => {
    setError(null);
    const id = profile?._id ?? account?.id;
    if (!account || !id) {
      setError(messages.noUserLoggedIn);
      return;
    }
    update.mutate(
      { id, fields: values },
      {
        onSuccess: () => {
          toast.success(messages.profileUpdated);
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
          Update Profile
        </h3>
        <form className="flex flex-col gap-3" onSubmit={handleSubmit(onSubmit)} noValidate>
          <label className="flex flex-col gap-1">
            <span className="text-sm font-medium">Name</span>
            <input className="input w-full bg-base-200" value={account?.displayName ?? ''} readOnly />
          </label>
          <label className="flex flex-col gap-1">
            <span className="text-sm font-medium">Email</span>
            <input className="input w-full bg-base-200" type="email" value={account?.email ?? ''} readOnly />
          </label>
          {fields.map((field, index) => {
            const registered = register(field.name);
            return (
              <label key={field.name} className="flex flex-col gap-1">
                <span className="text-sm font-medium">{field.label}</span>
                <input
                  className="input w-full"
                  type={field.type}
                  inputMode={field.inputMode}
                  autoComplete={field.autoComplete}
                  {...registered}
                  ref={(element) => {
                    registered.ref(element);
                    if (index === 0) firstEditable.current = element;
                  }}
                />
              </label>
            );
          })}
          {error && (
            <p role="alert" className="text-sm font-medium text-error">
              {messages.errorLine(error)}
            </p>
          )}
          <div className="modal-action">
            <button type="button" className="btn" onClick={onClose} disabled={update.isPending}>
              Cancel
            </button>
            <button type="submit" className="btn btn-primary" disabled={update.isPending}>
              {update.isPending && (
                <span className="loading loading-spinner loading-sm" aria-label="Saving" />
              )}
              Submit
            </button>
          </div>
        </form>
      </div>
      <form method="dialog" className="modal-backdrop">
        <button type="submit" aria-label="Close">
          close
        </button>
      </form>
    </dialog>
  );
}

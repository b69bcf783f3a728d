import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { avatarToShow } from '../../../../shared/avatar.ts';
import { t } from '../../../lib/i18n.ts';
import { FullPageSpinner } from '../../../components/ui/spinner.tsx';
import { useAuth } from '../../../lib/auth-provider.tsx';
import { profileQueryOptions } from '../api/get-profile.ts';
import { UpdateProfileModal } from '../components/update-profile-modal.tsx';
import { DashboardPage } from '../../../components/ui/dashboard-page.tsx';
import { FacebookIcon, LinkedInIcon } from '../../../components/ui/icons.tsx';

/** My Profile (spec section 2), the dashboard's index page. */
export default function ProfilePage() {
  const { account } = useAuth();
  const email = account?.email ?? '';
  const profile = useQuery({ ...profileQueryOptions(email), enabled: !!email });
  const [editing, setEditing] = useState(false);

  if (profile.isPending) return <FullPageSpinner label={t.loadingProfile} />;
  if (profile.isError) {
    return (
      <div role="alert" className="alert alert-error alert-soft">
        <span>{t.couldNotLoadProfile(profile.error.message)}</span>
        <button type="button" className="btn btn-sm" onClick={() => void profile.refetch()}>
          {t.tryAgain}
        </button>
      </div>
    );
  }

  const data = profile.data;
  const name = data?.name || account?.displayName || '';
  const avatar = avatarToShow(data?.avatar || account?.photoURL, globalThis.location?.origin);
  const orNA = (value: string | undefined) => value || t.notAvailable;

  return (
    <DashboardPage title={t.myProfile} className="max-w-3xl">
      <div className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body gap-6 sm:flex-row sm:items-start">
          <img
            src={avatar}
            alt={t.yourAvatar(name)}
            width={112}
            height={112}
            className="h-28 w-28 shrink-0 self-center rounded-full bg-base-200 object-cover ring-2 ring-primary/30 sm:self-start"
          />
          <div className="min-w-0 flex-1">
            <dl className="grid grid-cols-[6.5rem_minmax(0,1fr)] gap-x-4 gap-y-2">
              <dt className="font-medium text-base-content/70">{t.name}</dt>
              <dd className="break-words">{name}</dd>
              <dt className="font-medium text-base-content/70">{t.email}</dt>
              <dd className="break-all">{account?.email}</dd>
              <dt className="font-medium text-base-content/70">{t.phone}</dt>
              <dd className="break-words">{orNA(data?.phone)}</dd>
              <dt className="font-medium text-base-content/70">{t.address}</dt>
              <dd className="break-words">{orNA(data?.address)}</dd>
            </dl>
            <h3 className="mt-5 mb-2 font-semibold">{t.socialMediaLinks}</h3>
            {data?.facebook || data?.linkedIn ? (
              <div className="flex gap-2">
                {data.facebook && (
                  <a
                    href={data.facebook}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="btn btn-ghost btn-square text-[#1877F2]"
                    aria-label={t.facebookProfile}
                  >
                    <FacebookIcon size={26} />
                  </a>
                )}
                {data.linkedIn && (
                  <a
                    href={data.linkedIn}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="btn btn-ghost btn-square text-[#0A66C2]"
                    aria-label={t.linkedInProfile}
                  >
                    <LinkedInIcon size={26} />
                  </a>
                )}
              </div>
            ) : (
              <p className="text-base-content/70">{t.addSocialLink}</p>
            )}
            <div className="card-actions mt-6">
              <button type="button" className="btn btn-primary" onClick={() => setEditing(true)}>
                {t.updateProfile}
              </button>
            </div>
          </div>
        </div>
      </div>
      <UpdateProfileModal
        open={editing}
        onClose={() => setEditing(false)}
        account={account}
        profile={data ?? null}
      />
    </DashboardPage>
  );
}
